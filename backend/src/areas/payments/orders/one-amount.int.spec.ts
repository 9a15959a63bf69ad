import fc from 'fast-check';
import { chargeFor, orderStreamName, type FiscalYearView } from '@studio/contracts';
import { registerPatients } from '../../../testing/patients';
import { holdSlot, startPayingTestApp, TEST_TAXCODE } from '../../../testing/payments';
import { ManualClock, client, type Client, type TestApp } from '../../../testing/test-app';
import type { PaypalStandIn } from '../paypal/paypal-stand-in';

/**
 * One amount, everywhere: for prices around the stamp duty's threshold (77,47 € / 77,48 €) and beyond, with and without
 * a coupon, the duty charged to the patient or borne by the practitioner, five figures agree: the total the payment page
 * gets from the API, the PayPal order's amount, the amount captured, the receipt's total and the /fiscale list's total.
 * (Demo seed: medico1 open 09:00–13:00 on weekdays; the clock at 07:00 in Rome, Monday 4 March 2030.)
 */
describe('one amount: page, PayPal order, capture, receipt, fiscal list', () => {
  const clock = new ManualClock(new Date('2030-03-04T06:00:00.000Z'));
  let paying: Awaited<ReturnType<typeof startPayingTestApp>>;
  let app: TestApp;
  let pp: PaypalStandIn;
  let admin: Client;
  let medico1: string;

  beforeAll(async () => {
    paying = await startPayingTestApp(clock);
    ({ app, pp } = paying);
    medico1 = app.ids['medico1@example.it'];
    admin = await client(app, 'admin@example.it');
  });
  afterAll(() => paying.close());

  // one free half hour per run: weekdays from Tuesday 5 March, 09:00–12:30
  let run = 0;
  const nextSlot = () => {
    const weekdays = ['05', '06', '07', '08', '11', '12', '13', '14', '15', '18', '19', '20', '21', '22'];
    const n = run++;
    const day = weekdays[Math.floor(n / 8)];
    const minutes = 9 * 60 + (n % 8) * 30;
    return `2030-03-${day}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 ? '30' : '00'}:00Z`;
  };
  const euros = (value: string) => Math.round(Number(value) * 100);

  it('the five figures agree for any price, coupon and who bears the duty', async () => {
    const profile = (await admin.agent.get(`/api/fiscal/profiles/${medico1}`).expect(200)).body.profile as Record<string, unknown>;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(7747, 7748, 8000, 8609, 8608), fc.integer({ min: 1000, max: 30_000 })),
        fc.option(fc.constantFrom(10, 5, 33), { nil: null }),
        fc.boolean(),
        async (priceCents, percentage, toPatient) => {
          await admin.agent
            .put(`/api/fiscal/profiles/${medico1}`)
            .set('X-CSRF-Token', admin.csrf)
            .send({ ...profile, stampDutyToPatient: toPatient })
            .expect(200);
          const product = (
            await admin.agent
              .post('/api/admin/products')
              .set('X-CSRF-Token', admin.csrf)
              .send({ name: `Visita ${run}`, priceCents })
              .expect(201)
          ).body.id as string;
          const coupon = percentage ? `PROVA${run}X${percentage}` : null;
          if (coupon) {
            await admin.agent
              .post('/api/admin/coupons')
              .set('X-CSRF-Token', admin.csrf)
              .send({ code: coupon, percentage, validFrom: '2030-01-01', validTo: '2030-12-31' })
              .expect(201);
          }
          const [patient] = await registerPatients(app, 1, `uno${run}`);
          const bookingId = await holdSlot(patient, medico1, nextSlot());
          const body = { booking_id: bookingId, product, ...(coupon ? { coupon } : {}) };

          const page = (await patient.agent.get('/api/paypal/quote').query(body).expect(200)).body as { totalCents: number };
          const orderId = (await patient.agent.post('/api/paypal/orders').set('X-CSRF-Token', patient.csrf).send(body).expect(201)).body.id as string;
          const paypalOrder = euros(pp.orders.get(orderId)!.amount.value);
          pp.approve(orderId);
          await patient.agent
            .post('/prenotazioni/conferma')
            .set('X-CSRF-Token', patient.csrf)
            .send({ transaction: orderId, product, coupon: coupon ?? '', taxcode: TEST_TAXCODE, billing: 'Via Roma 1' })
            .expect(200);
          const captured = euros(pp.orders.get(orderId)!.capture!.amount.value);
          const capturedEvent = (await app.core.eventStore.readStream(orderStreamName(orderId))).find((e) => e.type === 'PaymentCaptured')!;

          let listed: FiscalYearView['documents'][number] | undefined;
          for (let i = 0; i < 100 && !listed; i++) {
            const year = (await admin.agent.get('/api/fiscal/documents').query({ year: 2030, doctor: medico1 }).expect(200)).body as FiscalYearView;
            listed = year.documents.find((d) => d.orderId === orderId && d.kind === 'receipt');
            if (!listed) await new Promise((r) => setTimeout(r, 50));
          }
          const receipt = (await app.core.eventStore.readStream(`receipts-${medico1}-2030`)).find(
            (e) => e.type === 'ReceiptIssued' && (e.data as { orderId: string }).orderId === orderId,
          )!.data as { totalCents: number; stampDutyCents: number; stampDutyCharged: boolean };

          const expected = chargeFor({ priceCents, couponPercentage: percentage, stampDutyToPatient: toPatient });
          expect({
            page: page.totalCents,
            paypalOrder,
            captured,
            recorded: (capturedEvent.data as { amountCents: number }).amountCents,
            receipt: receipt.totalCents,
            listed: listed?.totalCents,
          }).toEqual({
            page: expected.totalCents,
            paypalOrder: expected.totalCents,
            captured: expected.totalCents,
            recorded: expected.totalCents,
            receipt: expected.totalCents,
            listed: expected.totalCents,
          });
          expect(receipt).toMatchObject({ stampDutyCents: expected.stampDutyCents, stampDutyCharged: expected.stampDutyCharged });
        },
      ),
      {
        numRuns: Number(process.env.ONE_AMOUNT_RUNS ?? 12),
        examples: [
          [7747, null, true],
          [7748, null, true],
          [7748, null, false],
          [8609, 10, true],
          [8608, 10, true],
        ],
      },
    );
  });
});
