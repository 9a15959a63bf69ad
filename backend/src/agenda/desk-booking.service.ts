import { Injectable } from '@nestjs/common';
import { type EventMetadata, type HoldResponse, type SessionUser } from '@studio/contracts';
import { BookingService } from '../booking';
import { NotFoundError } from '../common/errors';
import { UsersService, isActive, rolesOf } from '../users';

/**
 * "Prenota per un paziente" (issue 28): the front desk, on the phone with a patient, holds a free start for them.
 * It is the patient's own hold (BookingService.hold, as on /prenota and as "Prenota il controllo"): same notice,
 * horizon, "solo prima visita", working hours and one winner per doctor-day; then the desk takes the payment
 * ("Pagamento allo studio", which confirms it) or the patient pays online from /home before the hold expires.
 * Like a patient's new hold on /prenota, it replaces a hold the patient already had.
 */
@Injectable()
export class DeskBookingService {
  constructor(
    private readonly bookings: BookingService,
    private readonly users: UsersService,
  ) {}

  async hold(patientId: string, doctorId: string, availabilityId: string, metadata: EventMetadata, visitTypeId?: string): Promise<HoldResponse> {
    const doc = await this.users.get(patientId);
    if (!doc || !rolesOf(doc).includes('patient') || !isActive(doc)) throw new NotFoundError('Paziente non trovato.', 'paziente_non_trovato');
    const patient: SessionUser = { id: patientId, role: 'patient', name: '' };
    // the hold answers once the read models have it (BookingService.hold reads its own writes)
    return this.bookings.hold(patient, doctorId, availabilityId, metadata, visitTypeId);
  }
}
