/**
 * The money holes an outside probe found (booking holds, visit types' prices, catalogue products, PayPal orders, desk
 * payments and their refunds), repeated over HTTP against the built app.
 */
import { join } from 'node:path';
import { startPaypalStandIn } from '../../backend/src/areas/payments/paypal/paypal-stand-in';
import { LIFTED_LIMITS, newPatient, signedIn, startApp, taxcodeWithCheck, type Client } from './app';
import type { HoleCase, HoleOutcome } from './holes';

const TAXCODE = taxcodeWithCheck('RSSMRA80A01H501');
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** the doctor's free slots from tomorrow on (the first days that have any) */
async function freeSlots(c: Client, doctorId: string, wanted: number): Promise<string[]> {
  const slots: string[] = [];
  for (let d = 1; d <= 21 && slots.length < wanted; d++) {
    const free = await c.request('GET', `/disponibilita/query?for=${doctorId}&date=${day(d)}`);
    if (free.status === 200) slots.push(...free.json<{ id: string }[]>().map((s) => s.id));
  }
  if (slots.length < wanted) throw new Error(`il medico ${doctorId} non ha ${wanted} orari liberi nelle prossime tre settimane`);
  return slots.slice(0, wanted);
}

/** a new patient's hold without a visit type */
async function untypedHold(patient: Client, doctorId: string, slot: string) {
  return patient.request('POST', '/prenotazioni', { doctor_id: doctorId, availability_id: slot });
}

const ok = (status: number) => status >= 200 && status < 300;

export const cases: HoleCase[] = [
  {
    name: 'Una visita per un centesimo: riserva senza tipo di visita, prodotto di un altro medico, pagamento allo studio di 1 centesimo',
    limits: 'lifted',
    async run({ base }): Promise<HoleOutcome> {
      const medico1 = await signedIn(base, 'medico1@example.it');
      const medico2 = await signedIn(base, 'medico2@example.it');
      const created = await medico1.request('POST', `/api/doctors/${medico1.userId}/visit-types`, {
        name: 'Saluto',
        minutes: 30,
        priceCents: 1,
        mode: 'online',
      });
      if (created.status !== 201) throw new Error(`tipo di visita da 1 centesimo: HTTP ${created.status} ${created.text.slice(0, 200)}`);
      const saluto = created.json<{ productId: string }>().productId;
      // 1. an untyped hold at the doctor who has visit types
      const [slot1] = await freeSlots(medico1, medico1.userId, 1);
      const untypedAtTyped = await untypedHold(await newPatient(base, 4401), medico1.userId, slot1);
      // 2. an untyped hold at a doctor without types, priced by the other doctor's one-cent product
      const patient = await newPatient(base, 4402);
      const [slot2] = await freeSlots(medico2, medico2.userId, 1);
      const held = await untypedHold(patient, medico2.userId, slot2);
      if (!ok(held.status)) throw new Error(`riserva presso il medico senza tipi: HTTP ${held.status} ${held.text.slice(0, 200)}`);
      const bookingId = held.json<{ id: string }>().id;
      const quote = await patient.request('GET', `/api/paypal/quote?booking_id=${bookingId}&product=${encodeURIComponent(saluto)}`);
      // 3. one cent at the desk, with no discount
      const desk = await medico2.request('POST', `/api/bookings/${bookingId}/desk-payment`, { method: 'cash', amountCents: 1, taxcode: TAXCODE });
      return {
        held: untypedAtTyped.status === 400 && quote.status === 422 && desk.status === 400,
        detail: `riserva senza tipo presso un medico con tipi: HTTP ${untypedAtTyped.status}; preventivo col prodotto da 1 centesimo di un altro medico: HTTP ${quote.status} ${quote.text.slice(0, 80)}; 1 centesimo allo studio: HTTP ${desk.status}`,
      };
    },
  },
  {
    name: 'Rimborso allo studio dell’id di un ordine PayPal: 500 invece del 404 di un id sconosciuto',
    limits: 'lifted',
    async run({ dataDir }): Promise<HoleOutcome> {
      // PayPal orders exist only with PayPal configured: an app of the case's own, paying through the local stand-in
      const pp = await startPaypalStandIn();
      const app = await startApp(join(__dirname, '../..'), join(dataDir, '..', 'money-paypal'), {
        env: { ...LIFTED_LIMITS, PAYPAL_BASE_URL: pp.baseUrl, PAYPAL_CLIENT_ID: pp.clientId, PAYPAL_CLIENT_SECRET: pp.clientSecret },
      });
      try {
        const doctor = await signedIn(app.base, 'medico1@example.it');
        const patient = await newPatient(app.base, 4409);
        const [slot] = await freeSlots(doctor, doctor.userId, 1);
        const held = await untypedHold(patient, doctor.userId, slot);
        // a first booking: a product for check-ups only is refused to it
        const products = (await patient.request('GET', '/api/products')).json<{ id: string; followUpOnly: boolean }[]>().filter((p) => !p.followUpOnly);
        const order = await patient.request('POST', '/api/paypal/orders', { booking_id: held.json<{ id: string }>().id, product: products[0]?.id });
        if (order.status !== 201) throw new Error(`ordine PayPal: HTTP ${order.status} ${order.text.slice(0, 200)}`);
        const paypalId = order.json<{ id: string }>().id;
        // paid: the order's stream then holds OrderPlaced, which the desk's decider once met as a stranger (a TypeError)
        pp.approve(paypalId);
        const confirmed = await patient.request('POST', '/prenotazioni/conferma', {
          transaction: paypalId,
          status: 'COMPLETED',
          product: products[0]?.id,
          taxcode: TAXCODE,
          billing: 'Via Roma 1, 00100 Roma',
        });
        if (confirmed.status !== 200) throw new Error(`conferma del pagamento PayPal: HTTP ${confirmed.status} ${confirmed.text.slice(0, 200)}`);
        const body = { reason: 'Sonda', cancelVisit: false };
        const ofPaypal = await doctor.request('POST', `/api/desk-payments/${encodeURIComponent(paypalId)}/refund`, body);
        const ofUnknown = await doctor.request('POST', '/api/desk-payments/ordine-sconosciuto/refund', body);
        const sameError = JSON.stringify(ofPaypal.json<{ error?: unknown }>().error) === JSON.stringify(ofUnknown.json<{ error?: unknown }>().error);
        return {
          held: ofPaypal.status === 404 && ofUnknown.status === 404 && sameError,
          detail: `id di un ordine PayPal: HTTP ${ofPaypal.status} ${ofPaypal.text.slice(0, 100)}; id sconosciuto: HTTP ${ofUnknown.status} ${ofUnknown.text.slice(0, 100)}`,
        };
      } finally {
        await app.stop();
        await pp.close();
      }
    },
  },
  {
    name: 'Pagamento allo studio rimborsato: la visita resta confermata e il medico continua a leggere la cartella',
    limits: 'lifted',
    async run({ base }): Promise<HoleOutcome> {
      const medico2 = await signedIn(base, 'medico2@example.it');
      const patient = await newPatient(base, 4410);
      const [slot] = await freeSlots(medico2, medico2.userId, 1);
      const held = await untypedHold(patient, medico2.userId, slot);
      if (!ok(held.status)) throw new Error(`riserva: HTTP ${held.status} ${held.text.slice(0, 200)}`);
      const bookingId = held.json<{ id: string }>().id;
      const paid = await medico2.request('POST', `/api/bookings/${bookingId}/desk-payment`, { method: 'cash', amountCents: 8000, taxcode: TAXCODE });
      if (!ok(paid.status)) throw new Error(`pagamento allo studio: HTTP ${paid.status} ${paid.text.slice(0, 200)}`);
      const orderId = paid.json<{ orderId: string }>().orderId;
      const before = await medico2.request('GET', `/api/patients/${patient.userId}/record`);
      const refund = await medico2.request('POST', `/api/desk-payments/${encodeURIComponent(orderId)}/refund`, {
        reason: 'Il paziente non può venire',
        cancelVisit: true,
      });
      const status = (await patient.request('GET', `/prenotazioni/${bookingId}`)).json<{ status?: string }>().status;
      const after = await medico2.request('GET', `/api/patients/${patient.userId}/record`);
      return {
        held: before.status === 200 && refund.status === 201 && status === 'cancelled' && after.status === 403,
        detail: `cartella prima: HTTP ${before.status}; rimborso con "annulla anche la visita": HTTP ${refund.status}; prenotazione: ${status}; cartella dopo: HTTP ${after.status}`,
      };
    },
  },
];
