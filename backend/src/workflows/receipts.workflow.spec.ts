import { receiptsStreamName } from '@studio/contracts';
import { workflowSpec } from '../event-store/workflow-spec';
import { type ReceiptFlowInput, receiptWorkflow, waitingForProfile } from './receipts.workflow';
import { foldWorkflow } from '../event-store/workflow';

const sealed = (k: string) => ({ keyId: k, iv: 'i', tag: 't', data: 'd' });
const input = (issue: boolean, amountCents = 8000): { input: ReceiptFlowInput; placed: { stream: string; type: string; data: unknown } } => ({
  input: {
    orderId: 'o1',
    doctorId: 'doc',
    receiptYear: 2030,
    creditYear: 2030,
    issuedAt: '2030-03-05T10:00:00.000Z',
    paidAt: '2030-03-05T09:59:00.000Z',
    visitStart: '2030-03-06T09:00:00Z',
    issue: issue ? { regime: 'ordinario', stampDutyToPatient: true, issuer: sealed('doc'), patient: sealed('p') } : null,
  },
  placed: {
    stream: 'order-o1',
    type: 'OrderPlaced',
    data: {
      orderId: 'o1',
      bookingId: 'b1',
      patientId: 'p',
      productId: 'x',
      productName: 'Prima visita',
      coupon: null,
      amountCents,
      currency: 'EUR',
      captureId: 'cap1',
      invoice: sealed('p'),
      stsOpposition: true,
    },
  },
});
const stream = receiptsStreamName('doc', 2030);

describe('receipts workflow', () => {
  const flow = workflowSpec(receiptWorkflow);
  const { input: ready, placed } = input(true);

  it('issues nothing before the order is placed (a captured payment only)', () =>
    flow(ready)
      .given([{ stream: 'order-o1', type: 'PaymentCaptured', data: { orderId: 'o1', captureId: 'cap1', amountCents: 8000, currency: 'EUR' } }])
      .thenDone());

  it('issues the receipt once the order is placed: stamp duty added, opposition recorded, PayPal transaction', () => {
    const step = receiptWorkflow.decide(foldWorkflow(receiptWorkflow, ready, [placed]));
    expect(step?.stream).toBe(stream);
    expect(step?.command).toMatchObject({
      type: 'IssueReceipt',
      receipt: {
        orderId: 'o1',
        amountCents: 8000,
        stampDutyCents: 200,
        stampDutyCharged: true,
        totalCents: 8200,
        stsOpposition: true,
        paymentMethod: 'paypal',
        transactionId: 'o1',
        captureId: 'cap1',
        regime: 'ordinario',
      },
    });
  });

  it('charges no stamp duty at 77,47 €', () => {
    const { input: i, placed: p } = input(true, 7747);
    const step = receiptWorkflow.decide(foldWorkflow(receiptWorkflow, i, [p]));
    expect(step?.command).toMatchObject({ receipt: { stampDutyCents: 0, stampDutyCharged: false, totalCents: 7747 } });
  });

  it('waits without a fiscal profile (nothing to do, flagged as waiting)', () => {
    const { input: waiting } = input(false);
    flow(waiting).given([placed]).thenDone();
    expect(waitingForProfile(foldWorkflow(receiptWorkflow, waiting, [placed]))).toBe(true);
  });

  const receipt = {
    stream,
    type: 'ReceiptIssued',
    data: {
      orderId: 'o1',
      receiptId: 'ricevuta-o1',
      number: 4,
      year: 2030,
      patientId: 'p',
      totalCents: 8200,
      doctorId: 'doc',
      bookingId: 'b1',
      issuedAt: '2030-03-05T10:00:00.000Z',
      amountCents: 8000,
      stampDutyCents: 200,
      stampDutyCharged: true,
      regime: 'ordinario',
      stsOpposition: true,
      paymentMethod: 'paypal',
      transactionId: 'o1',
      captureId: 'cap1',
      paidAt: '2030-03-05T09:59:00.000Z',
      visitStart: '2030-03-06T09:00:00Z',
      productName: 'Prima visita',
      issuer: sealed('doc'),
      patient: sealed('p'),
    },
  };
  it('is done once the receipt is there', () => flow(ready).given([placed, receipt]).thenDone());
  it("ignores other orders' receipts", () => {
    const other = { ...receipt, data: { ...receipt.data, orderId: 'o2' } };
    expect(receiptWorkflow.decide(foldWorkflow(receiptWorkflow, ready, [placed, other]))?.command.type).toBe('IssueReceipt');
  });

  const refunded = {
    stream: 'order-o1',
    type: 'PaymentRefunded',
    data: { orderId: 'o1', captureId: 'cap1', refundId: 'r1', status: 'COMPLETED', reason: 'Annullata' },
  };
  it('issues a credit note referencing the receipt after a refund', () =>
    flow(ready)
      .given([placed, receipt, refunded])
      .thenNext({
        stream,
        command: {
          type: 'IssueCreditNote',
          creditNote: {
            creditNoteId: 'nota-o1',
            receiptId: 'ricevuta-o1',
            doctorId: 'doc',
            year: 2030,
            orderId: 'o1',
            patientId: 'p',
            issuedAt: ready.issuedAt,
            totalCents: 8200,
            receiptNumber: 4,
            receiptYear: 2030,
            refundId: 'r1',
          },
        },
      }));
  it('is done once the credit note is there', () =>
    flow(ready)
      .given([
        placed,
        receipt,
        refunded,
        {
          stream,
          type: 'CreditNoteIssued',
          data: {
            orderId: 'o1',
            creditNoteId: 'nota-o1',
            receiptId: 'ricevuta-o1',
            doctorId: 'doc',
            year: 2030,
            number: 5,
            patientId: 'p',
            issuedAt: '2030-03-07T10:00:00.000Z',
            totalCents: 8200,
            receiptNumber: 4,
            receiptYear: 2030,
            refundId: 'r1',
          },
        },
      ])
      .thenDone());
});
