/** @jest-environment jsdom */
import { mockFetch } from '../test/setupDom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PatientListItem } from '@studio/contracts';
import { it as t } from '../i18n/it';
import { renderRoutes, storeWithSession } from '../test/renderWithStore';
import { FakeSocket } from '../test/fakeSocket';
import { FrontDeskBooking } from './FrontDeskBooking';

const mockSocket = new FakeSocket();
jest.mock('../lib/socket', () => ({
  getSharedSocket: () => mockSocket,
  disconnectSharedSocket: () => undefined,
}));

const DAY = '2099-03-06';
const patients: PatientListItem[] = [
  { id: 'p1', name: 'Luca', surname: 'Verdi', phone: '+39 333 1234567', birthDate: '1980-04-02', nextVisit: null, lastVisit: null },
  { id: 'p2', name: 'Luca', surname: 'Neri', phone: '340 7654321', birthDate: null, nextVisit: null, lastVisit: null },
];
const visitType = {
  id: 'vt1',
  doctorId: 'd1',
  productId: 'pr1',
  name: 'Controllo',
  minutes: 30,
  priceCents: 5000,
  mode: 'studio',
  firstVisitOnly: false,
  followUpOnly: true,
  bufferMinutes: 0,
  noticeMinutes: 0,
  horizonDays: 90,
  questionnaireIds: [],
  archived: false,
};

describe('"Prenota per un paziente" from the front desk’s day', () => {
  test('the desk finds the patient by birth date, picks doctor, visit type, day and hour, holds it for the patient, then takes the payment at the desk', async () => {
    const fetchMock = mockFetch([
      { method: 'GET', path: '/api/patients', body: patients },
      { method: 'GET', path: '/api/doctors', body: [{ id: 'd1', name: 'Giulia Rossi', startHour: 9, endHour: 13 }] },
      { method: 'GET', path: '/api/doctors/d1/visit-types', body: [visitType] },
      { method: 'GET', path: `/disponibilita/query?for=d1&date=${DAY}&type=vt1`, body: [{ id: `d1~${DAY}T09:00:00Z`, hour: '09:00' }] },
      { method: 'POST', path: '/api/patients/p1/holds', status: 201, body: { id: 'b1', expiresAt: '2099-03-05T10:15:00.000Z' } },
      { method: 'POST', path: '/api/bookings/b1/desk-payment', status: 201, body: {} },
    ]);
    try {
      const store = await storeWithSession({ id: 'a', role: 'admin', name: 'Segreteria' });
      renderRoutes(store, [{ path: '/home', element: <FrontDeskBooking /> }], '/home');
      fireEvent.click(screen.getByRole('button', { name: t.frontDesk.book }));
      const dialog = await screen.findByRole('dialog', { name: t.frontDesk.book });
      const box = within(dialog);
      fireEvent.change(box.getByRole('searchbox', { name: t.patientSearch.label }), { target: { value: '2/4/1980' } });
      fireEvent.click(await box.findByRole('radio', { name: /Luca Verdi/ }));
      expect(box.queryByRole('radio', { name: /Luca Neri/ })).toBeNull();
      fireEvent.change(box.getByRole('combobox', { name: t.frontDesk.doctor }), { target: { value: 'd1' } });
      fireEvent.change(await box.findByRole('combobox', { name: t.frontDesk.visitType }), { target: { value: 'vt1' } });
      fireEvent.change(box.getByLabelText(t.frontDesk.day), { target: { value: DAY } });
      await waitFor(() => expect(box.getByRole('option', { name: '09:00' })).toBeTruthy());
      fireEvent.change(box.getByRole('combobox', { name: t.frontDesk.time }), { target: { value: `d1~${DAY}T09:00:00Z` } });
      fireEvent.click(box.getByRole('button', { name: t.frontDesk.hold }));
      expect(await box.findByText(/Orario riservato per Luca Verdi/)).toBeTruthy();
      const hold = fetchMock.calls.find((c) => c.method === 'POST' && c.url === '/api/patients/p1/holds');
      expect(hold?.body).toEqual({ doctor_id: 'd1', availability_id: `d1~${DAY}T09:00:00Z`, visit_type: 'vt1' });
      // the amount starts from the visit type's price
      expect((box.getByRole('textbox', { name: t.agenda.deskAmount }) as HTMLInputElement).value).toBe('50,00');
      fireEvent.click(box.getByRole('button', { name: t.agenda.deskPay }));
      expect(await box.findByText(t.frontDesk.paid)).toBeTruthy();
      expect(fetchMock.calls.find((c) => c.url === '/api/bookings/b1/desk-payment')?.body).toEqual({ method: 'card', amountCents: 5000 });
    } finally {
      fetchMock.restore();
    }
  });

  test('a refusal of the server (e.g. the notice) is shown in the dialog, and the hold is not claimed', async () => {
    const fetchMock = mockFetch([
      { method: 'GET', path: '/api/patients', body: patients },
      { method: 'GET', path: '/api/doctors', body: [{ id: 'd1', name: 'Giulia Rossi', startHour: 9, endHour: 13 }] },
      { method: 'GET', path: '/api/doctors/d1/visit-types', body: [] },
      { method: 'GET', path: `/disponibilita/query?for=d1&date=${DAY}`, body: [{ id: `d1~${DAY}T09:00:00Z`, hour: '09:00' }] },
      {
        method: 'POST',
        path: '/api/patients/p2/holds',
        status: 409,
        body: { error: { code: 'preavviso_insufficiente', message: 'Questa visita si prenota con almeno 24 ore di anticipo: scegli un orario più avanti.' } },
      },
    ]);
    try {
      const store = await storeWithSession({ id: 'a', role: 'admin', name: 'Segreteria' });
      renderRoutes(store, [{ path: '/home', element: <FrontDeskBooking /> }], '/home');
      fireEvent.click(screen.getByRole('button', { name: t.frontDesk.book }));
      const box = within(await screen.findByRole('dialog'));
      fireEvent.change(box.getByRole('searchbox', { name: t.patientSearch.label }), { target: { value: '3407654' } });
      fireEvent.click(await box.findByRole('radio', { name: /Luca Neri/ }));
      fireEvent.change(box.getByRole('combobox', { name: t.frontDesk.doctor }), { target: { value: 'd1' } });
      fireEvent.change(box.getByLabelText(t.frontDesk.day), { target: { value: DAY } });
      await waitFor(() => expect(box.getByRole('option', { name: '09:00' })).toBeTruthy());
      fireEvent.change(box.getByRole('combobox', { name: t.frontDesk.time }), { target: { value: `d1~${DAY}T09:00:00Z` } });
      fireEvent.click(box.getByRole('button', { name: t.frontDesk.hold }));
      expect((await box.findByRole('alert')).textContent).toMatch(/24 ore di anticipo/);
      expect(box.queryByText(/Orario riservato/)).toBeNull();
    } finally {
      fetchMock.restore();
    }
  });
});
