import { z } from '../../platform/zod-it';
import { STREAM_PREFIX } from '../../platform/streams';
import { Sealed } from '../../platform/sealed';

/** Events of `receipts-<doctorId>-<year>`: the doctor's fiscal numbering stream, receipts and credit notes. */

/** what every document of the numbering stream carries: its number `number/year`, the order, the patient, the total */
const numbered = {
  doctorId: z.string(),
  year: z.number().int(),
  number: z.number().int().positive(),
  orderId: z.string(),
  patientId: z.string(),
  issuedAt: z.string(),
  totalCents: z.number().int(),
};

/**
 * on `receipts-<doctorId>-<year>` (the doctor's numbering stream: its expected revision keeps numbers gap-free):
 * the fiscal receipt `number/year` for a captured payment. The fiscal feature may add fields; these stay.
 */
export const ReceiptIssued = z.object({
  receiptId: z.string(),
  ...numbered,
  bookingId: z.string(),
  // ---- added by the fiscal feature ----
  /** the service, before stamp duty */
  amountCents: z.number().int(),
  /** 200 above 77,47 €, else 0; added to totalCents only when `stampDutyCharged` */
  stampDutyCents: z.number().int(),
  stampDutyCharged: z.boolean(),
  regime: z.enum(['ordinario', 'forfettario']),
  /** the patient opposed sending this expense to the Sistema Tessera Sanitaria */
  stsOpposition: z.boolean(),
  /** 'paypal', or a desk payment's cash / card / transfer */
  paymentMethod: z.enum(['paypal', 'cash', 'card', 'transfer']),
  /** PayPal order id (the transaction) and capture id; a desk payment's id for both */
  transactionId: z.string(),
  captureId: z.string(),
  /** when the payment was captured (the order's OrderPlaced) */
  paidAt: z.string(),
  /** the visit paid for (not personal: the slot) */
  visitStart: z.string(),
  productName: z.string(),
  /** the issuer's FiscalProfilePersonal at the time of issue, sealed with the doctor's key */
  issuer: Sealed,
  /** {name, surname, taxcode, billing} of the patient, sealed with the patient's key */
  patient: Sealed,
  // ---- added with desk payments and the virtual stamp (absent on older events) ----
  /** the virtual-stamp authorisation printed on the receipt; null: a physical stamp */
  virtualStamp: z.object({ number: z.string(), date: z.string() }).nullable().optional(),
  /** the patient's {name, surname, taxcode, billing} sealed with the fiscal key: readable for the legal period after erasure */
  patientFiscal: Sealed.optional(),
});
/** on the same numbering stream: a credit note (nota di credito) for a refunded receipt; receipts are never edited */
export const CreditNoteIssued = z.object({
  creditNoteId: z.string(),
  receiptId: z.string(),
  ...numbered,
  // ---- added by the fiscal feature ----
  /** the receipt's number and year it cancels */
  receiptNumber: z.number().int().positive(),
  receiptYear: z.number().int(),
  refundId: z.string(),
});

/** the doctor's fiscal numbering stream of one year: receipts and credit notes */
export function receiptsStreamName(doctorId: string, year: number): string {
  return `${STREAM_PREFIX.receipts}${doctorId}-${year}`;
}

/** this stream's events, for the catalogue (./index.ts) */
export const ReceiptsEventSchemas = { ReceiptIssued, CreditNoteIssued } as const;
