import { z } from './zod-it';

/** a personal field sealed with its subject's key (AES-256-GCM); see backend/src/platform/personal-data */
export const Sealed = z.object({ keyId: z.string(), iv: z.string(), tag: z.string(), data: z.string() });
export type Sealed = z.infer<typeof Sealed>;
