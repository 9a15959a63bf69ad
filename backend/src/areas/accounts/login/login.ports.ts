import type { EventMetadata, SessionUser } from '@studio/contracts';

/**
 * What renaming a doctor asks of the practice's settings, which use the accounts: the address of the doctor's public
 * page comes from the name until the administrator chooses one, so before the name changes the address is recorded
 * as chosen, and links to it keep working. Bound in infrastructure/feature-ports.module.ts.
 */
export abstract class DoctorAddresses {
  abstract keep(admin: SessionUser, doctorId: string, metadata: EventMetadata): Promise<void>;
}
