import type { Role } from '@studio/contracts';
import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { userDecider, type UserCommand, type UserEvent } from './user.decider';

const given = deciderSpec(userDecider);
const personal = { keyId: 'u1', iv: 'iv', tag: 'tag', data: 'cifrato' };
const register = (role: 'doctor' | 'patient' = 'doctor'): UserCommand => ({
  type: 'RegisterUser',
  userId: 'u1',
  role,
  emailHash: 'h',
  passwordHash: 'p',
  personal,
});
const registered = (role: 'doctor' | 'patient' = 'doctor'): UserEvent => ({
  type: 'UserRegistered',
  data: { userId: 'u1', role, emailHash: 'h', passwordHash: 'p', personal },
});
const setHours = (startHour: number, endHour: number): UserCommand => ({ type: 'SetWorkingHours', doctorId: 'u1', hours: { startHour, endHour } });

describe('user decider', () => {
  it('registers a new account', () => given([]).when(register()).then([registered()]));
  it('records the privacy consent with the account, in the same decision', () =>
    given([])
      .when({ ...register('patient'), consent: { version: '2026-01', at: '2030-03-04T10:00:00.000Z' } })
      .then([
        registered('patient'),
        { type: 'ConsentRecorded', data: { userId: 'u1', document: 'privacy', version: '2026-01', at: '2030-03-04T10:00:00.000Z' } },
      ]));
  it('refuses to register the same account twice', () => given([registered()]).when(register()).thenThrows('account_esistente'));
  it('sets a doctor’s working hours', () =>
    given([registered()])
      .when(setHours(9, 17))
      .then([{ type: 'WorkingHoursSet', data: { doctorId: 'u1', startHour: 9, endHour: 17 } }]));
  it('accepts the whole day', () =>
    given([registered()])
      .when(setHours(0, 24))
      .then([{ type: 'WorkingHoursSet', data: { doctorId: 'u1', startHour: 0, endHour: 24 } }]));
  it('refuses hours for an unknown account or a patient', () => {
    given([]).when(setHours(9, 17)).thenThrows('medico_non_trovato');
    given([registered('patient')])
      .when(setHours(9, 17))
      .thenThrows('medico_non_trovato');
  });
  it('refuses an end before the start, fractions and out-of-range hours', () => {
    given([registered()]).when(setHours(17, 9)).thenThrows('orario_non_valido');
    given([registered()]).when(setHours(9, 9)).thenThrows('orario_non_valido');
    given([registered()]).when(setHours(8.5, 12)).thenThrows('orario_non_valido');
    given([registered()]).when(setHours(-1, 12)).thenThrows('orario_non_valido');
    given([registered()]).when(setHours(8, 25)).thenThrows('orario_non_valido');
  });
  it('erases a patient once; a doctor or an unknown account is not a patient', () => {
    const erase = { type: 'ErasePatient' as const, patientId: 'u1', erasedBy: 'a1', erasedByRole: 'auditor' };
    const erased = { type: 'PersonalDataErased' as const, data: { userId: 'u1', erasedBy: 'a1', erasedByRole: 'auditor' } };
    given([registered('patient')])
      .when(erase)
      .then([erased]);
    given([registered('patient'), erased])
      .when(erase)
      .thenThrows('gia_cancellato');
    given([registered('doctor')])
      .when(erase)
      .thenThrows('paziente_non_trovato');
    given([]).when(erase).thenThrows('paziente_non_trovato');
  });

  describe('staff accounts', () => {
    const invite = (roles: Role[] = ['doctor']): UserCommand => ({
      type: 'InviteStaff',
      userId: 'u1',
      invitationId: 'inv1',
      roles,
      emailHash: 'h',
      personal,
      expiresAt: '2030-03-07T10:00:00.000Z',
      invitedBy: 'a1',
    });
    const invited = (roles: Role[] = ['doctor']): UserEvent => ({
      type: 'StaffInvited',
      data: { userId: 'u1', invitationId: 'inv1', roles, emailHash: 'h', personal, expiresAt: '2030-03-07T10:00:00.000Z', invitedBy: 'a1' },
    });
    const accept = (now = '2030-03-06T10:00:00.000Z', invitationId = 'inv1'): UserCommand => ({
      type: 'AcceptInvitation',
      invitationId,
      passwordHash: 'p2',
      now,
    });
    const accepted: UserEvent = {
      type: 'InvitationAccepted',
      data: { userId: 'u1', invitationId: 'inv1', passwordHash: 'p2', at: '2030-03-06T10:00:00.000Z' },
    };
    const deactivate = (otherActiveAdmins = 1): UserCommand => ({ type: 'DeactivateAccount', by: 'a1', now: '2030-03-06T11:00:00.000Z', otherActiveAdmins });
    const deactivated: UserEvent = { type: 'AccountDeactivated', data: { userId: 'u1', by: 'a1', at: '2030-03-06T11:00:00.000Z' } };
    const reactivate: UserCommand = { type: 'ReactivateAccount', by: 'a1', now: '2030-03-06T12:00:00.000Z' };
    const reactivated: UserEvent = { type: 'AccountReactivated', data: { userId: 'u1', by: 'a1', at: '2030-03-06T12:00:00.000Z' } };
    const admin: UserEvent = { type: 'UserRegistered', data: { userId: 'u1', role: 'admin', emailHash: 'h', passwordHash: 'p', personal } };

    it('invites a doctor, a segreteria or an auditor once, never a patient', () => {
      given([]).when(invite()).then([invited()]);
      given([])
        .when(invite(['admin', 'doctor']))
        .then([invited(['admin', 'doctor'])]);
      given([invited()]).when(invite()).thenThrows('account_esistente');
      given([])
        .when(invite(['patient']))
        .thenThrows('ruolo_non_valido');
      given([]).when(invite([])).thenThrows('ruolo_non_valido');
    });
    it('accepts an invitation once, before it expires, with its own id', () => {
      given([invited()]).when(accept()).then([accepted]);
      given([invited(), accepted]).when(accept()).thenThrows('invito_usato');
      given([invited()]).when(accept('2030-03-07T10:00:00.000Z')).thenThrows('invito_scaduto');
      given([invited()]).when(accept(undefined, 'altro')).thenThrows('invito_non_valido');
      given([]).when(accept()).thenThrows('invito_non_valido');
      given([registered()]).when(accept()).thenThrows('invito_non_valido');
    });
    it('refuses the invitation of an account deactivated meanwhile', () => given([invited(), deactivated]).when(accept()).thenThrows('account_disattivato'));
    it('lets an invited doctor set working hours only after accepting', () => {
      given([invited()]).when(setHours(9, 17)).thenThrows('medico_non_trovato');
      given([invited(), accepted])
        .when(setHours(9, 17))
        .then([{ type: 'WorkingHoursSet', data: { doctorId: 'u1', startHour: 9, endHour: 17 } }]);
    });
    it('deactivates and reactivates a staff account, each once', () => {
      given([registered()]).when(deactivate()).then([deactivated]);
      given([registered(), deactivated]).when(deactivate()).thenThrows('gia_disattivato');
      given([registered(), deactivated]).when(reactivate).then([reactivated]);
      given([registered()]).when(reactivate).thenThrows('gia_attivo');
      given([registered('patient')])
        .when(deactivate())
        .thenThrows('personale_non_trovato');
      given([]).when(deactivate()).thenThrows('personale_non_trovato');
    });
    it('never deactivates the last active administrator', () => {
      given([admin]).when(deactivate(0)).thenThrows('ultimo_amministratore');
      given([admin]).when(deactivate(1)).then([deactivated]);
    });
    it('changes roles, keeping at least one active administrator', () => {
      const change = (roles: Role[], otherActiveAdmins = 0): UserCommand => ({ type: 'ChangeStaffRoles', roles, changedBy: 'a1', otherActiveAdmins });
      given([admin])
        .when(change(['admin', 'doctor']))
        .then([{ type: 'StaffRolesChanged', data: { userId: 'u1', roles: ['admin', 'doctor'], changedBy: 'a1' } }]);
      given([admin])
        .when(change(['doctor']))
        .thenThrows('ultimo_amministratore');
      given([admin])
        .when(change(['doctor'], 1))
        .then([{ type: 'StaffRolesChanged', data: { userId: 'u1', roles: ['doctor'], changedBy: 'a1' } }]);
      given([admin])
        .when(change(['admin']))
        .then([]);
      given([admin])
        .when(change(['patient']))
        .thenThrows('ruolo_non_valido');
      given([registered('patient')])
        .when(change(['doctor']))
        .thenThrows('personale_non_trovato');
    });
    it('a doctor who became administrator too stays a doctor', () =>
      given([registered(), { type: 'StaffRolesChanged', data: { userId: 'u1', roles: ['admin', 'doctor'], changedBy: 'a1' } }])
        .when(setHours(8, 12))
        .then([{ type: 'WorkingHoursSet', data: { doctorId: 'u1', startHour: 8, endHour: 12 } }]));
  });

  describe('passwords', () => {
    const request = (resetId = 'r1'): UserCommand => ({ type: 'RequestPasswordReset', resetId, expiresAt: '2030-03-06T11:00:00.000Z' });
    const requested: UserEvent = { type: 'PasswordResetRequested', data: { userId: 'u1', resetId: 'r1', expiresAt: '2030-03-06T11:00:00.000Z' } };
    const reset = (now = '2030-03-06T10:30:00.000Z', resetId = 'r1'): UserCommand => ({ type: 'ResetPassword', resetId, passwordHash: 'p2', now });
    const changedByReset: UserEvent = { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'p2', resetId: 'r1', at: '2030-03-06T10:30:00.000Z' } };
    const deactivated: UserEvent = { type: 'AccountDeactivated', data: { userId: 'u1', by: 'a1', at: '2030-03-06T09:00:00.000Z' } };

    it('records a reset request for an active account, nothing for an unknown, invited or deactivated one', () => {
      given([registered('patient')])
        .when(request())
        .then([requested]);
      given([]).when(request()).then([]);
      given([registered(), deactivated]).when(request()).then([]);
    });
    it('resets the password once per link, before it expires', () => {
      given([registered('patient'), requested])
        .when(reset())
        .then([changedByReset]);
      given([registered('patient'), requested, changedByReset])
        .when(reset())
        .thenThrows('link_non_valido');
      given([registered('patient'), requested])
        .when(reset('2030-03-06T11:00:00.000Z'))
        .thenThrows('link_scaduto');
      given([registered('patient'), requested])
        .when(reset(undefined, 'r2'))
        .thenThrows('link_non_valido');
      given([]).when(reset()).thenThrows('link_non_valido');
    });
    it('a password changed since makes an older reset link worthless', () => {
      const changed: UserEvent = { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'p3', resetId: null, at: '2030-03-06T10:10:00.000Z' } };
      given([registered('patient'), requested, changed])
        .when(reset())
        .thenThrows('link_non_valido');
    });
    it('changes the password of an active account only', () => {
      const change: UserCommand = { type: 'ChangePassword', passwordHash: 'p3', now: '2030-03-06T10:10:00.000Z' };
      given([registered('patient')])
        .when(change)
        .then([{ type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'p3', resetId: null, at: '2030-03-06T10:10:00.000Z' } }]);
      given([registered(), deactivated]).when(change).thenThrows('account_disattivato');
      given([]).when(change).thenThrows('account_non_trovato');
    });
    it('changes the contact details of a live account, saying who changed which', () => {
      const sealed = { ...personal, data: 'nuovo' };
      const own = { type: 'ChangeContactDetails', personal: sealed, by: 'u1', byAdmin: false } as const;
      given([registered('patient')])
        .when({ ...own, fields: ['name', 'phone'] })
        .then([{ type: 'ContactDetailsChanged', data: { userId: 'u1', personal: sealed, by: 'u1', fields: ['name', 'phone'] } }]);
      given([registered('patient')])
        .when({ ...own, fields: [] })
        .then([]);
      given([])
        .when({ ...own, fields: ['phone'] })
        .thenThrows('account_non_trovato');
    });
    it("a doctor's name is the administrator's to change: the doctor alone changes only their phone", () => {
      const sealed = { ...personal, data: 'nuovo' };
      const own = { type: 'ChangeContactDetails', personal: sealed, by: 'u1', byAdmin: false } as const;
      given([registered('doctor')])
        .when({ ...own, fields: ['surname'] })
        .thenThrows('identita_del_medico');
      given([registered('doctor')])
        .when({ ...own, fields: ['phone'] })
        .then([{ type: 'ContactDetailsChanged', data: { userId: 'u1', personal: sealed, by: 'u1', fields: ['phone'] } }]);
      const byAdmin = { type: 'ChangeContactDetails', personal: sealed, by: 'a1', byAdmin: true, fields: ['name', 'surname'] } as const;
      given([registered('doctor')])
        .when(byAdmin)
        .then([{ type: 'ContactDetailsChanged', data: { userId: 'u1', personal: sealed, by: 'a1', fields: ['name', 'surname'] } }]);
      // the administrator renames staff only; nobody else renames anyone
      given([registered('patient')])
        .when(byAdmin)
        .thenThrows('personale_non_trovato');
      given([registered('doctor')])
        .when({ ...byAdmin, byAdmin: false })
        .thenThrows('personale_non_trovato');
    });
  });

  describe('email confirmation', () => {
    const requested: UserEvent = { type: 'EmailConfirmationRequested', data: { userId: 'u1', requestId: 'c1' } };
    const confirm = (requestId = 'c1'): UserCommand => ({ type: 'ConfirmEmail', requestId, now: '2030-03-06T10:00:00.000Z' });
    it('a self-registered patient is asked to confirm the address, in the registration’s append', () =>
      given([])
        .when({ ...register('patient'), consent: { version: '2026-01', at: '2030-03-04T10:00:00.000Z' }, emailConfirmationId: 'c1' })
        .then([
          registered('patient'),
          { type: 'ConsentRecorded', data: { userId: 'u1', document: 'privacy', version: '2026-01', at: '2030-03-04T10:00:00.000Z' } },
          requested,
        ]));
    it('confirms with a link that was sent, once; a later click records nothing', () => {
      const confirmed: UserEvent = { type: 'EmailConfirmed', data: { userId: 'u1', requestId: 'c1', at: '2030-03-06T10:00:00.000Z' } };
      given([registered('patient'), requested])
        .when(confirm())
        .then([confirmed]);
      given([registered('patient'), requested, confirmed])
        .when(confirm())
        .then([]);
      given([registered('patient'), requested])
        .when(confirm('altro'))
        .thenThrows('link_non_valido');
      given([]).when(confirm()).thenThrows('link_non_valido');
    });
    it('sends the link again only while the address is unconfirmed', () => {
      given([registered('patient'), requested])
        .when({ type: 'RequestEmailConfirmation', requestId: 'c2' })
        .then([{ type: 'EmailConfirmationRequested', data: { userId: 'u1', requestId: 'c2' } }]);
      given([registered('patient')])
        .when({ type: 'RequestEmailConfirmation', requestId: 'c2' })
        .thenThrows('email_gia_confermata');
    });
  });
});
