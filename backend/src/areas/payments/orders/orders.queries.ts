import { Injectable } from '@nestjs/common';
import type { OrderView, SessionUser } from '@studio/contracts';
import { type Ports } from '../../../platform/kernel/ports';
import { UsersService } from '../../accounts/users';
import { bookingsReadModel } from '../../scheduling/booking';
import { ordersReadModel } from './read-models';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';

/** the orders' query side: answered from the read models alone (no stream is read per request) */
@Injectable()
export class OrdersQueries {
  private readonly readModels: Ports['readModels'];

  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
  ) {
    this.readModels = kernel.readModels;
  }

  /** GET /api/me/orders: each with the doctor of its visit (two doctors' receipts may both be "1/2030") */
  async mine(user: SessionUser): Promise<OrderView[]> {
    const docs = await ordersReadModel.find(this.readModels, { patient_id: user.id });
    const names = new Map<string, Promise<string | null>>();
    const doctorOf = (bookingId: string): Promise<string | null> => {
      if (!names.has(bookingId))
        names.set(
          bookingId,
          (async () => {
            const booking = await bookingsReadModel.get(this.readModels, bookingId);
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
        invoice: doc.invoice ? await this.kernel.personalData.open<{ taxcode: string; billing: string }>(doc.invoice) : null,
      })),
    );
    return views.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  }
}
