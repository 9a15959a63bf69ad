/** @jest-environment jsdom */
import { mockFetch } from '../../test/setupDom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { FiscalYearView } from '@studio/contracts';
import { it as t } from '../../i18n/it';
import { CSRF, renderRoutes, storeWithSession } from '../../test/renderWithStore';
import { FiscalPage } from './FiscalPage';

const YEAR = new Date().getFullYear();
const doc = (n: number, patientName: string, totalCents: number) => ({
  id: `ricevuta-o${n}`,
  kind: 'receipt' as const,
  number: n,
  year: YEAR,
  label: `${n}/${YEAR}`,
  issuedAt: `${YEAR}-03-0${n}T10:00:00Z`,
  orderId: `o${n}`,
  patientId: `p${n}`,
  patientName,
  amountCents: totalCents - 200,
  stampDutyCents: 200,
  totalCents,
  stsOpposition: n === 2,
});
const view: FiscalYearView = {
  doctorId: 'd1',
  year: YEAR,
  documents: [doc(1, 'Verdi Luca', 8200), doc(2, 'Bianchi Anna', 10200)],
  totals: { receipts: 2, creditNotes: 0, amountCents: 18000, stampDutyCents: 400, totalCents: 18400 },
  blockedMessage: null,
};
const plain = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

describe('/fiscale', () => {
  test("a doctor's year: rows with PDF links, totals, the Sistema TS download; sortable by patient", async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: new RegExp(`^/api/fiscal/documents\\?doctor=d1&year=${YEAR}$`), body: view },
      { method: 'GET', path: '/api/fiscal/profiles/d1', body: { doctorId: 'd1', profile: null, demo: false, pendingReceipts: 0, blockedMessage: null } },
    ]);
    const store = await storeWithSession({ id: 'd1', role: 'doctor', name: 'Giulia Rossi' });
    renderRoutes(store, [{ path: '/fiscale', element: <FiscalPage /> }], '/fiscale');
    const table = await screen.findByTestId('fiscal-table');
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows().map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual([`1/${YEAR}`, `2/${YEAR}`]);
    expect(
      within(rows()[0])
        .getByRole('link', { name: `${t.fiscal.pdf} 1/${YEAR}` })
        .getAttribute('href'),
    ).toBe('/api/orders/o1/receipt.pdf');
    expect(plain(screen.getByTestId('fiscal-total').textContent)).toContain('184,00 €');
    expect(screen.getByRole('link', { name: t.fiscal.export }).getAttribute('href')).toBe(`/api/fiscal/sts-export?doctor=d1&year=${YEAR}`);

    await act(async () => void fireEvent.click(within(table).getByRole('button', { name: new RegExp(t.fiscal.patient) })));
    expect(rows().map((r) => within(r).getAllByRole('cell')[3].textContent)).toEqual(['Bianchi Anna', 'Verdi Luca']);
  });

  test('the profile form shows the blocked message and saves with the CSRF token; the server’s Italian refusal is shown', async () => {
    fetchMock = mockFetch([
      {
        method: 'GET',
        path: /^\/api\/fiscal\/documents/,
        body: { ...view, documents: [], blockedMessage: 'Profilo fiscale incompleto: 1 pagamento attende la ricevuta.' },
      },
      {
        method: 'GET',
        path: '/api/fiscal/profiles/d1',
        body: {
          doctorId: 'd1',
          profile: null,
          demo: false,
          pendingReceipts: 1,
          blockedMessage: 'Profilo fiscale incompleto: 1 pagamento attende la ricevuta.',
        },
      },
      {
        method: 'PUT',
        path: '/api/fiscal/profiles/d1',
        status: 400,
        body: { error: { code: 'dati_non_validi', message: 'Partita IVA non valida (11 cifre, controlla la cifra finale)' } },
      },
    ]);
    const store = await storeWithSession({ id: 'd1', role: 'doctor', name: 'Giulia Rossi' });
    renderRoutes(store, [{ path: '/fiscale', element: <FiscalPage /> }], '/fiscale');
    expect((await screen.findAllByText(/Profilo fiscale incompleto/)).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: t.fiscal.profileTitle }));
    const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await screen.findByLabelText(t.fiscal.vatNumber);
    fill(t.fiscal.registeredName, 'Dott.ssa Giulia Rossi');
    fill(t.fiscal.profTitle, 'Biologa nutrizionista');
    fill(t.fiscal.albo, 'Ordine dei Biologi n. 1');
    fill(t.fiscal.taxcode, 'RSSGLI80A41H501W');
    fill(t.fiscal.address, 'Via dei Mille 1, Roma');
    fill(t.fiscal.vatNumber, '12345678900');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.fiscal.save })));
    const put = fetchMock.calls.find((c) => c.method === 'PUT')!;
    expect(put.headers['x-csrf-token']).toBe(CSRF);
    expect(put.body).toMatchObject({ vatNumber: '12345678900', regime: 'ordinario', stampDutyToPatient: true });
    expect(await screen.findByText('Partita IVA non valida (11 cifre, controlla la cifra finale)')).toBeTruthy();
  });

  test("the day's takings: a row per method with the net, the total, CSV and PDF links for the books", async () => {
    const day = new Date().toLocaleDateString('sv-SE');
    fetchMock = mockFetch([
      { method: 'GET', path: new RegExp(`^/api/fiscal/documents\\?doctor=d1&year=${YEAR}$`), body: view },
      { method: 'GET', path: '/api/fiscal/profiles/d1', body: { doctorId: 'd1', profile: null, demo: false, pendingReceipts: 0, blockedMessage: null } },
      {
        method: 'GET',
        path: new RegExp(`^/api/fiscal/takings\\?day=${day}&doctor=d1$`),
        body: {
          day,
          rows: [
            { doctorId: 'd1', doctorName: 'Giulia Rossi', method: 'cash', payments: 2, refunds: 0, netCents: 16000 },
            { doctorId: 'd1', doctorName: 'Giulia Rossi', method: 'card', payments: 1, refunds: 1, netCents: 0 },
          ],
          totalCents: 16000,
        },
      },
    ]);
    const store = await storeWithSession({ id: 'd1', role: 'doctor', name: 'Giulia Rossi' });
    renderRoutes(store, [{ path: '/fiscale', element: <FiscalPage /> }], '/fiscale');
    const table = await screen.findByRole('table', { name: t.fiscal.takingsTitle });
    const rows = within(table).getAllByRole('row').slice(1, -1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => plain(c.textContent)),
      ),
    ).toEqual([
      ['Giulia Rossi', 'Contanti', '2', '0', '160,00 €'],
      ['Giulia Rossi', 'Carta (POS)', '1', '1', '0,00 €'],
    ]);
    expect(plain(screen.getByTestId('takings-total').textContent)).toBe('160,00 €');
    expect(screen.getByRole('link', { name: t.fiscal.takingsCsv }).getAttribute('href')).toBe(`/api/fiscal/takings?day=${day}&format=csv&doctor=d1`);
    expect(screen.getByRole('link', { name: t.fiscal.takingsPdf }).getAttribute('href')).toBe(`/api/fiscal/takings?day=${day}&format=pdf&doctor=d1`);
  });
});
