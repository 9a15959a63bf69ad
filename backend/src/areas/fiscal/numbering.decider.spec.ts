import { deciderSpec } from '../../platform/event-store/decider-spec';
import { type CreditNoteDraft, type NumberingEvent, type ReceiptDraft, numberingDecider } from './numbering.decider';

const sealed = { keyId: 'k', iv: 'i', tag: 't', data: 'd' };
const draft = (orderId: string, amountCents = 8000, stampDutyCents = 200, stampDutyCharged = true): ReceiptDraft => ({
  receiptId: `ricevuta-${orderId}`,
  doctorId: 'doc',
  year: 2030,
  orderId,
  bookingId: `b-${orderId}`,
  patientId: 'p',
  issuedAt: '2030-03-05T10:00:00.000Z',
  totalCents: amountCents + (stampDutyCharged ? stampDutyCents : 0),
  amountCents,
  stampDutyCents,
  stampDutyCharged,
  regime: 'forfettario',
  stsOpposition: false,
  paymentMethod: 'paypal',
  transactionId: orderId,
  captureId: `cap-${orderId}`,
  paidAt: '2030-03-05T09:59:00.000Z',
  visitStart: '2030-03-06T09:00:00Z',
  productName: 'Prima visita',
  issuer: sealed,
  patient: sealed,
});
const issued = (orderId: string, number: number): NumberingEvent => ({ type: 'ReceiptIssued', data: { ...draft(orderId), number } });
const credit = (orderId: string, receiptNumber: number): CreditNoteDraft => ({
  creditNoteId: `nota-${orderId}`,
  receiptId: `ricevuta-${orderId}`,
  doctorId: 'doc',
  year: 2030,
  orderId,
  patientId: 'p',
  issuedAt: '2030-03-07T10:00:00.000Z',
  totalCents: 8200,
  receiptNumber,
  receiptYear: 2030,
  refundId: `ref-${orderId}`,
});

describe('numbering decider', () => {
  const given = deciderSpec(numberingDecider);

  it('numbers the first receipt of the year 1', () =>
    given([])
      .when({ type: 'IssueReceipt', receipt: draft('o1') })
      .then([issued('o1', 1)]));
  it('numbers the next receipt one above the last', () =>
    given([issued('o1', 1), issued('o2', 2)])
      .when({ type: 'IssueReceipt', receipt: draft('o3') })
      .then([issued('o3', 3)]));
  it('never issues a second receipt for the same order', () =>
    given([issued('o1', 1), issued('o2', 2)])
      .when({ type: 'IssueReceipt', receipt: draft('o1') })
      .then([]));
  it('refuses a receipt without a captured payment', () =>
    given([])
      .when({ type: 'IssueReceipt', receipt: { ...draft('o1'), captureId: '' } })
      .thenThrows('pagamento_non_incassato'));
  it('refuses a total that is not amount plus the stamp duty charged', () =>
    given([])
      .when({ type: 'IssueReceipt', receipt: { ...draft('o1'), totalCents: 8000 } })
      .thenThrows('totale_non_coerente'));
  it('accepts 77,47 € with no stamp duty', () => {
    const r = draft('o1', 7747, 0, false);
    given([])
      .when({ type: 'IssueReceipt', receipt: r })
      .then([{ type: 'ReceiptIssued', data: { ...r, number: 1 } }]);
  });
  it('accepts one cent above with the stamp duty charged to the patient (total 79,48 €)', () => {
    const r = draft('o1', 7748, 200, true);
    expect(r.totalCents).toBe(7948);
    given([])
      .when({ type: 'IssueReceipt', receipt: r })
      .then([{ type: 'ReceiptIssued', data: { ...r, number: 1 } }]);
  });

  it('numbers credit notes in their own series, referencing the receipt', () =>
    given([issued('o1', 1), issued('o2', 2)])
      .when({ type: 'IssueCreditNote', creditNote: credit('o2', 2) })
      .then([{ type: 'CreditNoteIssued', data: { ...credit('o2', 2), number: 1 } }]));
  it('issues one credit note per receipt', () =>
    given([issued('o1', 1), { type: 'CreditNoteIssued', data: { ...credit('o1', 1), number: 1 } }])
      .when({ type: 'IssueCreditNote', creditNote: credit('o1', 1) })
      .then([]));
  it('a credit note does not move the receipts series', () =>
    given([issued('o1', 1), { type: 'CreditNoteIssued', data: { ...credit('o1', 1), number: 1 } }])
      .when({ type: 'IssueReceipt', receipt: draft('o2') })
      .then([issued('o2', 2)]));
});
