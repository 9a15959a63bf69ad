import { z } from '../platform/zod-it';
import { FreeSlot } from './booking';

/** "Prenota il controllo": the same visit type this many weeks after the visit */
export const FOLLOW_UP_WEEKS = [2, 3, 4] as const;

/** GET /api/bookings/:id/follow-up?weeks= */
export const FollowUpQuery = z.object({
  weeks: z.coerce
    .number({ error: 'Settimane non valide: 2, 3 o 4' })
    .refine((w) => (FOLLOW_UP_WEEKS as readonly number[]).includes(w), { message: 'Settimane non valide: 2, 3 o 4' }),
});

/** the day of the follow-up, its visit type (if the visit had one) and the start times where it fits */
export const FollowUpSlots = z.object({
  day: z.string(),
  visitType: z.object({ id: z.string(), name: z.string(), minutes: z.number() }).nullable(),
  slots: z.array(FreeSlot),
});
export type FollowUpSlots = z.infer<typeof FollowUpSlots>;

/** POST /api/bookings/:id/follow-up: one of the offered start times */
export const FollowUpRequest = z.object({
  availability_id: z.string({ error: 'Scegli un orario' }).min(1, 'Scegli un orario'),
});
