import { Injectable } from '@nestjs/common';
import { type EventMetadata, type HoldResponse, type SessionUser } from '@studio/contracts';
import { NotFoundError } from '../../../platform/common/errors';
import { UsersService, isActive, rolesOf } from '../../accounts/users';
import { HoldService } from '../hold/hold.service';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { bookingsReadModel } from '../booking';
import { deskVisitPriceCents } from '../../payments/orders';

/**
 * "Prenota per un paziente": the front desk, on the phone with a patient, holds a free start for them.
 * It is the patient's own hold (HoldService.hold, the hold workflow, as on /prenota and as "Prenota il controllo"): same notice,
 * horizon, "solo prima visita", working hours and one winner per doctor-day; then the desk takes the payment
 * ("Pagamento allo studio", which confirms it) or the patient pays online from /home before the hold expires.
 * Like a patient's new hold on /prenota, it replaces a hold the patient already had.
 */
@Injectable()
export class DeskBookingService {
  constructor(
    private readonly holds: HoldService,
    private readonly users: UsersService,
    private readonly kernel: KernelPorts,
  ) {}

  async hold(patientId: string, doctorId: string, availabilityId: string, metadata: EventMetadata, visitTypeId?: string): Promise<HoldResponse> {
    const doc = await this.users.get(patientId);
    if (!doc || !rolesOf(doc).includes('patient') || !isActive(doc)) throw new NotFoundError('Paziente non trovato.', 'paziente_non_trovato');
    const patient: SessionUser = { id: patientId, role: 'patient', name: '' };
    // the hold answers once the read models have it (HoldService.hold reads its own writes)
    const held = await this.holds.hold(patient, doctorId, availabilityId, metadata, visitTypeId);
    // what the desk payment starts from (a first-time patient's untyped visit: the first visit's price)
    const booking = (await bookingsReadModel.get(this.kernel.readModels, held.id))?.doc;
    const priceCents = booking ? await deskVisitPriceCents(this.kernel.readModels, booking) : null;
    return { ...held, ...(priceCents !== null ? { priceCents } : {}) };
  }
}
