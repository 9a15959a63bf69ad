import type { EventData } from '@studio/contracts';
import { ConflictError, ValidationError } from '../../platform/common/errors';

/**
 * The doctor's numbering stream of one year, `receipts-<doctorId>-<year>`: receipts `N/YYYY` and credit notes
 * `NC N/YYYY`, each series gap-free and strictly increasing. The number is decided from the stream itself and the
 * append carries the revision read, so two concurrent payments can never get the same number; a second receipt for
 * the same order (or credit note for the same receipt) decides nothing. Documents are never edited or deleted.
 */
export type NumberingEvent = { type: 'ReceiptIssued'; data: EventData<'ReceiptIssued'> } | { type: 'CreditNoteIssued'; data: EventData<'CreditNoteIssued'> };

export interface NumberingState {
  lastReceipt: number;
  lastCreditNote: number;
  /** orderId → receipt number */
  receiptByOrder: Record<string, number>;
  /** receiptId → credit note number */
  creditNoteByReceipt: Record<string, number>;
}

/** everything of a receipt but its number, which the stream decides */
export type ReceiptDraft = Omit<EventData<'ReceiptIssued'>, 'number'>;
export type CreditNoteDraft = Omit<EventData<'CreditNoteIssued'>, 'number'>;

export type NumberingCommand = { type: 'IssueReceipt'; receipt: ReceiptDraft } | { type: 'IssueCreditNote'; creditNote: CreditNoteDraft };

export const initialState = (): NumberingState => ({ lastReceipt: 0, lastCreditNote: 0, receiptByOrder: {}, creditNoteByReceipt: {} });

export function evolve(state: NumberingState, event: NumberingEvent): NumberingState {
  switch (event.type) {
    case 'ReceiptIssued':
      return { ...state, lastReceipt: event.data.number, receiptByOrder: { ...state.receiptByOrder, [event.data.orderId]: event.data.number } };
    case 'CreditNoteIssued':
      return { ...state, lastCreditNote: event.data.number, creditNoteByReceipt: { ...state.creditNoteByReceipt, [event.data.receiptId]: event.data.number } };
    default:
      return state;
  }
}

export function decide(command: NumberingCommand, state: NumberingState): NumberingEvent[] {
  switch (command.type) {
    case 'IssueReceipt': {
      const r = command.receipt;
      if (state.receiptByOrder[r.orderId] !== undefined) return [];
      if (!r.captureId) throw new ConflictError('Si emette la ricevuta solo per un pagamento incassato.', 'pagamento_non_incassato');
      if (!Number.isInteger(r.amountCents) || r.amountCents <= 0) throw new ValidationError('Importo della ricevuta non valido.', 'importo_non_valido');
      const expectedTotal = r.amountCents + (r.stampDutyCharged ? r.stampDutyCents : 0);
      if (r.totalCents !== expectedTotal) throw new ValidationError('Totale della ricevuta non coerente con importo e bollo.', 'totale_non_coerente');
      return [{ type: 'ReceiptIssued', data: { ...r, number: state.lastReceipt + 1 } }];
    }
    case 'IssueCreditNote': {
      const c = command.creditNote;
      if (state.creditNoteByReceipt[c.receiptId] !== undefined) return [];
      if (c.totalCents <= 0) throw new ValidationError('Importo della nota di credito non valido.', 'importo_non_valido');
      return [{ type: 'CreditNoteIssued', data: { ...c, number: state.lastCreditNote + 1 } }];
    }
  }
}

export const numberingDecider = { initialState, evolve, decide };
