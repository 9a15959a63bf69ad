/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { fireEvent, screen, within } from '@testing-library/react';
import type { DietPatient, SessionUser } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { DietPatientsPage } from './DietPatientsPage';

const d = t.diet;
const doctor: SessionUser = { id: 'd1', role: 'doctor', name: 'Giulia Rossi' };
const patients: DietPatient[] = [
  {
    id: 'f652bedb-0000-4000-8000-000000000001',
    name: 'Luca Verdi',
    email: 'luca.verdi@example.it',
    hasDiet: false,
    birthDate: '1980-04-02',
    nextVisit: '2030-03-05T09:00:00.000Z',
  },
  { id: 'a1b2c3d4-0000-4000-8000-000000000002', name: 'Luca Verdi', email: 'lv@example.it', hasDiet: false, birthDate: null, nextVisit: null },
  { id: 'b1b2c3d4-0000-4000-8000-000000000003', name: 'Paola Neri', email: 'paola.neri@example.it', hasDiet: false, birthDate: null, nextVisit: null },
];

describe('/diete: patients told apart by name, birth date and next visit', () => {
  it('shows the birth date and the next visit, never an internal id; a namesake without a birth date is told to record it', async () => {
    const fetchMock = mockFetch([{ method: 'GET', path: '/api/diets/patients', body: patients }]);
    try {
      renderRoutes(await storeWithSession(doctor), [{ path: '/diete', element: <DietPatientsPage /> }], '/diete');
      const items = await screen.findAllByRole('listitem');
      expect(items).toHaveLength(3);
      expect(items[0].textContent).toContain('Luca Verdi');
      expect(items[0].textContent).toContain(d.bornOn('2 apr 1980'));
      expect(items[0].textContent).toMatch(/prossima visita martedì 5 marzo 2030 09:00/);
      expect(items[1].textContent).toContain(d.namesakeNoBirthDate);
      expect(items[1].textContent).toContain(d.noNextVisit);
      expect(items[2].textContent).toContain(d.noBirthDate);
      for (const item of items) {
        expect(item.textContent).not.toMatch(/cod\.|f652bedb|a1b2c3d4/);
        expect(within(item).getByRole('link', { name: d.open })).toBeTruthy();
      }
    } finally {
      fetchMock.restore();
    }
  });

  it('finds a patient by name, by birth date typed dd/mm/yyyy and by email', async () => {
    const fetchMock = mockFetch([{ method: 'GET', path: '/api/diets/patients', body: patients }]);
    try {
      renderRoutes(await storeWithSession(doctor), [{ path: '/diete', element: <DietPatientsPage /> }], '/diete');
      const search = await screen.findByRole('searchbox', { name: t.patientSearch.label });
      const names = () => screen.getAllByRole('listitem').map((li) => li.textContent);
      fireEvent.change(search, { target: { value: '02/04/1980' } });
      expect(names()).toEqual([expect.stringContaining('Luca Verdi')]);
      expect(screen.getByRole('status').textContent).toBe(t.patientSearch.found(1, 3));
      fireEvent.change(search, { target: { value: 'paola.neri@' } });
      expect(names()).toEqual([expect.stringContaining('Paola Neri')]);
      fireEvent.change(search, { target: { value: 'verdi' } });
      expect(names()).toHaveLength(2);
      fireEvent.change(search, { target: { value: '31/12/1999' } });
      expect(screen.queryAllByRole('listitem')).toHaveLength(0);
      expect(screen.getByRole('status').textContent).toBe(t.patientSearch.none);
    } finally {
      fetchMock.restore();
    }
  });
});
