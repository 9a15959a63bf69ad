/** @jest-environment jsdom */
import '../../../test/setupDom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { FISCAL_RETENTION_STATEMENT, type ErasureInfoView } from '@studio/contracts';
import { mockFetch } from '../../../test/setupDom';
import { renderWithStore, storeWithSession } from '../../../test/renderWithStore';
import { it as t } from '../../../i18n/it';
import { ErasureRequest } from './ErasureRequest';

const info: ErasureInfoView = {
  statement: FISCAL_RETENTION_STATEMENT,
  documents: [
    { kind: 'receipt', label: '3/2030', doctorName: 'Giulia Rossi', year: 2030, keptUntil: '2040-12-31' },
    { kind: 'credit_note', label: 'NC 1/2031', doctorName: 'Giulia Rossi', year: 2031, keptUntil: '2041-12-31' },
  ],
  requestedAt: null,
};

describe('/home: asking for the erasure of my data', () => {
  it('tells what stays and why (fiscal documents, separate key, 10 years, the laws), then records the request once confirmed', async () => {
    const fetchMock = mockFetch([
      { method: 'GET', path: '/api/me/erasure', body: info },
      { method: 'POST', path: '/api/me/erasure-request', status: 201, body: { ...info, requestedAt: '2030-03-04T06:00:00.000Z' } },
    ]);
    try {
      renderWithStore(await storeWithSession({ id: 'p1', role: 'patient', name: 'Paola' }), <ErasureRequest />);
      expect(await screen.findByRole('heading', { name: t.erasure.title })).toBeTruthy();
      const text = document.body.textContent ?? '';
      for (const words of [
        'art. 2220 del Codice civile',
        'DPR 600/1973',
        'chiave fiscale separata',
        'Sistema Tessera Sanitaria',
        'art. 17, paragrafo 3, lettera b',
      ])
        expect(text).toContain(words);
      // the legal statement is folded behind a disclosure, closed until the patient opens it (half of /home otherwise)
      const statement = screen.getByTestId('erasure-statement');
      expect(statement.tagName).toBe('DETAILS');
      expect((statement as HTMLDetailsElement).open).toBe(false);
      expect(statement.textContent).toContain('art. 2220 del Codice civile');
      const kept = within(screen.getByTestId('erasure-kept')).getAllByRole('listitem');
      expect(kept.map((li) => li.textContent)).toEqual([
        'Ricevuta 3/2030 di Giulia Rossi: conservata fino al 31/12/2040',
        'Nota di credito NC 1/2031 di Giulia Rossi: conservata fino al 31/12/2041',
      ]);
      // not before the patient confirms having read it
      const submit = screen.getByRole('button', { name: t.erasure.submit });
      expect((submit as HTMLButtonElement).disabled).toBe(true);
      await act(async () => void fireEvent.click(screen.getByLabelText(t.erasure.confirm)));
      await act(async () => void fireEvent.click(submit));
      expect(await screen.findByText(t.erasure.requested('04/03/2030'))).toBeTruthy();
      expect(fetchMock.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/me/erasure-request']);
      expect(screen.queryByRole('button', { name: t.erasure.submit })).toBeNull();
    } finally {
      fetchMock.restore();
    }
  });
});
