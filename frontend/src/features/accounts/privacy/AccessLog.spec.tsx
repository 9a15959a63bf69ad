/** @jest-environment jsdom */
import '../../../test/setupDom';
import { screen, within } from '@testing-library/react';
import { mockFetch } from '../../../test/setupDom';
import { renderWithStore, storeWithSession } from '../../../test/renderWithStore';
import { AccessLog } from './AccessLog';

describe('/home: who looked at my record', () => {
  it('lists each read with who, role, what and when', async () => {
    const fetchMock = mockFetch([
      {
        method: 'GET',
        path: '/api/me/access-log',
        body: [
          {
            position: 12,
            at: '2030-03-05T10:15:00.000Z',
            firstAt: '2030-03-05T10:01:00.000Z',
            count: 3,
            viewerId: 'd1',
            viewerRole: 'doctor',
            viewerName: 'Giulia Rossi',
            viewerRegisterNumber: 'ONB 4321',
            what: 'questionnaire_answers',
          },
          { position: 9, at: '2030-03-04T08:00:00.000Z', viewerId: 'a1', viewerRole: 'admin', viewerName: 'Segreteria Studio', what: 'audit_event' },
        ],
      },
    ]);
    try {
      renderWithStore(await storeWithSession({ id: 'p1', role: 'patient', name: 'Paola' }), <AccessLog />);
      const table = await screen.findByTestId('access-log');
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(2);
      // as the reader was at the read, with the doctor's register number
      expect(rows[0].textContent).toContain('Giulia Rossi (Medico, n. iscr. albo ONB 4321)');
      expect(rows[0].textContent).toContain('risposte al questionario (3 volte)');
      expect(rows[1].textContent).not.toContain('volte');
      expect(rows[1].textContent).toContain('Segreteria Studio (Segreteria)');
      expect(rows[1].textContent).toContain('un evento dello storico');
    } finally {
      fetchMock.restore();
    }
  });

  it('says so when nobody looked', async () => {
    const fetchMock = mockFetch([{ method: 'GET', path: '/api/me/access-log', body: [] }]);
    try {
      renderWithStore(await storeWithSession({ id: 'p1', role: 'patient', name: 'Paola' }), <AccessLog />);
      expect(await screen.findByText('Nessuna consultazione registrata.')).toBeTruthy();
    } finally {
      fetchMock.restore();
    }
  });
});
