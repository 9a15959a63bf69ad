import type { Role, Sealed } from '@studio/contracts';
import { DEFAULT_WORKING_HOURS } from '@studio/contracts';
import type { ProjectionDefinition } from '../projection';

/** accounts: what login and role checks need; personal fields stay sealed */
export interface UserDoc {
  id: string;
  role: Role;
  emailHash: string;
  passwordHash: string;
  personal: Sealed;
  startHour: number;
  endHour: number;
}

export const usersProjection: ProjectionDefinition<UserDoc> = {
  name: 'users',
  version: 1,
  streamPrefixes: ['user-'],
  eventTypes: ['UserRegistered', 'WorkingHoursSet'],
  documentId: (event) => (event.data as { userId?: string; doctorId?: string }).userId ?? event.data.doctorId ?? null,
  evolve(doc, event) {
    switch (event.type) {
      case 'UserRegistered': {
        const d = event.data as { userId: string; role: Role; emailHash: string; passwordHash: string; personal: Sealed };
        return {
          id: d.userId,
          role: d.role,
          emailHash: d.emailHash,
          passwordHash: d.passwordHash,
          personal: d.personal,
          startHour: DEFAULT_WORKING_HOURS.startHour,
          endHour: DEFAULT_WORKING_HOURS.endHour,
        };
      }
      case 'WorkingHoursSet':
        return doc && { ...doc, startHour: event.data.startHour, endHour: event.data.endHour };
      default:
        return doc;
    }
  },
  indexes: {
    role: { type: 'text', value: (d) => d.role },
    email_hash: { type: 'text', value: (d) => d.emailHash },
  },
};
