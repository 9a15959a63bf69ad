/** @jest-environment jsdom */
import { mockFetch } from '../../test/setupDom';
import { act, fireEvent, screen } from '@testing-library/react';
import { it as t } from '../../i18n/it';
import { renderRoutes, storeWithSession } from '../../test/renderWithStore';
import { ReminderSettingsCard } from './ReminderSettingsCard';

const view = {
  settings: { channels: ['email', 'push'], hoursBefore: [48, 24], quietHours: { from: '21:00', to: '08:00' }, whatsappProvider: 'meta', senderName: '' },
  providers: { twilio: true, meta: false },
  previews: [
    { kind: 'reminder', text: 'Studio: promemoria visita. Rispondi 1 per confermare, 2 per disdire.', encoding: 'GSM-7', segments: 1, estimatedCents: 8 },
  ],
};
let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());
const admin = { id: 'a1', role: 'admin' as const, name: 'Segreteria' };

describe('ReminderSettingsCard', () => {
  test('shows the texts with their SMS count and cost, and saves the channels in the order chosen', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/settings/reminders', body: view },
      { method: 'PUT', path: '/api/settings/reminders', body: view },
    ]);
    renderRoutes(await storeWithSession(admin), [{ path: '/impostazioni', element: <ReminderSettingsCard /> }], '/impostazioni');
    expect(await screen.findByText(/^1 SMS \(GSM-7\), circa 0,08/)).toBeTruthy();
    expect(screen.getByRole('option', { name: `${t.settings.providers.meta} (${t.settings.notConfigured})` })).toBeTruthy();
    // WhatsApp on, then moved before email and push
    fireEvent.click(screen.getByRole('checkbox', { name: t.settings.channelNames.whatsapp }));
    fireEvent.click(screen.getByRole('button', { name: t.settings.moveUp(t.settings.channelNames.whatsapp) }));
    fireEvent.click(screen.getByRole('button', { name: t.settings.moveUp(t.settings.channelNames.whatsapp) }));
    fireEvent.change(screen.getByLabelText(t.settings.whatsappProvider), { target: { value: 'twilio' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.settings.saveReminders })));
    expect(fetchMock.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      channels: ['whatsapp', 'email', 'push'],
      hoursBefore: [48, 24],
      quietHours: { from: '21:00', to: '08:00' },
      whatsappProvider: 'twilio',
      senderName: '',
    });
    expect(await screen.findByText(t.settings.remindersSaved)).toBeTruthy();
  });
});
