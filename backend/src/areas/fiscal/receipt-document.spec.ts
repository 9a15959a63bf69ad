import type { EventData } from '@studio/contracts';
import { receiptDocument } from './receipt-pdf';

const receipt = {
  receiptId: 'r1',
  doctorId: 'd1',
  year: 2030,
  number: 1,
  orderId: 'o1',
  patientId: 'p1',
  issuedAt: '2030-03-11T12:00:00.000Z',
  totalCents: 5000,
  bookingId: 'b1',
  amountCents: 5000,
  stampDutyCents: 0,
  stampDutyCharged: false,
  regime: 'forfettario',
  stsOpposition: false,
  paymentMethod: 'cash',
  transactionId: 'desk-b1',
  captureId: 'desk-b1',
  paidAt: '2030-03-11T12:00:00.000Z',
  visitStart: '2030-03-11T12:00:00Z',
  productName: 'Controllo',
} as unknown as EventData<'ReceiptIssued'>;
const docs = { receipt, creditNote: null, issuer: null, title: '', patient: null };
const service = (d: Parameters<typeof receiptDocument>[0]) => receiptDocument(d, 'Europe/Rome', { name: 'Studio', specialty: '' }).pages[0].lines[0].label;

describe('the receipt says where the visit was', () => {
  it('at one of the practice’s locations: its name and address on the service line', () =>
    expect(service({ ...docs, visitPlace: 'Sede nord, Viale Monza 200, Milano' })).toBe(
      'Controllo: visita del 11/03/2030 alle ore 12:00, presso Sede nord, Viale Monza 200, Milano',
    ));
  it('with no location: the line as before', () => expect(service(docs)).toBe('Controllo: visita del 11/03/2030 alle ore 12:00'));
});
