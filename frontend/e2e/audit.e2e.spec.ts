import { login, serverAndBrowser } from './harness';

describe("auditor's history in a real browser", () => {
  // the app starts its own PayPal stand-in (PAYPAL_STAND_IN): the buyer's approval goes through its HTTP side
  const env = serverAndBrowser();

  it("finds a booking's whole chain, from the hold to the payment", async () => {
    // setup through HTTP as the patient's browser: hold a slot, create the PayPal order, pay, confirm
    const patient = await (await env.browser.newContext()).newPage();
    await login(patient, env.server.url, 'paziente1@example.it', '**/home');
    const api = patient.request;
    const csrf = async () => ((await (await api.get(`${env.server.url}/api/auth/session`)).json()) as { csrfToken: string }).csrfToken;
    const doctors = (await (await api.get(`${env.server.url}/api/doctors`)).json()) as { id: string; name: string }[];
    const medico1 = doctors.find((d) => d.name === 'Giulia Rossi')!.id;
    let slot: { id: string } | undefined;
    for (let i = 1; i <= 14 && !slot; i++) {
      const date = new Date(Date.now() + i * 86_400_000).toISOString().slice(0, 10);
      const free = (await (await api.get(`${env.server.url}/disponibilita/query?for=${medico1}&date=${date}`)).json()) as { id: string }[];
      slot = Array.isArray(free) ? free[0] : undefined;
    }
    expect(slot).toBeDefined();
    const held = await api.post(`${env.server.url}/prenotazioni`, {
      headers: { 'X-CSRF-Token': await csrf() },
      data: { doctor_id: medico1, availability_id: slot!.id },
    });
    expect(held.status()).toBe(201);
    const bookingId = ((await held.json()) as { id: string }).id;
    const products = (await (await api.get(`${env.server.url}/api/products`)).json()) as { id: string; name: string }[];
    const product = products.find((p) => p.name === 'Prima visita nutrizionale')!;
    const order = await api.post(`${env.server.url}/api/paypal/orders`, {
      headers: { 'X-CSRF-Token': await csrf() },
      data: { booking_id: bookingId, product: product.id },
    });
    expect(order.status()).toBe(201);
    const orderId = ((await order.json()) as { id: string }).id;
    const { sdkUrl } = (await (await api.get(`${env.server.url}/api/paypal/config`)).json()) as { sdkUrl: string };
    expect((await api.post(`${new URL(sdkUrl).origin}/standin/orders/${orderId}/approve`)).status()).toBe(200);
    const confirmed = await api.post(`${env.server.url}/prenotazioni/conferma`, {
      form: {
        _token: await csrf(),
        transaction: orderId,
        status: 'COMPLETED',
        amount: '0',
        product: product.id,
        taxcode: 'RSSMRA85T10A562S',
        billing: 'Via Roma 1, Roma',
        coupon: '',
      },
      maxRedirects: 0,
    });
    expect(confirmed.status()).toBeLessThan(400);

    // the auditor opens the history, finds the hold of that booking and follows its chain
    const auditor = await (await env.browser.newContext()).newPage();
    // the auditor lands where their work is: the history
    await login(auditor, env.server.url, 'auditor@example.it', '**/storico');
    await auditor.getByRole('heading', { name: 'Storico degli eventi' }).waitFor();
    await auditor.getByLabel('Flusso', { exact: true }).first().waitFor();
    const filters = auditor.locator('form').filter({ has: auditor.locator('#audit-stream') });
    await filters.locator('#audit-stream').fill(`booking-${bookingId}`);
    await filters.getByRole('button', { name: 'Applica' }).click();
    const holdRow = auditor.locator('[data-testid="audit-event-row"][data-type="BookingHeld"]');
    await holdRow.waitFor();
    await holdRow.getByRole('button', { name: /Apri l’evento .*BookingHeld/ }).click();

    const dialog = auditor.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Metadati' }).click();
    await dialog.getByText('"correlationId"').waitFor();
    await dialog.getByRole('tab', { name: 'Catena' }).click();
    const chain = dialog.getByTestId('audit-chain');
    await chain.waitFor();
    const text = (await chain.textContent()) ?? '';
    for (const type of ['BookingHeld', 'SlotHeld', 'OrderCreated', 'PaymentCaptured', 'SlotBooked', 'BookingConfirmed', 'OrderPlaced'])
      expect(text).toContain(type);
    // from the hold to the payment, in the order they happened
    expect(text.indexOf('SlotHeld')).toBeLessThan(text.indexOf('OrderCreated'));
    expect(text.indexOf('PaymentCaptured')).toBeLessThan(text.indexOf('OrderPlaced'));

    // "segui la catena": the list now shows the chain's events only
    await dialog.getByRole('button', { name: 'Segui la catena' }).click();
    await auditor.locator('[data-testid="audit-event-row"][data-type="OrderPlaced"]').waitFor();
    const types = await auditor.locator('[data-testid="audit-event-row"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-type')));
    expect(types).toEqual(
      expect.arrayContaining(['BookingHeld', 'SlotHeld', 'OrderCreated', 'PaymentCaptured', 'SlotBooked', 'BookingConfirmed', 'OrderPlaced']),
    );
    // the patient's current-hold record (PatientHoldClaimed), the receipt (ReceiptIssued) and the confirmation email
    // (Notification*) belong to the same chain
    const sameChain = [
      'BookingHeld',
      'SlotHeld',
      'PatientHoldClaimed',
      'OrderCreated',
      // the intent to capture, recorded before PayPal is called
      'PaymentCaptureRequested',
      'ReceiptIssued',
      'PaymentCaptured',
      'SlotBooked',
      'BookingConfirmed',
      'OrderPlaced',
    ];
    const outbox = ['NotificationDecided', 'NotificationSending', 'NotificationSent'];
    expect(types.filter((t) => !sameChain.includes(t!) && !outbox.includes(t!))).toEqual([]);
  });
});
