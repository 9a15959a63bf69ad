import { type EventData, type Sealed, type TaxRegime, type VirtualStampAuthorization, STREAM_PREFIX } from '@studio/contracts';
import type { ProjectionDefinition } from '@studio/contracts';

export interface FiscalReceiptDoc {
  receiptId: string;
  number: number;
  year: number;
  issuedAt: string;
  amountCents: number;
  stampDutyCents: number;
  stampDutyCharged: boolean;
  totalCents: number;
  stsOpposition: boolean;
  patient: Sealed;
  paidAt: string;
  transactionId: string;
}

export interface FiscalCreditNoteDoc {
  creditNoteId: string;
  number: number;
  year: number;
  issuedAt: string;
  totalCents: number;
}

/**
 * One document per booked order (doc id = order id), for the fiscal feature: which doctor it pays, when it was placed,
 * its receipt and credit note once issued. `status` says what the receipts workflow still has to do.
 */
export interface FiscalOrderDoc {
  orderId: string;
  bookingId: string;
  patientId: string;
  doctorId: string | null;
  visitStart: string | null;
  /** global position of OrderPlaced: the order in which receipts are issued */
  placedPosition: number | null;
  placedAt: string | null;
  /** the patient's {taxcode, billing} given at payment (OrderPlaced), sealed: printed on the receipt */
  invoice?: Sealed | null;
  refunded: boolean;
  refundedAt?: string;
  receipt: FiscalReceiptDoc | null;
  creditNote: FiscalCreditNoteDoc | null;
}

export type FiscalOrderStatus = 'unpaid' | 'pending_receipt' | 'pending_credit_note' | 'done';

export function fiscalOrderStatus(d: FiscalOrderDoc): FiscalOrderStatus {
  if (d.placedPosition === null || d.doctorId === null) return 'unpaid';
  if (!d.receipt) return 'pending_receipt';
  if (d.refunded && !d.creditNote) return 'pending_credit_note';
  return 'done';
}

const empty = (orderId: string, bookingId = '', patientId = ''): FiscalOrderDoc => ({
  orderId,
  bookingId,
  patientId,
  doctorId: null,
  visitStart: null,
  placedPosition: null,
  placedAt: null,
  refunded: false,
  receipt: null,
  creditNote: null,
});

export const fiscalOrdersProjection: ProjectionDefinition<
  FiscalOrderDoc,
  'SlotBooked' | 'OrderPlaced' | 'PaymentRefunded' | 'ReceiptIssued' | 'CreditNoteIssued'
> = {
  name: 'fiscal_orders',
  // 2: carries the order's sealed invoice (the receipt's patient data, read from the order's stream before)
  version: 2,
  streamPrefixes: [STREAM_PREFIX.availability, STREAM_PREFIX.order, STREAM_PREFIX.receipts],
  eventTypes: ['SlotBooked', 'OrderPlaced', 'PaymentRefunded', 'ReceiptIssued', 'CreditNoteIssued'],
  documentId: (event) => event.data.orderId,
  evolve(doc, event) {
    const current =
      doc ??
      empty(event.data.orderId, 'bookingId' in event.data ? event.data.bookingId : undefined, 'patientId' in event.data ? event.data.patientId : undefined);
    switch (event.type) {
      case 'SlotBooked': {
        const d = event.data;
        return { ...current, bookingId: d.bookingId, patientId: d.patientId, doctorId: d.doctorId, visitStart: d.start };
      }
      case 'OrderPlaced': {
        const d = event.data;
        return current.placedPosition !== null
          ? current
          : { ...current, bookingId: d.bookingId, patientId: d.patientId, placedPosition: event.position, placedAt: event.metadata.at, invoice: d.invoice };
      }
      case 'PaymentRefunded':
        return { ...current, refunded: true, refundedAt: event.metadata.at };
      case 'ReceiptIssued': {
        const d = event.data;
        return {
          ...current,
          doctorId: current.doctorId ?? d.doctorId,
          receipt: {
            receiptId: d.receiptId,
            number: d.number,
            year: d.year,
            issuedAt: d.issuedAt,
            amountCents: d.amountCents,
            stampDutyCents: d.stampDutyCents,
            stampDutyCharged: d.stampDutyCharged,
            totalCents: d.totalCents,
            stsOpposition: d.stsOpposition,
            patient: d.patient,
            paidAt: d.paidAt,
            transactionId: d.transactionId,
          },
        };
      }
      case 'CreditNoteIssued': {
        const d = event.data;
        return { ...current, creditNote: { creditNoteId: d.creditNoteId, number: d.number, year: d.year, issuedAt: d.issuedAt, totalCents: d.totalCents } };
      }
      default:
        return doc;
    }
  },
  indexes: {
    doctor_id: { type: 'text', value: (d) => d.doctorId },
    patient_id: { type: 'text', value: (d) => d.patientId },
    booking_id: { type: 'text', value: (d) => d.bookingId },
    status: { type: 'text', value: (d) => fiscalOrderStatus(d) },
    placed_position: { type: 'integer', value: (d) => d.placedPosition },
    receipt_year: { type: 'integer', value: (d) => d.receipt?.year ?? null },
    credit_year: { type: 'integer', value: (d) => d.creditNote?.year ?? null },
  },
};

/**
 * One document per event of the doctors' numbering streams (`receipts-<doctorId>-<year>`), as issued: the receipts and
 * credit notes the fiscal screens, the PDF, the Sistema TS file and the day's takings read. Doc id = stream and
 * revision, so the collection holds exactly what the streams hold, in their order (by position). The stream stays the
 * source of the numbers: issuing the next one reads it (numbering.decider.ts).
 */
export type FiscalDocumentDoc = { stream: string; doctorId: string; year: number; orderId: string } & (
  { type: 'ReceiptIssued'; data: EventData<'ReceiptIssued'> } | { type: 'CreditNoteIssued'; data: EventData<'CreditNoteIssued'> }
);

export const fiscalDocumentsProjection: ProjectionDefinition<FiscalDocumentDoc, 'ReceiptIssued' | 'CreditNoteIssued'> = {
  name: 'fiscal_documents',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.receipts],
  eventTypes: ['ReceiptIssued', 'CreditNoteIssued'],
  documentId: (event) => `${event.stream}@${event.revision}`,
  evolve(doc, event) {
    if (doc) return doc; // issued documents are never edited
    const common = { stream: event.stream, doctorId: event.data.doctorId, year: event.data.year, orderId: event.data.orderId };
    return event.type === 'ReceiptIssued' ? { ...common, type: event.type, data: event.data } : { ...common, type: event.type, data: event.data };
  },
  indexes: {
    // a year's stream, in its order: the /fiscale table, the Sistema TS file, the day's takings
    stream: { type: 'text', value: (d) => d.stream, then: 'position' },
    // an order's receipt and credit note: the PDF
    order_id: { type: 'text', value: (d) => d.orderId },
  },
};

/** the practitioner's fiscal profile as last set (doc id = doctor id), for the fiscal screens, the PDF and the STS file */
export interface FiscalProfileDoc {
  doctorId: string;
  title: string;
  regime: TaxRegime;
  stampDutyToPatient: boolean;
  demo: boolean;
  personal: Sealed;
  /** null: the doctor uses physical stamps */
  virtualStamp: VirtualStampAuthorization | null;
}

export const fiscalProfilesProjection: ProjectionDefinition<FiscalProfileDoc, 'FiscalProfileSet'> = {
  name: 'fiscal_profiles',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.fiscal],
  eventTypes: ['FiscalProfileSet'],
  documentId: (event) => event.data.doctorId,
  // a later profile supersedes (issued documents keep their own copy)
  evolve: (_doc, event) => ({ ...event.data, virtualStamp: event.data.virtualStamp ?? null }),
  indexes: {},
};

/** the patient's erasure request (doc id = patient id): asked once, when */
export interface ErasureRequestDoc {
  patientId: string;
  requestedAt: string;
}

export const erasureRequestsProjection: ProjectionDefinition<ErasureRequestDoc, 'ErasureRequested'> = {
  name: 'erasure_requests',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.erasureRequest],
  eventTypes: ['ErasureRequested'],
  documentId: (event) => event.data.patientId,
  evolve: (doc, event) => doc ?? { patientId: event.data.patientId, requestedAt: event.data.requestedAt },
  indexes: {},
};
