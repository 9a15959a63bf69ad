import { z } from '../../platform/zod-it';

/** Events of `patienthold-<patientId>`: the patient's one current hold. */

/**
 * on `patienthold-<patientId>`: the patient's one current hold, recorded with the stream's expected
 * revision, and the hold it replaces (null when none): from this event on `replaces` is no longer held,
 * even if a crash stops the flow before the old slot is given back (the sweep finishes that).
 */
export const PatientHoldClaimed = z.object({ patientId: z.string(), bookingId: z.string(), replaces: z.string().nullable() });

/** this stream's events, for the catalogue (./index.ts) */
export const PatientHoldEventSchemas = { PatientHoldClaimed } as const;
