import type { Role, Sealed } from '@studio/contracts';
import { DEFAULT_WORKING_HOURS, STREAM_PREFIX } from '@studio/contracts';
import type { ProjectionDefinition } from '../projection';

/** accounts: what login and role checks need; personal fields stay sealed */
export interface UserDoc {
  id: string;
  role: Role;
  emailHash: string;
  passwordHash: string;
  /** null once the person was erased (right to erasure): the read model keeps no trace of it */
  personal: Sealed | null;
  erased?: boolean;
  startHour: number;
  endHour: number;
}

export const usersProjection: ProjectionDefinition<UserDoc, 'UserRegistered' | 'WorkingHoursSet' | 'PersonalDataErased'> = {
  name: 'users',
  // 2: PersonalDataErased
  version: 2,
  streamPrefixes: [STREAM_PREFIX.user],
  eventTypes: ['UserRegistered', 'WorkingHoursSet', 'PersonalDataErased'],
  documentId: (event) => (event.type === 'WorkingHoursSet' ? event.data.doctorId : event.data.userId),
  evolve(doc, event) {
    switch (event.type) {
      case 'UserRegistered': {
        const d = event.data;
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
      case 'PersonalDataErased':
        // the email's lookup hash goes too, so nobody can log in as (or be found as) the erased person
        return doc && { ...doc, personal: null, emailHash: '', passwordHash: '', erased: true };
      default:
        // a type outside eventTypes (the runner filters them; a direct fold may not)
        return doc;
    }
  },
  indexes: {
    role: { type: 'text', value: (d) => d.role },
    email_hash: { type: 'text', value: (d) => d.emailHash },
  },
};
