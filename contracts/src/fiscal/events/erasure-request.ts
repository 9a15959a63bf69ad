import { z } from '../../platform/zod-it';

/** Events of `erasurerequest-<patientId>`: the patient's request to erase their personal data. */

/**
 * on `erasurerequest-<patientId>`: the patient asked for the erasure of their personal data (GDPR art. 17), having been
 * told what stays and why (FISCAL_RETENTION_STATEMENT: fiscal documents, under a separate key, for the legal period);
 * the administrator carries it out (/storico, erase). Once per patient.
 */
export const ErasureRequested = z.object({ patientId: z.string(), requestedAt: z.string() });

/** this stream's events, for the catalogue (./index.ts) */
export const ErasureRequestEventSchemas = { ErasureRequested } as const;
