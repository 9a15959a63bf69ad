import { Injectable } from '@nestjs/common';
import { type EventMetadata, type FollowUpSlots, type HoldResponse, type SessionUser } from '@studio/contracts';
import type { BookingDoc } from '../booking';
import { BookingService } from '../booking';
import { HoldService } from '../hold/hold.service';
import { ConflictError, ForbiddenError, ValidationError } from '../../../platform/common/errors';

/** a follow-up is booked from a visit that took place or is confirmed: not from a hold, a cancelled or a no-show visit */
const FOLLOWED_STATUSES: readonly string[] = ['confirmed', 'completed'];

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * "Prenota il controllo", from the agenda and the booking detail: the same visit type 2, 3 or 4 weeks after
 * the visit. The staff pick a free start time and the slots are HELD FOR THE PATIENT, exactly as if the patient had held
 * them on /prenota (same notice, horizon, "solo prima visita", one append on the doctor-day stream); the patient then
 * pays from /home, or the practice takes the payment at the desk from the agenda (which confirms it). Nothing here
 * confirms a booking without a payment.
 */
@Injectable()
export class FollowUpService {
  constructor(
    private readonly bookings: BookingService,
    private readonly holds: HoldService,
  ) {}

  private async visit(user: SessionUser, bookingId: string): Promise<BookingDoc> {
    const booking = await this.bookings.lookup(bookingId);
    if (user.role === 'doctor' && booking.doctorId !== user.id) throw new ForbiddenError('Puoi prenotare controlli solo per i tuoi pazienti.');
    if (user.role !== 'doctor' && user.role !== 'admin') throw new ForbiddenError();
    if (!FOLLOWED_STATUSES.includes(booking.status)) {
      throw new ConflictError('Il controllo si prenota da una visita confermata o svolta.', 'visita_non_valida_per_controllo');
    }
    return booking;
  }

  /** GET /api/bookings/:id/follow-up?weeks=: the start times where the same visit fits on that day */
  async slots(user: SessionUser, bookingId: string, weeks: number): Promise<FollowUpSlots> {
    const booking = await this.visit(user, bookingId);
    const day = addDays(booking.start.slice(0, 10), 7 * weeks);
    const type = booking.visit ?? null;
    const slots = await this.bookings.freeSlots(booking.doctorId, day, type?.visitTypeId);
    return { day, visitType: type && { id: type.visitTypeId, name: type.name, minutes: type.minutes }, slots };
  }

  /** POST /api/bookings/:id/follow-up: the visit's patient holds the chosen start, with the same visit type */
  async book(user: SessionUser, bookingId: string, availabilityId: string, metadata: EventMetadata): Promise<HoldResponse> {
    const booking = await this.visit(user, bookingId);
    if (!availabilityId.startsWith(`${booking.doctorId}~`)) throw new ValidationError('L’orario scelto non è del medico della visita.', 'slot_di_altro_medico');
    const patient: SessionUser = { id: booking.patientId, role: 'patient', name: '' };
    // the hold answers once the read models have it (HoldService.hold reads its own writes)
    return this.holds.hold(patient, booking.doctorId, availabilityId, metadata, booking.visit?.visitTypeId);
  }
}
