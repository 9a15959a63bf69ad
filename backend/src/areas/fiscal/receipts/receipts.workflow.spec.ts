import { receiptsStreamName } from '@studio/contracts';
import { workflowSpec } from '../../../platform/event-store/workflow-spec';
import { type ReceiptFlowInput, chargeOfPlaced, receiptWorkflow, waitingForProfile } from './receipts.workflow';
import { foldWorkflow } from '../../../platform/event-store/workflow';

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

  it('an order with its charge recorded: the receipt lines are the charged ones and its total is what was captured (82,00 €, not 84,00 €)', () => {
    const charged = {
      ...placed,
      data: {
        ...(placed.data as object),
        amountCents: 8200,
        totalCents: 8200,
        stampDutyCents: 200,
        stampDutyCharged: true,
        lines: [
          { kind: 'visit', amountCents: 8000 },
          { kind: 'stamp_duty', amountCents: 200 },
        ],
      },
    };
    const step = receiptWorkflow.decide(foldWorkflow(receiptWorkflow, ready, [charged]));
    expect(step?.command).toMatchObject({ receipt: { amountCents: 8000, stampDutyCents: 200, stampDutyCharged: true, totalCents: 8200 } });
  });

  it('the practitioner bears the duty: the receipt says so (duty 2,00 €, not charged) and its total is what the patient paid', () => {
    const borne = {
      ...placed,
      data: {
        ...(placed.data as object),
        amountCents: 8000,
        totalCents: 8000,
        stampDutyCents: 200,
        stampDutyCharged: false,
        lines: [{ kind: 'visit', amountCents: 8000 }],
      },
    };
    // the profile now says "to the patient": the order was charged without it, and the receipt follows the charge
    const step = receiptWorkflow.decide(foldWorkflow(receiptWorkflow, ready, [borne]));
    expect(step?.command).toMatchObject({ receipt: { amountCents: 8000, stampDutyCents: 200, stampDutyCharged: false, totalCents: 8000 } });
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
  it('the credit note states what was refunded (the refund recorded with its amount)', () => {
    const withAmount = { ...refunded, data: { ...refunded.data, amountCents: 8000 } };
    const step = receiptWorkflow.decide(foldWorkflow(receiptWorkflow, ready, [placed, receipt, withAmount]));
    expect(step?.command).toMatchObject({ type: 'IssueCreditNote', creditNote: { totalCents: 8000 } });
  });
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

describe('the charge of a desk payment (the receipt total is what the patient handed over)', () => {
  const desk = (amountCents: number) =>
    ({
      orderId: 'desk-b1',
      bookingId: 'b1',
      patientId: 'p1',
      amountCents,
      productName: 'Visita',
      invoice: { v: 1, iv: '', tag: '', data: '' },
      paymentMethod: 'cash',
    }) as never;
  it('keeps the duty inside the amount when the patient bears it', () => {
    expect(chargeOfPlaced(desk(8200), true)).toEqual({ serviceCents: 8000, stampDutyCents: 200, stampDutyCharged: true, totalCents: 8200 });
  });
  it('leaves the duty to the practitioner when they bear it, the total unchanged', () => {
    expect(chargeOfPlaced(desk(8000), false)).toEqual({ serviceCents: 8000, stampDutyCents: 200, stampDutyCharged: false, totalCents: 8000 });
  });
  it('charges no duty at or under 77,47 €', () => {
    expect(chargeOfPlaced(desk(7747), true)).toEqual({ serviceCents: 7747, stampDutyCents: 0, stampDutyCharged: false, totalCents: 7747 });
  });
});
