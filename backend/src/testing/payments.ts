import { codiceFiscaleCheckChar, slotId, type ProductView, type PublicProduct } from '@studio/contracts';
import { startPaypalStandIn, type PaypalStandIn } from '../areas/payments/paypal/paypal-stand-in';
import { registerPatients, type TestPatient } from './patients';
import { client, startTestApp, type ManualClock, type TestApp } from './test-app';

/** a valid tax code for the payment forms of the tests */
export const TEST_TAXCODE = 'RSSMRA80A01H501' + codiceFiscaleCheckChar('RSSMRA80A01H501');

/** the environment that points the app's PayPal client at the stand-in */
export const paypalEnv = (pp: PaypalStandIn) => ({
  PAYPAL_BASE_URL: pp.baseUrl,
  PAYPAL_CLIENT_ID: pp.clientId,
  PAYPAL_CLIENT_SECRET: pp.clientSecret,
  PAYPAL_WEBHOOK_ID: pp.webhookId,
});

/** the test app paying through a fresh PayPal stand-in (no hold sweep timer: tests run it themselves); closes both */
export async function startPayingTestApp(
  clock: ManualClock,
  env: Record<string, string> = {},
): Promise<{ app: TestApp; pp: PaypalStandIn; close(): Promise<void> }> {
  const pp = await startPaypalStandIn();
  const app = await startTestApp({ HOLD_SWEEP_SECONDS: '0', ...paypalEnv(pp), ...env }, undefined, clock);
  return { app, pp, close: async () => (await app.close(), await pp.close()) };
}

/** POST /prenotazioni for the patient: the new booking's id */
export async function holdSlot(p: TestPatient, doctorId: string, start: string): Promise<string> {
  const res = await p.agent
    .post('/prenotazioni')
    .set('X-CSRF-Token', p.csrf)
    .send({ doctor_id: doctorId, availability_id: slotId(doctorId, start) })
    .expect(201);
  return res.body.id as string;
}

/** the first product of the catalogue a new patient may pay, as a patient sees it (the check-ups need an earlier visit) */
export async function firstProductId(p: TestPatient): Promise<string> {
  return ((await p.agent.get('/api/products').expect(200)).body as PublicProduct[]).find((product) => !product.followUpOnly)!.id;
}

/** a new patient's hold at `start` with a PayPal order for it, approved by the patient at PayPal */
export async function approvedOrder(
  app: TestApp,
  pp: PaypalStandIn,
  productId: string,
  start: string,
): Promise<{ patient: TestPatient; bookingId: string; orderId: string }> {
  const [patient] = await registerPatients(app, 1);
  const bookingId = await holdSlot(patient, app.ids['medico1@example.it'], start);
  const orderId = (
    await patient.agent.post('/api/paypal/orders').set('X-CSRF-Token', patient.csrf).send({ booking_id: bookingId, product: productId }).expect(201)
  ).body.id as string;
  pp.approve(orderId);
  return { patient, bookingId, orderId };
}

/** the browser back from PayPal: POST /prenotazioni/conferma of the approved order, with the receipt's details */
export const confirmOrder = (p: TestPatient, orderId: string, productId: string) =>
  p.agent
    .post('/prenotazioni/conferma')
    .set('X-CSRF-Token', p.csrf)
    .send({ transaction: orderId, status: 'COMPLETED', product: productId, taxcode: TEST_TAXCODE, billing: 'Via Roma 1, 00100 Roma' });

/**
 * The products on sale with the demo's check-ups open to a new patient: the tests of receipts and orders pay a 50 €
 * visit (below the stamp duty threshold) at a patient's first booking, which the check-up rule refuses (it has its own
 * tests in orders.int.spec.ts).
 */
export async function productsForFirstBookings(app: TestApp): Promise<PublicProduct[]> {
  const admin = await client(app, 'admin@example.it');
  const all = (await admin.agent.get('/api/admin/products').expect(200)).body as ProductView[];
  for (const { id, name, description, priceCents, active } of all.filter((p) => p.followUpOnly))
    await admin.agent
      .put(`/api/admin/products/${id}`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ name, description, priceCents, active, followUpOnly: false })
      .expect(200);
  return (await admin.agent.get('/api/products').expect(200)).body as PublicProduct[];
}
