/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { screen } from '@testing-library/react';
import type { BookingView } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { BookingDetailPage } from './BookingDetailPage';

/** the patient's own booking page names the visit type, opens the online room, tells a cancellation in full */
const routes = [{ path: '/prenotazioni/:id', element: <BookingDetailPage /> }];
const plain = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');
const base: BookingView = {
  id: 'b1',
  patientId: 'p1',
  doctorId: 'd1',
  doctorName: 'Giulia Rossi',
  slotId: 's',
  start: '2030-01-08T09:00:00Z',
  end: '2030-01-08T10:00:00Z',
  status: 'confirmed',
  expiresAt: '2030-01-01T10:00:00Z',
  visit: { visitTypeId: 'vt1', name: 'Prima visita', minutes: 60, mode: 'online', productId: 'p1', priceCents: 9000 },
};

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

async function open(body: BookingView) {
  fetchMock = mockFetch([
    { method: 'GET', path: '/prenotazioni/b1', body },
    { method: 'GET', path: /^\/api\/bookings\/b1\/receipts/, body: [] },
    { method: 'GET', path: /^\/api\/me\/orders/, body: [] },
  ]);
  const store = await storeWithSession({ id: 'p1', role: 'patient', name: 'Luca Verdi' });
  renderRoutes(store, routes, '/prenotazioni/b1');
  return screen.findByText(t.myBookings.status[body.status]);
}

test('a confirmed online visit: its type and length, and the room (opens from 15 minutes before)', async () => {
  await open({ ...base, video: { url: 'https://video.example.it/studio-b1', opensAt: new Date(Date.now() - 1000).toISOString() } });
  expect(document.querySelector('.app-booking-detail')!.textContent).toContain(`Prima visita · ${t.journey.minutes(60)}`);
  expect(screen.getByRole('link', { name: t.journey.joinVideo }).getAttribute('href')).toBe('https://video.example.it/studio-b1');
});

test('a visit the doctor cancelled: who, the reason and the refund', async () => {
  await open({ ...base, status: 'cancelled', refunded: true, cancellation: { by: 'doctor', reason: 'Malattia', refund: 'full', refundCents: 9000 } });
  const details = await screen.findByTestId('cancellation');
  expect(plain(details.textContent)).toContain(t.journey.cancelledBy.doctor);
  expect(plain(details.textContent)).toContain('Motivo: Malattia');
  expect(plain(details.textContent)).toContain('Rimborso: 90,00 €');
});
