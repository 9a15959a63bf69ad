import { z } from '../../platform/zod-it';
import { STREAM_PREFIX } from '../../platform/streams';

/** Events of `setup-first-administrator`: the practice's first administrator, chosen once. */

/** on `setup-first-administrator`: appended by `npm run setup` with the revision it read, so of two runs on one store only one creates an account */
export const FirstAdministratorChosen = z.object({ userId: z.string() });

/** on `setup-first-administrator`: the run that chose `userId` could not create the account (its address was taken meanwhile); another run may choose */
export const FirstAdministratorAbandoned = z.object({ userId: z.string() });

export const FIRST_ADMINISTRATOR_STREAM = `${STREAM_PREFIX.setup}first-administrator`;

/** this stream's events, for the catalogue (./index.ts) */
export const FirstAdministratorEventSchemas = { FirstAdministratorChosen, FirstAdministratorAbandoned } as const;
