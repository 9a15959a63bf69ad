/** @jest-environment jsdom */
import { mockFetch, type Route } from '../../../test/setupDom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CONTACT_CONSENT_WORDING } from '@studio/contracts';
import { api } from '../../../lib/api';
import { PENDING_BOOKING_KEY } from '../../../lib/pendingBooking';
import { it as t } from '../../../i18n/it';
import { CSRF, renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { RegistrationPage } from './RegistrationPage';
import { phoneValidity, registrationBody, taxcodeValidity } from './registrationForm';

const routes = [
  { path: '/registrazione', element: <RegistrationPage /> },
  { path: '/home', element: <p>home</p> },
  { path: '/login', element: <p>accesso</p> },
  { path: '/prenota', element: <p>prenotazione</p> },
  { path: '/prenota/questionario', element: <p>questionario</p> },
];

const valid = {
  name: 'Mario',
  surname: 'Rossi',
  email: 'mario.rossi@example.it',
  password: 'Password123!',
  phone: '+39 333 1234567',
  taxcode: 'rssmra85t10a562s',
};
const newUser = { id: 'p9', role: 'patient' as const, name: 'Mario Rossi' };

let fetchMock: ReturnType<typeof mockFetch> | undefined;
beforeEach(() => sessionStorage.clear());
afterEach(() => fetchMock?.restore());

async function open(routesMock: Route[] = []) {
  fetchMock = mockFetch(routesMock);
  const store = await storeWithSession(null);
  const view = renderRoutes(store, routes, '/registrazione');
  return { store, ...view };
}

const form = () => document.getElementById('registration') as HTMLFormElement;
function fill(values: Partial<typeof valid>, consent = true) {
  const labels: Record<keyof typeof valid, string> = {
    name: t.registration.name,
    surname: t.registration.surname,
    email: t.registration.email,
    password: t.registration.password,
    phone: t.registration.phone,
    taxcode: t.registration.taxcode,
  };
  for (const [k, v] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(labels[k as keyof typeof valid]), { target: { value: v } });
  }
  const box = document.getElementById('registration-consent') as HTMLInputElement;
  if (box.checked !== consent) fireEvent.click(box);
}
const submit = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: t.registration.submit })));
const posts = () => fetchMock!.calls.filter((c) => c.method === 'POST');

describe('RegistrationPage (/registrazione)', () => {
  test('a form whose action is the current address, class needs-validation, the submit button enabled', async () => {
    await open();
    expect(form().tagName).toBe('FORM');
    expect(form().getAttribute('action')).toBe('/registrazione');
    expect(form().classList.contains('needs-validation')).toBe(true);
    const button = screen.getByRole('button', { name: t.registration.submit }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.classList.contains('lockable')).toBe(true);
  });

  test('an invalid form is blocked: nothing sent, the fields flagged, the button usable again', async () => {
    await open();
    await submit();
    expect(posts()).toHaveLength(0);
    expect(form().classList.contains('was-validated')).toBe(true);
    await waitFor(() => expect((screen.getByRole('button', { name: t.registration.submit }) as HTMLButtonElement).disabled).toBe(false));

    // everything right but the codice fiscale's check character, or the consent
    fill({ ...valid, taxcode: 'RSSMRA85T10A562X' });
    await submit();
    expect(posts()).toHaveLength(0);
    expect((screen.getByLabelText(t.registration.taxcode) as HTMLInputElement).validationMessage).toBe(t.registration.errors.taxcode);
    fill({ taxcode: valid.taxcode }, false);
    await submit();
    expect(posts()).toHaveLength(0);
    fill({ password: 'corta' });
    await submit();
    expect(posts()).toHaveLength(0);
  });

  test('the SMS and WhatsApp boxes, with the words the consent records, are sent as ticked', async () => {
    await open([{ method: 'POST', path: '/api/auth/register', status: 201, body: { user: newUser, csrfToken: 'nuovo-token' } }]);
    expect(screen.getByText(CONTACT_CONSENT_WORDING.sms)).toBeTruthy();
    fill(valid);
    fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(`^WhatsApp ${CONTACT_CONSENT_WORDING.whatsapp.slice(0, 20)}`) }));
    await submit();
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toMatchObject({ smsConsent: false, whatsappConsent: true });
  });

  test('valid, no slot waiting: POST /api/auth/register with CSRF, logged in, then /home', async () => {
    const { router, store } = await open([{ method: 'POST', path: '/api/auth/register', status: 201, body: { user: newUser, csrfToken: 'nuovo-token' } }]);
    fill(valid);
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    const [call] = posts();
    expect(call.url).toBe('/api/auth/register');
    expect(call.headers['x-csrf-token']).toBe(CSRF);
    expect(call.body).toEqual({ ...valid, taxcode: 'RSSMRA85T10A562S', consent: true, smsConsent: false, whatsappConsent: false });
    expect(api.endpoints.getSession.select()(store.getState()).data).toEqual({ user: newUser, csrfToken: 'nuovo-token' });
  });

  test('a slot chosen before registering is held (with the new token), then the questionnaire step', async () => {
    sessionStorage.setItem(PENDING_BOOKING_KEY, JSON.stringify({ doctorId: 'd1', availabilityId: 'd1~203001070900', date: '2030-01-07', hour: '09:00' }));
    const { router } = await open([
      { method: 'POST', path: '/api/auth/register', status: 201, body: { user: newUser, csrfToken: 'nuovo-token' } },
      { method: 'POST', path: '/prenotazioni', status: 201, body: { id: 'b7', expiresAt: '2030-01-07T08:15:00Z' } },
    ]);
    expect(screen.getByText(t.registration.pendingChoice('lunedì 7 gennaio', '09:00'))).toBeTruthy();
    fill(valid);
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/prenota/questionario'));
    expect(router.state.location.search).toBe('?booking=b7&doctor=d1');
    const hold = posts()[1];
    expect(hold.url).toBe('/prenotazioni');
    expect(hold.body).toEqual({ doctor_id: 'd1', availability_id: 'd1~203001070900' });
    expect(hold.headers['x-csrf-token']).toBe('nuovo-token');
    expect(sessionStorage.getItem(PENDING_BOOKING_KEY)).toBeNull();
  });

  test('the waiting slot taken meanwhile (409): back to the booking page, the choice forgotten', async () => {
    sessionStorage.setItem(PENDING_BOOKING_KEY, JSON.stringify({ doctorId: 'd1', availabilityId: 'd1~203001070900', date: '2030-01-07', hour: '09:00' }));
    const { router, store } = await open([
      { method: 'POST', path: '/api/auth/register', status: 201, body: { user: newUser, csrfToken: 'nuovo-token' } },
      { method: 'POST', path: '/prenotazioni', status: 409, body: { error: { code: 'SLOT_TAKEN', message: 'Orario già preso' } } },
    ]);
    fill(valid);
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/prenota'));
    expect(sessionStorage.getItem(PENDING_BOOKING_KEY)).toBeNull();
    expect(store.getState().booking.holdError).toBe('Orario già preso');
  });

  test("a refused registration shows the server's Italian message and can be sent again", async () => {
    await open([
      {
        method: 'POST',
        path: '/api/auth/register',
        status: 400,
        body: { error: { code: 'BAD_REQUEST', message: 'Codice fiscale non valido: controlla i 16 caratteri' } },
      },
    ]);
    fill(valid);
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Codice fiscale non valido: controlla i 16 caratteri');
    expect(within(alert).queryByRole('link')).toBeNull();
    await waitFor(() => expect((screen.getByRole('button', { name: t.registration.submit }) as HTMLButtonElement).disabled).toBe(false));
  });

  test('a duplicate email (409) suggests logging in', async () => {
    const { router } = await open([
      {
        method: 'POST',
        path: '/api/auth/register',
        status: 409,
        body: { error: { code: 'EMAIL_TAKEN', message: 'Esiste già un account con questa email: accedi o recupera la password.' } },
      },
    ]);
    fill(valid);
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Esiste già un account con questa email');
    fireEvent.click(within(alert).getByRole('link', { name: t.registration.loginInstead }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  test('a network failure reads in Italian', async () => {
    await open([]);
    fetchMock!.restore();
    fetchMock = mockFetch([]);
    (globalThis as { fetch: unknown }).fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    fill(valid);
    await submit();
    expect((await screen.findByRole('alert')).textContent).toContain(t.app.networkError);
  });

  test('the privacy link opens the informativa in a modal', async () => {
    await open();
    fireEvent.click(screen.getByRole('link', { name: t.registration.consentLink }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(t.registration.privacy.title)).toBeTruthy();
    expect((document.getElementById('registration-consent') as HTMLInputElement).checked).toBe(false);
  });

  test('someone already logged in is sent on', async () => {
    fetchMock = mockFetch([]);
    const store = await storeWithSession({ id: 'p1', role: 'patient', name: 'Luca Verdi' });
    const { router } = renderRoutes(store, routes, '/registrazione');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});

describe('registration checks', () => {
  test('codice fiscale: shape and check character (contracts helper), any case; empty is left to required', () => {
    expect(taxcodeValidity('RSSMRA85T10A562S')).toBe('');
    expect(taxcodeValidity(' rssmra85t10a562s ')).toBe('');
    expect(taxcodeValidity('RSSMRA85T10A562T')).toBe(t.registration.errors.taxcode);
    expect(taxcodeValidity('RSSMRA85T10A56')).toBe(t.registration.errors.taxcode);
    expect(taxcodeValidity('')).toBe('');
  });

  test('phone: digits and spaces, + for international', () => {
    expect(phoneValidity('+39 333 1234567')).toBe('');
    expect(phoneValidity('0612345678')).toBe('');
    expect(phoneValidity('06-1234')).toBe(t.registration.errors.phone);
    expect(phoneValidity('')).toBe('');
  });

  test('the body: trimmed, tax code in capitals, consent true', () => {
    expect(registrationBody({ ...valid, name: ' Mario ', email: ' a@b.it ', consent: true, smsConsent: true, whatsappConsent: false })).toEqual({
      ...valid,
      email: 'a@b.it',
      taxcode: 'RSSMRA85T10A562S',
      consent: true,
      smsConsent: true,
      whatsappConsent: false,
    });
  });
});
