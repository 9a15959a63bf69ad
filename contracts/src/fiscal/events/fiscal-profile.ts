import { z } from '../../platform/zod-it';
import { Sealed } from '../../platform/sealed';

/** Events of `fiscal-<doctorId>`: the practitioner's fiscal profile. */

/** on `fiscal-<doctorId>`: the practitioner's fiscal profile, whole; a later one supersedes (documents keep their copy) */
export const FiscalProfileSet = z.object({
  doctorId: z.string(),
  title: z.string(),
  regime: z.enum(['ordinario', 'forfettario']),
  stampDutyToPatient: z.boolean(),
  /** seeded demo values, not a real practitioner's */
  demo: z.boolean(),
  /** FiscalProfilePersonal {registeredName, albo, taxcode, vatNumber, address}, sealed with the doctor's key */
  personal: Sealed,
  /** the virtual-stamp authorisation (absent on older events: none) */
  virtualStamp: z.object({ number: z.string(), date: z.string() }).nullable().optional(),
});

/** this stream's events, for the catalogue (./index.ts) */
export const FiscalProfileEventSchemas = { FiscalProfileSet } as const;
