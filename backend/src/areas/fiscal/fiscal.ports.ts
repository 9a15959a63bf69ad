/**
 * What a receipt shows of the booking feature (it sits beside fiscal, not below it): answered through this port, bound in
 * infrastructure/feature-ports.module.ts, so fiscal imports nothing of scheduling.
 */
export abstract class VisitPlaces {
  /** "Sede nord, Viale Monza 200, Milano" where the booking's visit is at one of the practice's locations, else null */
  abstract placeOf(bookingId: string): Promise<string | null>;
}
