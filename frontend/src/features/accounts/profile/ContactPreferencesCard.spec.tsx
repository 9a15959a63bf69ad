/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, screen } from '@testing-library/react';
import { CONTACT_CONSENT_WORDING } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { ContactPreferencesCard } from './ContactPreferencesCard';

const view = {
  channels: { email: true, sms: false, whatsapp: false, push: true },
  phone: null,
  wording: CONTACT_CONSENT_WORDING,
  setAt: null,
};
let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());
const patient = { id: 'p1', role: 'patient' as const, name: 'Luca Verdi' };

describe('ContactPreferencesCard', () => {
  test('shows each channel with the words agreed to, and saves WhatsApp with the mobile as typed', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/me/contact-preferences', body: view },
      { method: 'PUT', path: '/api/me/contact-preferences', body: { ...view, channels: { ...view.channels, whatsapp: true }, phone: '+393331234567' } },
    ]);
    renderRoutes(await storeWithSession(patient), [{ path: '/profilo', element: <ContactPreferencesCard /> }], '/profilo');
    const whatsapp = await screen.findByRole('checkbox', { name: new RegExp(t.profile.channelNames.whatsapp) });
    expect(screen.getByText(CONTACT_CONSENT_WORDING.whatsapp)).toBeTruthy();
    fireEvent.click(whatsapp);
    fireEvent.change(screen.getByLabelText(t.profile.mobile), { target: { value: '333 123 4567' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.profile.saveChannels })));
    expect(fetchMock.calls.find((c) => c.method === 'PUT')?.body).toEqual({ email: true, sms: false, whatsapp: true, push: true, phone: '333 123 4567' });
    expect(await screen.findByText(t.profile.channelsSaved)).toBeTruthy();
  });

  test('says in Italian why a choice was refused', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/me/contact-preferences', body: view },
      {
        method: 'PUT',
        path: '/api/me/contact-preferences',
        status: 400,
        body: { error: { code: 'telefono_mancante', message: 'Per SMS e WhatsApp serve il numero di cellulare.' } },
      },
    ]);
    renderRoutes(await storeWithSession(patient), [{ path: '/profilo', element: <ContactPreferencesCard /> }], '/profilo');
    fireEvent.click(await screen.findByRole('checkbox', { name: new RegExp(t.profile.channelNames.sms) }));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.profile.saveChannels })));
    expect(await screen.findByText('Per SMS e WhatsApp serve il numero di cellulare.')).toBeTruthy();
  });
});
