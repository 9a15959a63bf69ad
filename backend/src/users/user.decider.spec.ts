import { deciderSpec } from '../event-store/decider-spec';
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
});
