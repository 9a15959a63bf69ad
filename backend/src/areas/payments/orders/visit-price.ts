import type { ReadModelReader } from '@studio/projections';
import { productsReadModel } from '../catalog';
import { earlierVisitExists, type BookingDoc } from '../../scheduling/booking';
import { visitTypesReadModel } from '../../scheduling/visit-types';

/**
 * What a visit costs at the desk (rules/charge.ts deskAmountRefusal), the amount the desk starts from: its visit type's
 * price as booked; for a booking without a type, the cheapest active catalogue product the patient could have paid
 * online for it (no visit type's product, and a check-up product only after an earlier visit with the doctor, as
 * orders.service's followUpRefusal says); null when nothing prices it.
 */
export async function deskVisitPriceCents(
  readModels: ReadModelReader,
  booking: Pick<BookingDoc, 'visit' | 'patientId' | 'doctorId' | 'start'>,
): Promise<number | null> {
  if (booking.visit) return booking.visit.priceCents;
  const products = (await productsReadModel.find(readModels, { active: 1 })).map((d) => d.doc).sort((a, b) => a.priceCents - b.priceCents);
  let returning: boolean | undefined;
  for (const product of products) {
    if (product.followUpOnly) {
      returning ??= await earlierVisitExists(readModels, booking.patientId, booking.doctorId, booking.start);
      if (!returning) continue;
    }
    const [type] = await visitTypesReadModel.find(readModels, { product_id: product.id }, { limit: 1 });
    if (!type) return product.priceCents;
  }
  return null;
}
