import { receiptsStreamName } from '@studio/contracts';
import {
  erasureRequestsProjection,
  fiscalDocumentsProjection,
  fiscalOrdersProjection,
  fiscalProfilesProjection,
  type FiscalDocumentDoc,
} from './fiscal.projection';
import { foldDocuments as fold, recorded } from '../../testing/evolve-fixtures';

const sealed = (k: string) => ({ keyId: k, iv: 'i', tag: 't', data: 'd' });
const receiptData = (orderId: string, number: number, year = 2030) => ({
  orderId,
  receiptId: `ricevuta-${orderId}`,
  number,
  year,
  patientId: 'p',
  totalCents: 8200,
  doctorId: 'doc',
  bookingId: `b-${orderId}`,
  issuedAt: `${year}-03-05T10:00:00.000Z`,
  amountCents: 8000,
  stampDutyCents: 200,
  stampDutyCharged: true,
  regime: 'ordinario',
  stsOpposition: false,
  paymentMethod: 'cash',
  transactionId: orderId,
  captureId: orderId,
  paidAt: `${year}-03-05T09:59:00.000Z`,
  visitStart: `${year}-03-06T09:00:00Z`,
  productName: 'Prima visita',
  issuer: sealed('doc'),
  patient: sealed('p'),
});
/** an event of the numbering stream at its revision */
const at = (stream: string, revision: number, type: string, data: object) => ({ ...recorded(stream, type, data), revision });

describe('fiscal_documents projection', () => {
  const y2030 = receiptsStreamName('doc', 2030);
  const y2031 = receiptsStreamName('doc', 2031);
  const credit = {
    creditNoteId: 'nota-o1',
    receiptId: 'ricevuta-o1',
    number: 1,
    year: 2031,
    orderId: 'o1',
    patientId: 'p',
    doctorId: 'doc',
    issuedAt: '2031-01-02T10:00:00.000Z',
    totalCents: 8200,
    receiptNumber: 1,
    receiptYear: 2030,
    refundId: 'r1',
  };
  const events = [
    at(y2030, 0, 'ReceiptIssued', receiptData('o1', 1)),
    at(y2030, 1, 'ReceiptIssued', receiptData('o2', 2)),
    at(y2031, 0, 'CreditNoteIssued', credit),
  ];

  it('keeps every document of the numbering streams as issued, one per stream revision', () => {
    const docs = fold(fiscalDocumentsProjection, events);
    expect([...docs.keys()]).toEqual([`${y2030}@0`, `${y2030}@1`, `${y2031}@0`]);
    expect(docs.get(`${y2030}@1`)).toEqual({ stream: y2030, doctorId: 'doc', year: 2030, orderId: 'o2', type: 'ReceiptIssued', data: receiptData('o2', 2) });
    expect(docs.get(`${y2031}@0`)).toEqual({ stream: y2031, doctorId: 'doc', year: 2031, orderId: 'o1', type: 'CreditNoteIssued', data: credit });
  });

  it('indexes the stream (a year of a doctor) and the order; a document is never changed again', () => {
    const doc = fold(fiscalDocumentsProjection, events).get(`${y2031}@0`)!;
    expect(fiscalDocumentsProjection.indexes.stream.value(doc)).toBe(y2031);
    expect(fiscalDocumentsProjection.indexes.order_id.value(doc)).toBe('o1');
    const again = fiscalDocumentsProjection.evolve(doc, { ...events[0], type: 'ReceiptIssued', data: receiptData('o9', 9) } as never) as FiscalDocumentDoc;
    expect(again).toBe(doc);
  });
});

describe('fiscal_orders projection', () => {
  it('carries the invoice given at payment, sealed, for the receipt to print', () => {
    const placed = recorded('order-o1', 'OrderPlaced', {
      orderId: 'o1',
      bookingId: 'b1',
      patientId: 'p',
      productId: 'prod',
      productName: 'Prima visita',
      coupon: null,
      amountCents: 8000,
      currency: 'EUR',
      captureId: 'cap',
      invoice: sealed('p'),
    });
    expect(fold(fiscalOrdersProjection, [placed]).get('o1')).toMatchObject({ placedPosition: placed.position, invoice: sealed('p') });
  });
});

describe('fiscal_profiles projection', () => {
  it('keeps the profile last set, with no virtual stamp when an older event has none', () => {
    const set = (title: string, virtualStamp?: object | null) =>
      recorded('fiscal-doc', 'FiscalProfileSet', {
        doctorId: 'doc',
        title,
        regime: 'forfettario',
        stampDutyToPatient: true,
        demo: false,
        personal: sealed('doc'),
        ...(virtualStamp !== undefined ? { virtualStamp } : {}),
      });
    expect(fold(fiscalProfilesProjection, [set('Dott.')]).get('doc')).toEqual({
      doctorId: 'doc',
      title: 'Dott.',
      regime: 'forfettario',
      stampDutyToPatient: true,
      demo: false,
      personal: sealed('doc'),
      virtualStamp: null,
    });
    const stamp = { number: '123', date: '2030-01-01' };
    expect(fold(fiscalProfilesProjection, [set('Dott.'), set('Dott.ssa', stamp)]).get('doc')).toMatchObject({ title: 'Dott.ssa', virtualStamp: stamp });
  });
});

describe('erasure_requests projection', () => {
  it('keeps when the patient first asked', () => {
    const asked = (at: string) => recorded('erasurerequest-p', 'ErasureRequested', { patientId: 'p', requestedAt: at });
    expect(fold(erasureRequestsProjection, [asked('2030-01-01T00:00:00.000Z'), asked('2030-02-01T00:00:00.000Z')]).get('p')).toEqual({
      patientId: 'p',
      requestedAt: '2030-01-01T00:00:00.000Z',
    });
  });
});
