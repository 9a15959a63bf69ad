import { z } from 'zod';

/** The event catalogue. The stored type string is the key, never a class name. */

export const SlotOpened = z.object({ doctorId: z.string(), slotId: z.string(), start: z.string(), end: z.string() });
export const SlotClosed = z.object({ doctorId: z.string(), slotId: z.string(), start: z.string(), end: z.string() });

/** Personal fields travel sealed with the subject's key (AES-256-GCM); see backend/src/personal-data. */
export const Sealed = z.object({ keyId: z.string(), iv: z.string(), tag: z.string(), data: z.string() });
export type Sealed = z.infer<typeof Sealed>;

export const Role = z.enum(['patient', 'doctor', 'admin', 'auditor']);
export type Role = z.infer<typeof Role>;

export const UserRegistered = z.object({
  userId: z.string(),
  role: Role,
  /** keyed hash of the lower-cased email: lets login find the account without the email in clear */
  emailHash: z.string(),
  passwordHash: z.string(),
  /** {name, surname, email} sealed with the user's key */
  personal: Sealed,
});
export const WorkingHoursSet = z.object({ doctorId: z.string(), startHour: z.number().int(), endHour: z.number().int() });

export const EventSchemas = {
  SlotOpened,
  SlotClosed,
  UserRegistered,
  WorkingHoursSet,
} as const;

export type EventType = keyof typeof EventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof EventSchemas)[T]>;
export type DomainEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];

export const STREAM_PREFIX = {
  availability: 'availability-',
  user: 'user-',
} as const;

export function userStreamName(userId: string): string {
  return `user-${userId}`;
}
