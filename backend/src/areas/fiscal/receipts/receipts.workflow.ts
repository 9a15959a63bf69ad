import {
  type EventData,
  type Sealed,
  type TaxRegime,
  type VirtualStampAuthorization,
  orderStreamName,
  receiptsStreamName,
  stampDutyCents,
} from '@studio/contracts';
import type { Workflow } from '../../../platform/event-store/workflow';
import { numberingDecider, type NumberingCommand } from '../numbering.decider';

/**
 * A paid order's fiscal documents, across the order stream and the doctor's numbering stream(s):
 * OrderPlaced → ReceiptIssued (the doctor's next N/YYYY); PaymentRefunded after a receipt → CreditNoteIssued.
 * The receipt waits (decide answers null, `waitingForProfile`) while the doctor has no fiscal profile: the payment
 * itself has already succeeded. Everything looked up (profile, sealed copies, time) comes in on the input.
 */
export interface ReceiptFlowInput {
  orderId: string;
  doctorId: string;
  /** the receipt's year: the payment's (practice time zone) */
  receiptYear: number;
  /** the year a credit note would be numbered in: today's */
  creditYear: number;
  issuedAt: string;
  paidAt: string;
  visitStart: string;
  /** null while the doctor's fiscal profile is missing */
  issue: {
    regime: TaxRegime;
    stampDutyToPatient: boolean;
    issuer: Sealed;
    patient: Sealed;
    patientFiscal?: Sealed;
    virtualStamp?: VirtualStampAuthorization | null;
  } | null;
}

export interface ReceiptFlowState {
  input: ReceiptFlowInput;
  placed: EventData<'OrderPlaced'> | null;
  refund: EventData<'PaymentRefunded'> | null;
  receipt: EventData<'ReceiptIssued'> | null;
  creditNote: EventData<'CreditNoteIssued'> | null;
}

export interface ReceiptFlowStep {
  stream: string;
  command: NumberingCommand;
}

export const receiptIdOf = (orderId: string) => `ricevuta-${orderId}`;
export const creditNoteIdOf = (orderId: string) => `nota-${orderId}`;

export const receiptWorkflow: Workflow<ReceiptFlowInput, ReceiptFlowState, ReceiptFlowStep> = {
  name: 'ricevute',
  streams: (i) => [...new Set([orderStreamName(i.orderId), receiptsStreamName(i.doctorId, i.receiptYear), receiptsStreamName(i.doctorId, i.creditYear)])],
  initialState: (input) => ({ input, placed: null, refund: null, receipt: null, creditNote: null }),
  evolve(state, event) {
    if (!('orderId' in event.data) || event.data.orderId !== state.input.orderId) return state;
    switch (event.type) {
      case 'OrderPlaced':
        return { ...state, placed: event.data };
      case 'PaymentRefunded':
        return { ...state, refund: event.data };
      case 'ReceiptIssued':
        return { ...state, receipt: event.data };
      case 'CreditNoteIssued':
        return { ...state, creditNote: event.data };
      default:
        return state;
    }
  },
  decide(state) {
    const { input, placed, receipt, refund, creditNote } = state;
    // a receipt only for a captured and placed payment
    if (!placed) return null;
    if (!receipt) {
      if (!input.issue) return null;
      // the receipt says what was charged: the order's lines as computed before paying, its total what PayPal captured.
      // Orders older than the recorded charge: the amount was the service, the duty as the profile says.
      const charge = chargeOfPlaced(placed, input.issue.stampDutyToPatient);
      return {
        stream: receiptsStreamName(input.doctorId, input.receiptYear),
        command: {
          type: 'IssueReceipt',
          receipt: {
            receiptId: receiptIdOf(input.orderId),
            doctorId: input.doctorId,
            year: input.receiptYear,
            orderId: input.orderId,
            bookingId: placed.bookingId,
            patientId: placed.patientId,
            issuedAt: input.issuedAt,
            amountCents: charge.serviceCents,
            stampDutyCents: charge.stampDutyCents,
            stampDutyCharged: charge.stampDutyCharged,
            totalCents: charge.totalCents,
            regime: input.issue.regime,
            stsOpposition: placed.stsOpposition ?? false,
            paymentMethod: placed.paymentMethod ?? 'paypal',
            transactionId: placed.orderId,
            captureId: placed.captureId,
            paidAt: input.paidAt,
            visitStart: input.visitStart,
            productName: placed.productName,
            issuer: input.issue.issuer,
            patient: input.issue.patient,
            virtualStamp: input.issue.virtualStamp ?? null,
            ...(input.issue.patientFiscal ? { patientFiscal: input.issue.patientFiscal } : {}),
          },
        },
      };
    }
    if (refund && !creditNote) {
      return {
        stream: receiptsStreamName(input.doctorId, input.creditYear),
        command: {
          type: 'IssueCreditNote',
          creditNote: {
            creditNoteId: creditNoteIdOf(input.orderId),
            receiptId: receipt.receiptId,
            doctorId: input.doctorId,
            year: input.creditYear,
            orderId: input.orderId,
            patientId: receipt.patientId,
            issuedAt: input.issuedAt,
            // what was given back (the whole capture), as PayPal refunded it
            totalCents: refund.amountCents ?? receipt.totalCents,
            receiptNumber: receipt.number,
            receiptYear: receipt.year,
            refundId: refund.refundId,
          },
        },
      };
    }
    return null;
  },
  // two payments of one doctor race for the next number: a lost append is decided again on the fresh numbering
  route: (step) => ({ stream: step.stream, decider: numberingDecider, command: step.command, options: { onStale: 'decide-again' } }),
};

/** the charge an OrderPlaced stands for: its recorded lines, or (older orders) the service with the duty per the profile */
export function chargeOfPlaced(
  placed: EventData<'OrderPlaced'>,
  stampDutyToPatient: boolean,
): { serviceCents: number; stampDutyCents: number; stampDutyCharged: boolean; totalCents: number } {
  if (placed.lines && placed.totalCents !== undefined) {
    const duty = placed.lines.find((l) => l.kind === 'stamp_duty')?.amountCents ?? 0;
    return {
      serviceCents: placed.totalCents - duty,
      stampDutyCents: placed.stampDutyCents ?? duty,
      stampDutyCharged: duty > 0,
      totalCents: placed.amountCents,
    };
  }
  if (placed.paymentMethod && placed.paymentMethod !== 'paypal') {
    // a desk payment's amount is what the patient handed over: the duty is inside it when they bear it
    const dutyInside = stampDutyToPatient ? stampDutyCents(placed.amountCents - stampDutyCents(placed.amountCents)) : 0;
    const serviceCents = placed.amountCents - dutyInside;
    return { serviceCents, stampDutyCents: stampDutyCents(serviceCents), stampDutyCharged: dutyInside > 0, totalCents: placed.amountCents };
  }
  const duty = stampDutyCents(placed.amountCents);
  const charged = stampDutyToPatient && duty > 0;
  return { serviceCents: placed.amountCents, stampDutyCents: duty, stampDutyCharged: charged, totalCents: placed.amountCents + (charged ? duty : 0) };
}

/** the receipt is due but the doctor's fiscal profile is missing */
export function waitingForProfile(state: ReceiptFlowState): boolean {
  return state.placed !== null && state.receipt === null && state.input.issue === null;
}
