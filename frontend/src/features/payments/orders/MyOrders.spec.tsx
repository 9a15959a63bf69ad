/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { OrderView, ReceiptDocument } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { HomeRoute } from '../../../app/HomeRoute';
import { ReceiptPage } from './ReceiptPage';
import { FakeSocket } from '../../../test/fakeSocket';

const mockSocket = new FakeSocket();
jest.mock('../../../lib/socket', () => ({
  getSharedSocket: () => mockSocket,
  disconnectSharedSocket: () => undefined,
}));

const routes = [
  { path: '/home', element: <HomeRoute /> },
  { path: '/ricevute/:orderId', element: <ReceiptPage /> },
];
const order: OrderView = {
  id: 'o1',
  productName: 'Prima visita',
  amountCents: 7200,
  coupon: 'SCONTO10',
  transaction: 'PP-9',
  createdAt: '2030-01-07T09:00:00Z',
  bookingId: 'b1',
  doctorName: 'Giulia Rossi',
};
/** the receipt as the server builds it for the PDF and for this view alike (fiscal/receipt-pdf.ts receiptDocument) */
const receipt: ReceiptDocument = {
  orderId: 'o1',
  practice: { name: 'Studio Nutrizione', details: 'Nutrizionista · Via Roma 1' },
  issuer: {
    name: 'Dott.ssa Giulia Rossi',
    lines: ['Biologa nutrizionista', 'Albo dei Biologi n. 1', 'Codice fiscale: RSSGLI80A41H501X   Partita IVA: 12345678903'],
  },
  doctorName: 'Dott.ssa Giulia Rossi',
  pdfUrl: '/api/orders/o1/receipt.pdf',
  pages: [
    {
      kind: 'receipt',
      label: '3/2030',
      title: 'Ricevuta sanitaria n. 3/2030',
      date: 'Data: 07/01/2030',
      intro: null,
      patientHeading: 'Paziente',
      patient: ['Luca Verdi', 'Codice fiscale: VRDLCU80A01H501X'],
      columns: ['Descrizione', 'Importo'],
      lines: [
        { label: 'Prima visita: visita del 08/01/2030 alle ore 09:00', amount: '80,00 €' },
        { label: 'Subtotale', amount: '80,00 €' },
        { label: 'Imposta di bollo (a carico del paziente)', amount: '2,00 €', stampDuty: true },
        { label: 'Totale', amount: '82,00 €', total: true },
      ],
      paragraphs: [
        { heading: 'Regime IVA', text: 'Operazione esente da IVA.' },
        { heading: 'Pagamento', text: 'Metodo: PayPal (pagamento tracciabile).' },
      ],
    },
    {
      kind: 'credit_note',
      label: 'NC 1/2030',
      title: 'Nota di credito NC 1/2030',
      date: 'Data: 09/01/2030',
      intro: 'Storno della ricevuta n. 3/2030: pagamento rimborsato.',
      patientHeading: 'Paziente',
      patient: ['Luca Verdi'],
      columns: ['Descrizione', 'Importo'],
      lines: [{ label: 'Importo stornato', amount: '82,00 €', total: true }],
      paragraphs: [{ heading: 'Regime IVA', text: 'Operazione esente da IVA.' }],
    },
  ],
};
const plain = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

async function open(orders: OrderView[], receipts: unknown[] = []) {
  fetchMock = mockFetch([
    { method: 'GET', path: '/api/me/bookings', body: [] },
    { method: 'GET', path: '/api/me/orders', body: orders },
    { method: 'GET', path: '/api/me/receipts', body: receipts },
    { method: 'GET', path: '/api/orders/o1/receipt', body: receipt },
  ]);
  const store = await storeWithSession({ id: 'p1', role: 'patient', name: 'Luca Verdi' });
  return renderRoutes(store, routes, '/home');
}

describe('/home: the patient’s orders', () => {
  test('each order names its doctor; "Stampa ricevuta" opens the fiscal receipt, laid out from the same content as the PDF', async () => {
    const { router } = await open(
      [order, { ...order, id: 'o2', coupon: null, amountCents: 5000, transaction: 'PP-3', doctorName: 'Marco Bianchi' }],
      [{ orderId: 'o1', label: '3/2030', creditNote: 'NC 1/2030' }],
    );
    const row = (await screen.findByText('PP-9')).closest('tr')!;
    expect(plain(row.textContent)).toContain('Prima visita');
    expect(plain(row.textContent)).toContain('72,00 €');
    expect(row.textContent).toContain('SCONTO10');
    expect(row.textContent).toContain('Giulia Rossi');
    const other = screen.getByText('PP-3').closest('tr')!;
    expect(other.textContent).toContain(t.orders.noCoupon);
    expect(other.textContent).toContain('Marco Bianchi');
    expect(screen.getByRole('columnheader', { name: t.orders.doctor })).toBeTruthy();

    await act(async () => void fireEvent.click(within(row).getByRole('button', { name: t.orders.printReceipt })));
    expect(router.state.location.pathname).toBe('/ricevute/o1');
    // number, date, the issuing doctor with fiscal data, the patient, the lines as paid with the duty and who bears it
    await screen.findByRole('heading', { name: 'Ricevuta sanitaria n. 3/2030' });
    const page = within(screen.getByTestId('receipt-page-receipt'));
    expect(page.getByText('Data: 07/01/2030')).toBeTruthy();
    expect(screen.getAllByText('Dott.ssa Giulia Rossi').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Codice fiscale: RSSGLI80A41H501X   Partita IVA: 12345678903', { normalizer: (x) => x }).length).toBeGreaterThan(0);
    expect(page.getByText('Codice fiscale: VRDLCU80A01H501X')).toBeTruthy();
    const duty = page.getByText('Imposta di bollo (a carico del paziente)').closest('tr')!;
    expect(duty.textContent).toContain('2,00 €');
    const total = page.getByText('Totale').closest('tr')!;
    expect(total.textContent).toContain('82,00 €');
    expect(page.getByText('Metodo: PayPal (pagamento tracciabile).')).toBeTruthy();
    expect(page.getByText('Operazione esente da IVA.')).toBeTruthy();
    // the credit note likewise, and the PDF of both
    expect(screen.getByRole('heading', { name: 'Nota di credito NC 1/2030' })).toBeTruthy();
    expect(screen.getByText('Storno della ricevuta n. 3/2030: pagamento rimborsato.')).toBeTruthy();
    expect(screen.getByRole('link', { name: t.orders.receiptPdf }).getAttribute('href')).toBe('/api/orders/o1/receipt.pdf');
    const print = jest.fn();
    window.print = print;
    fireEvent.click(screen.getByRole('button', { name: t.orders.print }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  test('a receipt not numbered yet: the view says it is being prepared, without asking for the document', async () => {
    await open([order], []);
    await act(async () => void fireEvent.click(within((await screen.findByText('PP-9')).closest('tr')!).getByRole('button', { name: t.orders.printReceipt })));
    expect(await screen.findByText(t.orders.fiscalReceiptPending)).toBeTruthy();
    expect(fetchMock!.calls.some((c) => c.url === '/api/orders/o1/receipt')).toBe(false);
  });

  test('an order with its fiscal receipt links to the PDF; one still being numbered says so', async () => {
    await open([order, { ...order, id: 'o2', transaction: 'PP-3' }], [{ orderId: 'o1', label: '1/2030', creditNote: null }]);
    const link = await screen.findByRole('link', { name: t.orders.fiscalReceipt('1/2030') });
    expect(link.getAttribute('href')).toBe('/api/orders/o1/receipt.pdf');
    expect(link.closest('tr')!.textContent).toContain('PP-9');
    const other = screen.getByText('PP-3').closest('tr')!;
    expect(other.textContent).toContain(t.orders.fiscalReceiptPending);
  });

  test('a refunded order says so; a placed one does not', async () => {
    await open([
      { ...order, status: 'refunded' },
      { ...order, id: 'o2', transaction: 'PP-3', status: 'placed' },
    ]);
    expect((await screen.findByText('PP-9')).closest('tr')!.textContent).toContain(t.orders.refunded);
    expect(screen.getByText('PP-3').closest('tr')!.textContent).not.toContain(t.orders.refunded);
  });

  test('a payment PayPal declined after its review: the patient reads why, that nothing was charged, and gets no receipt', async () => {
    await open([
      { ...order, status: 'failed', failureReason: 'cattura DECLINED' },
      { ...order, id: 'o2', transaction: 'PP-3', status: 'placed' },
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(t.orders.failedNotice('Prima visita'));
    expect(alert.textContent).toMatch(/^Il pagamento non è andato a buon fine/);
    expect(alert.textContent).toContain('Non ti è stato addebitato nulla');
    const row = screen.getByText('PP-9').closest('tr')!;
    expect(row.textContent).toContain(t.orders.failed);
    expect(row.textContent).not.toContain(t.orders.fiscalReceiptPending);
    expect(within(row).queryByRole('button', { name: t.orders.printReceipt })).toBeNull();
  });

  test('no orders yet', async () => {
    await open([]);
    expect(await screen.findByText(t.orders.empty)).toBeTruthy();
  });
});
