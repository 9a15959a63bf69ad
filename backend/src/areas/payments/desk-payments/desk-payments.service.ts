import { Injectable } from '@nestjs/common';

import { type EventData, type SessionUser, type TakingsRow, type TakingsView, practiceDay, receiptsStreamName } from '@studio/contracts';
import { ForbiddenError } from '../../../platform/common/errors';

import { UsersService } from '../../accounts/users';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { fiscalDocumentsReadModel } from '../../fiscal';

export const DESK_PRODUCT_NAME = 'Prestazione sanitaria (pagamento allo studio)';

export interface DeskPaymentView {
  orderId: string;
  bookingId: string;
  method: 'cash' | 'card' | 'transfer';
  amountCents: number;
}

@Injectable()
export class DeskPaymentsService {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
  ) {}

  /**
   * The day's takings per doctor and method, from the doctors' numbering streams as the fiscal_documents read model
   * holds them: receipts paid that day (by payment time, practice time zone) count in, credit notes issued that day
   * count out. A payment whose receipt still waits for the doctor's fiscal profile is not counted yet.
   */
  async takings(user: SessionUser, day: string, doctor: string | undefined): Promise<TakingsView> {
    if (user.role === 'doctor' && doctor && doctor !== user.id) throw new ForbiddenError('Puoi vedere solo i tuoi incassi.', 'incassi_di_altri');
    const doctors =
      user.role === 'doctor'
        ? [await this.users.doctorSummary(await this.users.getDoctor(user.id))]
        : doctor
          ? [await this.users.doctorSummary(await this.users.getDoctor(doctor))]
          : await this.users.listDoctors();
    const tz = this.kernel.config.practiceTimeZone;
    const year = Number(day.slice(0, 4));
    const rows: TakingsRow[] = [];
    for (const d of doctors) {
      const byMethod = new Map<TakingsRow['method'], TakingsRow>();
      const rowOf = (method: TakingsRow['method']) => {
        if (!byMethod.has(method)) byMethod.set(method, { doctorId: d.id, doctorName: d.name, method, payments: 0, refunds: 0, netCents: 0 });
        return byMethod.get(method)!;
      };
      // a credit note of this year may refund a receipt of the year before
      const issued = (y: number) =>
        fiscalDocumentsReadModel.find(this.kernel.readModels, { stream: receiptsStreamName(d.id, y) }, { orderBy: [{ column: 'position' }] });
      const events = [...(await issued(year - 1)), ...(await issued(year))].map((found) => found.doc);
      const receipts = new Map<string, EventData<'ReceiptIssued'>>();
      for (const e of events) if (e.type === 'ReceiptIssued') receipts.set(e.data.receiptId, e.data);
      for (const r of receipts.values()) {
        if (practiceDay(new Date(r.paidAt), tz) !== day) continue;
        const row = rowOf(r.paymentMethod);
        row.payments += 1;
        row.netCents += r.totalCents;
      }
      for (const e of events) {
        if (e.type !== 'CreditNoteIssued' || practiceDay(new Date(e.data.issuedAt), tz) !== day) continue;
        const row = rowOf(receipts.get(e.data.receiptId)?.paymentMethod ?? 'paypal');
        row.refunds += 1;
        row.netCents -= e.data.totalCents;
      }
      const order: TakingsRow['method'][] = ['cash', 'card', 'transfer', 'paypal'];
      rows.push(...[...byMethod.values()].sort((a, b) => order.indexOf(a.method) - order.indexOf(b.method)));
    }
    return { day, rows, totalCents: rows.reduce((s, r) => s + r.netCents, 0) };
  }
}
