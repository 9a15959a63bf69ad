import { Inject, Injectable } from '@nestjs/common';
import type { OrderView, SessionUser } from '@studio/contracts';
import type { BookingDoc } from '../booking/bookings.projection';
import type { OrderDoc } from './orders.projection';
import { PERSONAL_DATA, READ_MODELS } from '../kernel/tokens';
import { type Ports } from '../kernel/ports';
import { UsersService } from '../users';

/** the orders' query side: answered from the read models alone (no stream is read per request) */
@Injectable()
export class OrdersQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: Ports['readModels'],
    @Inject(PERSONAL_DATA) private readonly personalData: Ports['personalData'],
    private readonly users: UsersService,
  ) {}

  /** GET /api/me/orders: each with the doctor of its visit (two doctors' receipts may both be "1/2030") */
  async mine(user: SessionUser): Promise<OrderView[]> {
    const docs = await this.readModels.find<OrderDoc>('orders', { patient_id: user.id });
    const names = new Map<string, Promise<string | null>>();
    const doctorOf = (bookingId: string): Promise<string | null> => {
      if (!names.has(bookingId))
        names.set(
          bookingId,
          (async () => {
            const booking = await this.readModels.get<BookingDoc>('bookings', bookingId);
            const doctor = booking ? await this.users.get(booking.doc.doctorId) : null;
            return doctor ? this.users.displayName(doctor) : null;
          })(),
        );
      return names.get(bookingId)!;
    };
    const views = await Promise.all(
      docs.map(async ({ doc }) => ({
        id: doc.id,
        productName: doc.productName,
        amountCents: doc.amountCents,
        coupon: doc.coupon,
        transaction: doc.transaction,
        createdAt: doc.createdAt,
        bookingId: doc.bookingId,
        status: doc.status ?? 'placed',
        ...(doc.failureReason ? { failureReason: doc.failureReason } : {}),
        doctorName: await doctorOf(doc.bookingId),
        // the tax code and billing address sealed in the order's OrderPlaced (the patient's own, opened for them); null once erased
        invoice: doc.invoice ? await this.personalData.open<{ taxcode: string; billing: string }>(doc.invoice) : null,
      })),
    );
    return views.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  }
}
