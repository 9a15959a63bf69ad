import { usersProjection } from './users.projection';
import { foldDocuments as fold, recorded } from '../../../testing/evolve-fixtures';

const event = recorded;

describe('users projection', () => {
  const personal = { keyId: 'u1', iv: 'i', tag: 't', data: 'd' };
  it('registers with the default working hours, then follows changes', () => {
    const docs = fold(usersProjection, [
      event('user-u1', 'UserRegistered', { userId: 'u1', role: 'doctor', emailHash: 'h', passwordHash: 'p', personal }),
      event('user-u1', 'WorkingHoursSet', { doctorId: 'u1', startHour: 10, endHour: 14 }),
    ]);
    expect(docs.get('u1')).toEqual({
      id: 'u1',
      role: 'doctor',
      roles: ['doctor'],
      status: 'active',
      invitationExpiresAt: null,
      emailHash: 'h',
      passwordHash: 'p',
      personal,
      startHour: 10,
      endHour: 14,
    });
  });
  it('follows an invited account: no password until accepted, roles, deactivation, a new password', () => {
    const u = (type: string, data: object) => event('user-u2', type, { userId: 'u2', ...data });
    const invited = u('StaffInvited', {
      invitationId: 'i',
      roles: ['admin', 'doctor'],
      emailHash: 'h',
      personal,
      expiresAt: '2030-03-07T10:00:00.000Z',
      invitedBy: 'a',
    });
    expect(fold(usersProjection, [invited]).get('u2')).toMatchObject({ role: 'doctor', roles: ['admin', 'doctor'], status: 'invited', passwordHash: '' });
    const accepted = u('InvitationAccepted', { invitationId: 'i', passwordHash: 'p2', at: '2030-03-05T10:00:00.000Z' });
    expect(fold(usersProjection, [invited, accepted]).get('u2')).toMatchObject({ status: 'active', passwordHash: 'p2', invitationExpiresAt: null });
    const later = [
      u('StaffRolesChanged', { roles: ['admin'], changedBy: 'a' }),
      u('AccountDeactivated', { by: 'a', at: '2030-03-05T11:00:00.000Z' }),
      u('PasswordChanged', { passwordHash: 'p3', resetId: null, at: '2030-03-05T12:00:00.000Z' }),
    ];
    expect(fold(usersProjection, [invited, accepted, ...later]).get('u2')).toMatchObject({
      role: 'admin',
      roles: ['admin'],
      status: 'deactivated',
      passwordHash: 'p3',
    });
    const back = u('AccountReactivated', { by: 'a', at: '2030-03-05T13:00:00.000Z' });
    expect(fold(usersProjection, [invited, accepted, ...later, back]).get('u2')).toMatchObject({ status: 'active' });
  });
  it('ignores hours for an account it never saw', () => {
    expect(fold(usersProjection, [event('user-u9', 'WorkingHoursSet', { doctorId: 'u9', startHour: 10, endHour: 14 })]).get('u9')).toBeNull();
  });
});
