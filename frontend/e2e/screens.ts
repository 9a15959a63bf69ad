import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';

/**
 * Every screen of the app, for every role that uses it: the one table the all-routes browser test
 * (all-routes.e2e.spec.ts) and `npm run screenshots` read. A new route is a new row here.
 */
export type Viewer = 'visitor' | 'patient' | 'doctor' | 'admin' | 'auditor';

/** ids the parameterised routes need, created once per run through the app's own HTTP calls */
export interface Fixtures {
  doctorId: string;
  patientId: string;
  /** a paid booking of the demo patient with medico1, and its order */
  confirmedBookingId: string;
  /** its day, YYYY-MM-DD (the agenda opens on it) */
  confirmedDay: string;
  orderId: string;
  /** a booking of the demo patient still held (questionnaire and payment steps) */
  heldBookingId: string;
}

export interface Screen {
  /** short name, used in reports and screenshot file names */
  name: string;
  path: (f: Fixtures) => string;
  roles: readonly Viewer[];
  /** the page's own title: document.title starts with it */
  title: string;
  /** shown in `npm run screenshots` */
  main?: boolean;
  /** what a user does on the page before it is checked (a state worth checking of its own) */
  prepare?: (page: Page) => Promise<void>;
}

/** the booking page with medico1, a day and an hour chosen */
async function chooseDoctorDayHour(page: Page): Promise<void> {
  await page.getByLabel('Medico').selectOption({ label: 'Giulia Rossi' });
  await page.locator('#doing_booking [data-date]:not([disabled])').first().click();
  await page.locator('#doing_booking [data-hour]').first().click();
  // the state after the choice: the hour chosen and the list enabled again (a hold or a check is in flight before)
  await page.locator('#doing_booking [data-hour][aria-pressed="true"]:not([disabled])').waitFor();
  await page.waitForFunction(() => !document.querySelector('#doing_booking [data-hour]:disabled'));
}

/** the diet editor with a row added and the food picker open on what was typed (the food combobox) */
async function openFoodPicker(page: Page): Promise<void> {
  const card = page.locator('.diet-meal[data-meal="pranzo"]');
  await card.getByRole('button', { name: 'Aggiungi riga' }).click();
  await card.getByRole('combobox').first().fill('pa');
  await card.getByRole('option').first().waitFor();
}

/** the patient's /home with the cancel dialog of the paid booking open */
async function openPatientCancelDialog(page: Page): Promise<void> {
  await page.locator('li[data-status="confirmed"]').first().getByRole('button', { name: 'Disdici' }).click();
  await page.getByRole('dialog').waitFor();
}

/** the doctor's agenda with the cancel dialog of an appointment open */
async function openAgendaCancelDialog(page: Page): Promise<void> {
  await page.locator('tr[data-booking-id][data-status="confirmed"]').first().getByRole('button', { name: 'Disdici' }).click();
  await page.getByRole('dialog').waitFor();
}

/** the front desk's /home with "Prenota per un paziente" open: a patient found by name and chosen, a doctor chosen */
async function openFrontDeskBooking(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Prenota per un paziente' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('searchbox', { name: 'Cerca un paziente' }).fill('Verdi');
  await dialog
    .getByRole('radio', { name: /Luca Verdi/ })
    .first()
    .check();
  await dialog.getByLabel('Medico').selectOption({ label: 'Giulia Rossi' });
  await dialog.getByLabel('Ora').waitFor();
}

/** "Nuovo paziente" open on /pazienti (the segreteria registers a patient who phoned) */
async function openNewPatient(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Nuovo paziente' }).click();
  await page.getByRole('dialog', { name: 'Nuovo paziente' }).waitFor();
}

/** "Nuovo alimento" open on /alimenti: the practice's food with its allergen boxes */
async function openNewFood(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Nuovo alimento' }).click();
  await page.getByRole('dialog').getByLabel('Lattosio (intolleranza)').waitFor();
}

/** "Nuovo prodotto" open on /catalogo: the check-up switch among the fields */
async function openNewProduct(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Nuovo prodotto' }).click();
  await page
    .getByRole('dialog')
    .getByLabel(/Solo visite di controllo/)
    .waitFor();
}

/** /pazienti searched by a surname */
async function searchPatients(page: Page): Promise<void> {
  await page.getByRole('searchbox', { name: 'Cerca un paziente' }).fill('Verdi');
  await page.locator('tr[data-patient-id]').first().waitFor();
}

/** /diete filtered by a birth date typed as Italians do (or by a name: the fixture patient may have none) */
async function searchDietPatients(page: Page): Promise<void> {
  await page.getByRole('searchbox', { name: 'Cerca un paziente' }).fill('Verdi');
  await page
    .getByRole('status')
    .filter({ hasText: /trovat/ })
    .waitFor();
}

/** /storico as a timeline (days in Italian, repeated reads grouped) */
async function showAuditTimeline(page: Page): Promise<void> {
  // a toggle button: the radio is hidden behind its label (.btn-check), the label takes the click
  await page.locator('label[for="audit-view-timeline"]').click();
  await page.getByTestId('audit-timeline').waitFor();
}

/** /storico with the newest event's detail open */
async function openFirstAuditEvent(page: Page): Promise<void> {
  await page.getByTestId('audit-event-row').first().getByRole('button').first().click();
  await page.getByRole('dialog').getByRole('tab').first().waitFor();
}

export const SCREENS: readonly Screen[] = [
  { name: 'login', path: () => '/login', roles: ['visitor'], title: 'Accedi', main: true },
  { name: 'prenota', path: () => '/prenota', roles: ['visitor', 'patient'], title: 'Prenota una visita', main: true },
  { name: 'prenota-scelta', path: () => '/prenota', roles: ['visitor', 'patient'], title: 'Prenota una visita', main: true, prepare: chooseDoctorDayHour },
  { name: 'registrazione', path: () => '/registrazione', roles: ['visitor'], title: 'Registrati', main: true },
  { name: 'home', path: () => '/home', roles: ['patient', 'doctor', 'admin', 'auditor'], title: 'Home', main: true },
  {
    name: 'questionario',
    path: (f) => `/prenota/questionario?booking=${f.heldBookingId}&doctor=${f.doctorId}`,
    roles: ['patient'],
    title: 'Questionario',
    main: true,
  },
  { name: 'pagamento', path: (f) => `/pagamento?booking=${f.heldBookingId}`, roles: ['patient'], title: 'Pagamento', main: true },
  { name: 'ricevuta', path: (f) => `/ricevute/${f.orderId}`, roles: ['patient'], title: 'Ricevuta', main: true },
  { name: 'prenotazione', path: (f) => `/prenotazioni/${f.confirmedBookingId}`, roles: ['patient', 'doctor', 'admin'], title: 'Prenotazione', main: true },
  { name: 'disponibilita', path: () => '/disponibilita', roles: ['doctor', 'admin'], title: 'Disponibilità', main: true },
  { name: 'calendario-esterno', path: () => '/calendario-esterno', roles: ['doctor'], title: 'Calendario esterno' },
  { name: 'questionari', path: () => '/questionari', roles: ['doctor', 'admin'], title: 'Questionari', main: true },
  { name: 'tipi-visita', path: () => '/tipi-visita', roles: ['doctor', 'admin'], title: 'Tipi di visita', main: true },
  { name: 'diete', path: () => '/diete', roles: ['doctor'], title: 'Diete', main: true },
  { name: 'dieta', path: (f) => `/diete/${f.patientId}`, roles: ['doctor'], title: 'Dieta', main: true },
  { name: 'dieta-alimento', path: (f) => `/diete/${f.patientId}`, roles: ['doctor'], title: 'Dieta', prepare: openFoodPicker },
  { name: 'alimenti', path: () => '/alimenti', roles: ['doctor', 'admin'], title: 'Alimenti', main: true },
  { name: 'ricette', path: () => '/ricette', roles: ['doctor', 'admin'], title: 'Ricettario', main: true },
  { name: 'catalogo', path: () => '/catalogo', roles: ['admin'], title: 'Prodotti e coupon', main: true },
  { name: 'storico', path: () => '/storico', roles: ['admin', 'auditor'], title: 'Storico', main: true },
  { name: 'agenda', path: () => '/agenda', roles: ['doctor', 'admin'], title: 'Agenda', main: true },
  // the day of the fixtures' appointments (the agenda screenshot of docs/img: this week may be empty)
  { name: 'agenda-giorno', path: (f) => `/agenda?view=day&day=${f.confirmedDay}`, roles: ['doctor'], title: 'Agenda', main: true },
  // the segreteria's day: the desk payment of the held booking, the receipt of the paid one, the patients' links
  { name: 'agenda-giorno-segreteria', path: (f) => `/agenda?view=day&day=${f.confirmedDay}&for=${f.doctorId}`, roles: ['admin'], title: 'Agenda', main: true },
  { name: 'fiscale', path: () => '/fiscale', roles: ['doctor', 'admin'], title: 'Documenti fiscali', main: true },
  { name: 'posta', path: () => '/posta', roles: ['admin'], title: 'Posta in uscita', main: true },
  { name: 'statistiche', path: () => '/statistiche', roles: ['doctor', 'admin'], title: 'Statistiche' },
  { name: 'messaggi', path: () => '/messaggi', roles: ['patient', 'doctor', 'admin'], title: 'Messaggi', main: true },
  { name: 'messaggi-paziente', path: (f) => `/messaggi/${f.patientId}`, roles: ['admin'], title: 'Messaggi' },
  { name: 'impostazioni', path: () => '/impostazioni', roles: ['doctor', 'admin'], title: 'Impostazioni', main: true },
  { name: 'personale', path: () => '/staff', roles: ['admin'], title: 'Personale', main: true },
  { name: 'profilo', path: () => '/profilo', roles: ['patient', 'doctor', 'admin', 'auditor'], title: 'Il mio profilo', main: true },
  { name: 'password-dimenticata', path: () => '/password-dimenticata', roles: ['visitor'], title: 'Password dimenticata', main: true },
  { name: 'cartella', path: (f) => `/pazienti/${f.patientId}`, roles: ['doctor'], title: 'Cartella clinica', main: true },
  { name: 'pazienti', path: () => '/pazienti', roles: ['doctor', 'admin'], title: 'Pazienti', main: true },
  // dialogs and the states after an action, checked like pages
  { name: 'home-disdetta', path: () => '/home', roles: ['patient'], title: 'Home', prepare: openPatientCancelDialog },
  { name: 'agenda-disdetta', path: (f) => `/agenda?view=day&day=${f.confirmedDay}`, roles: ['doctor'], title: 'Agenda', prepare: openAgendaCancelDialog },
  { name: 'storico-evento', path: () => '/storico', roles: ['admin', 'auditor'], title: 'Storico', prepare: openFirstAuditEvent },
  { name: 'storico-cronologia', path: () => '/storico', roles: ['admin', 'auditor'], title: 'Storico', prepare: showAuditTimeline },
  { name: 'home-prenota-paziente', path: () => '/home', roles: ['admin'], title: 'Home', prepare: openFrontDeskBooking },
  { name: 'pazienti-ricerca', path: () => '/pazienti', roles: ['doctor', 'admin'], title: 'Pazienti', prepare: searchPatients },
  { name: 'pazienti-nuovo', path: () => '/pazienti', roles: ['admin', 'doctor'], title: 'Pazienti', prepare: openNewPatient },
  { name: 'diete-ricerca', path: () => '/diete', roles: ['doctor'], title: 'Diete', prepare: searchDietPatients },
  { name: 'alimenti-nuovo', path: () => '/alimenti', roles: ['doctor'], title: 'Alimenti', prepare: openNewFood },
  { name: 'catalogo-prodotto', path: () => '/catalogo', roles: ['admin'], title: 'Prodotti e coupon', prepare: openNewProduct },
  // what a role outside a page reads, and an unknown address
  { name: 'storico-negato', path: () => '/storico', roles: ['doctor', 'patient'], title: 'Accesso non consentito' },
  { name: 'catalogo-negato', path: () => '/catalogo', roles: ['doctor'], title: 'Accesso non consentito' },
  { name: 'pazienti-negati', path: () => '/pazienti', roles: ['patient', 'auditor'], title: 'Accesso non consentito' },
  { name: 'cartella-negata', path: (f) => `/pazienti/${f.patientId}`, roles: ['admin', 'patient'], title: 'Accesso non consentito' },
  { name: 'non-trovata', path: () => '/non-esiste', roles: ['visitor', 'patient', 'doctor', 'admin', 'auditor'], title: 'Pagina non trovata' },
];

export const VIEWPORTS = [
  { name: 'telefono', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 800 },
] as const;

export const ROLE_EMAIL: Record<Exclude<Viewer, 'visitor'>, string> = {
  patient: 'paziente1@example.it',
  doctor: 'medico1@example.it',
  admin: 'admin@example.it',
  auditor: 'auditor@example.it',
};

/** a browser context logged in as the role (visitors: none), through the login call */
export async function contextFor(browser: Browser, base: string, viewer: Viewer): Promise<BrowserContext> {
  // the app's CSP forbids inline scripts, rightly; the test's own axe-core is injected inline, so only the test bypasses it
  const context = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome', bypassCSP: true });
  if (viewer !== 'visitor') {
    const api = context.request;
    const csrf = await csrfToken(api, base);
    const res = await api.post(`${base}/api/auth/login`, { headers: { 'X-CSRF-Token': csrf }, data: { email: ROLE_EMAIL[viewer], password: 'Password123!' } });
    if (!res.ok()) throw new Error(`login ${viewer}: ${res.status()}`);
  }
  return context;
}

async function csrfToken(api: APIRequestContext, base: string): Promise<string> {
  return ((await (await api.get(`${base}/api/auth/session`)).json()) as { csrfToken: string }).csrfToken;
}

/** the demo patient pays one booking with medico1 (PayPal stand-in) and holds a second one */
export async function createFixtures(browser: Browser, base: string): Promise<Fixtures> {
  const patient = await contextFor(browser, base, 'patient');
  const api = patient.request;
  const doctors = (await (await api.get(`${base}/api/doctors`)).json()) as { id: string; name: string }[];
  const doctorId = doctors.find((d) => d.name === 'Giulia Rossi')!.id;
  const free: { id: string; date: string }[] = [];
  for (let i = 1; i <= 14 && free.length < 3; i++) {
    const date = new Date(Date.now() + i * 86_400_000).toISOString().slice(0, 10);
    const slots = (await (await api.get(`${base}/disponibilita/query?for=${doctorId}&date=${date}`)).json()) as { id: string }[];
    if (Array.isArray(slots)) free.push(...slots.slice(0, 3 - free.length).map((slot) => ({ id: slot.id, date })));
  }
  const hold = async (slotId: string) => {
    const res = await api.post(`${base}/prenotazioni`, {
      headers: { 'X-CSRF-Token': await csrfToken(api, base) },
      data: { doctor_id: doctorId, availability_id: slotId },
    });
    if (res.status() !== 201) throw new Error(`hold: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { id: string }).id;
  };
  const products = (await (await api.get(`${base}/api/products`)).json()) as { id: string; name: string }[];
  const product = products.find((p) => p.name === 'Prima visita nutrizionale')!;
  const confirmedBookingId = await hold(free[0].id);
  await pay(confirmedBookingId);
  // a third booking, paid and then cancelled before the cut-off: /home shows a refund ("Rimborsata")
  const refundedBookingId = await hold(free[2].id);
  await pay(refundedBookingId);
  const cancelled = await api.post(`${base}/api/bookings/${refundedBookingId}/cancel`, {
    headers: { 'X-CSRF-Token': await csrfToken(api, base) },
    data: {},
  });
  if (cancelled.status() !== 200) throw new Error(`disdetta: ${cancelled.status()} ${await cancelled.text()}`);
  const heldBookingId = await hold(free[1].id);
  // the order id as /home lists it (the projection catches up)
  let orderId: string | undefined;
  for (let i = 0; i < 50 && !orderId; i++) {
    const orders = (await (await api.get(`${base}/api/me/orders`)).json()) as { id: string; bookingId: string }[];
    orderId = orders.find((o) => o.bookingId === confirmedBookingId)?.id;
    if (!orderId) await new Promise((r) => setTimeout(r, 100));
  }
  const doctor = await contextFor(browser, base, 'doctor');
  const patients = (await (await doctor.request.get(`${base}/api/diets/patients`)).json()) as { id: string; name: string }[];
  const patientId = patients.find((p) => p.name === 'Luca Verdi')!.id;
  await doctor.close();
  await patient.close();
  if (!orderId) throw new Error('nessun ordine');
  return { doctorId, patientId, confirmedBookingId, confirmedDay: free[0].date, orderId, heldBookingId };

  async function pay(bookingId: string): Promise<void> {
    const order = await api.post(`${base}/api/paypal/orders`, {
      headers: { 'X-CSRF-Token': await csrfToken(api, base) },
      data: { booking_id: bookingId, product: product.id },
    });
    const paypalOrderId = ((await order.json()) as { id: string }).id;
    const { sdkUrl } = (await (await api.get(`${base}/api/paypal/config`)).json()) as { sdkUrl: string };
    await api.post(`${new URL(sdkUrl).origin}/standin/orders/${paypalOrderId}/approve`);
    const confirmed = await api.post(`${base}/prenotazioni/conferma`, {
      form: {
        _token: await csrfToken(api, base),
        transaction: paypalOrderId,
        status: 'COMPLETED',
        amount: '0',
        product: product.id,
        taxcode: 'RSSMRA85T10A562S',
        billing: 'Via Roma 1, 00100 Roma',
        coupon: '',
      },
      maxRedirects: 0,
    });
    if (confirmed.status() >= 400) throw new Error(`conferma: ${confirmed.status()} ${await confirmed.text()}`);
  }
}

/** after a navigation: the page's heading is there and nothing in the main area is loading any more */
export async function settle(page: Page): Promise<void> {
  await page.locator('main h1, h1').first().waitFor({ timeout: 15_000 });
  await page
    .waitForFunction(() => !document.querySelector('main .spinner-border, main .placeholder-glow'), undefined, { timeout: 10_000, polling: 100 })
    .catch(() => undefined);
  await page.waitForTimeout(250);
}
