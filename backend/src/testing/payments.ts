import { codiceFiscaleCheckChar, slotId } from '@studio/contracts';
import { startPaypalStandIn, type PaypalStandIn } from '../payments/paypal/paypal-stand-in';
import type { TestPatient } from './patients';
import { startTestApp, type ManualClock, type TestApp } from './test-app';

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
