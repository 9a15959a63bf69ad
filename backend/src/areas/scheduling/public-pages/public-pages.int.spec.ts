import { ManualClock, client, lastRequestPosition, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { createVisitType } from '../../../testing/visits';

/** the JSON-LD blocks of a page, parsed as a crawler does */
const structuredData = (page: string): Record<string, unknown>[] =>
  [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);
const meta = (page: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(page)?.[1];

const PROFILE = {
  title: 'Dott.ssa',
  specialty: 'Scienza dell’alimentazione',
  registerNumber: 'Albo BN 12345',
  bio: 'Nutrizione clinica e sportiva.\nRiceve su appuntamento.',
};
const PRACTICE = {
  name: 'Studio Verdi',
  address: 'Via Roma 1, 20100 Milano',
  phone: '+39 02 1234567',
  email: 'info@studioverdi.it',
  dataController: 'Anna Verdi',
};

describe('public pages: doctor slugs, /medici/<slug>, /studio, sitemap.xml, robots.txt', () => {
  let app: TestApp;
  let admin: Client;
  let doctor1: Client;
  let patient: Client;
  let visitor: Client;
  let medico1: string;
  let medico2: string;
  let visitTypeId: string;

  beforeAll(async () => {
    app = await startTestApp(
      { HOLD_SWEEP_SECONDS: '0', PUBLIC_URL: 'https://studio.example.it/' },
      undefined,
      new ManualClock(new Date('2030-03-04T06:00:00Z')),
    );
    [admin, doctor1, patient, visitor] = await Promise.all([
      client(app, 'admin@example.it'),
      client(app, 'medico1@example.it'),
      client(app, 'paziente1@example.it'),
      client(app),
    ]);
    medico1 = app.ids['medico1@example.it'];
    medico2 = app.ids['medico2@example.it'];
    await admin.agent.put('/api/settings/practice').set('X-CSRF-Token', admin.csrf).send(PRACTICE).expect(200);
    await admin.agent.put(`/api/settings/doctors/${medico1}`).set('X-CSRF-Token', admin.csrf).send(PROFILE).expect(200);
    visitTypeId = await createVisitType(doctor1, medico1, { name: 'Prima visita', minutes: 60, priceCents: 8000 });
  });
  afterAll(() => app?.close());

  it('GET /api/doctors gives each doctor’s slug, from the name', async () => {
    const doctors = (await visitor.agent.get('/api/doctors').expect(200)).body as { id: string; slug: string }[];
    expect(doctors.map((d) => [d.id, d.slug])).toEqual(
      expect.arrayContaining([
        [medico1, 'giulia-rossi'],
        [medico2, 'marco-bianchi'],
      ]),
    );
    expect((await visitor.agent.get(`/api/doctors/${medico1}`).expect(200)).body.slug).toBe('giulia-rossi');
  });

  it('the doctor’s page carries everything as HTML, without JavaScript', async () => {
    const res = await visitor.agent.get('/medici/giulia-rossi').set('Accept', 'text/html').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const page = res.text;
    expect(page).not.toMatch(/<script(?! type="application\/ld\+json")/);
    expect(page).toContain('<h1 id="medico">Dott.ssa Giulia Rossi</h1>');
    expect(page).toContain('Scienza dell’alimentazione');
    expect(page).toContain('Albo BN 12345');
    expect(page).toContain('Nutrizione clinica e sportiva.<br>Riceve su appuntamento.');
    expect(page).toMatch(/Prima visita<\/strong><br><span class="muted">60 minuti · in studio · 80,00\s€/);
    expect(page).toContain(`href="/prenota?medico=giulia-rossi&amp;tipo=${visitTypeId}"`);
    expect(page).toContain('Via Roma 1, 20100 Milano');
    expect(page).toContain('https://www.openstreetmap.org/search?query=Via%20Roma%201%2C%2020100%20Milano');
    // the seed opens the weeks from 2030-03-04: the next free days are listed
    expect(page).toMatch(/<li>lunedì 4 marzo: \d+ orari liberi<\/li>/);
    expect(page).toContain('<link rel="canonical" href="https://studio.example.it/medici/giulia-rossi">');
    expect(meta(page, 'og:title')).toBe('Dott.ssa Giulia Rossi · Scienza dell’alimentazione · Studio Verdi');
    expect(meta(page, 'og:url')).toBe('https://studio.example.it/medici/giulia-rossi');
    expect(meta(page, 'og:type')).toBe('profile');
  });

  it('JSON-LD says Physician, with address, specialty and the visits offered', async () => {
    const [ld] = structuredData((await visitor.agent.get('/medici/giulia-rossi').expect(200)).text);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Physician',
      name: 'Dott.ssa Giulia Rossi',
      url: 'https://studio.example.it/medici/giulia-rossi',
      medicalSpecialty: 'Scienza dell’alimentazione',
      identifier: 'Albo BN 12345',
      address: { '@type': 'PostalAddress', streetAddress: 'Via Roma 1, 20100 Milano', addressCountry: 'IT' },
      telephone: '+39 02 1234567',
      makesOffer: [{ '@type': 'Offer', name: 'Prima visita', price: '80.00', priceCurrency: 'EUR' }],
    });
  });

  it('the practice’s page lists its doctors, as MedicalBusiness', async () => {
    const page = (await visitor.agent.get('/studio').set('Accept', 'text/html').expect(200)).text;
    expect(page).toContain('<h1>Studio Verdi</h1>');
    expect(page).toContain('href="/medici/giulia-rossi"');
    expect(page).toContain('href="/medici/marco-bianchi"');
    const [ld] = structuredData(page);
    expect(ld).toMatchObject({ '@type': 'MedicalBusiness', name: 'Studio Verdi', address: { streetAddress: 'Via Roma 1, 20100 Milano' } });
    expect((ld.member as { name: string }[]).map((m) => m.name)).toEqual(expect.arrayContaining(['Dott.ssa Giulia Rossi', 'Marco Bianchi']));
  });

  it('sitemap.xml lists the public pages; robots.txt closes everything else', async () => {
    const sitemap = await visitor.agent.get('/sitemap.xml').expect(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.text).toContain('<loc>https://studio.example.it/studio</loc>');
    expect(sitemap.text).toContain('<loc>https://studio.example.it/medici/giulia-rossi</loc>');
    expect(sitemap.text).toContain('<loc>https://studio.example.it/medici/marco-bianchi</loc>');
    const robots = (await visitor.agent.get('/robots.txt').expect(200)).text;
    expect(robots).toMatch(/^User-agent: \*\nDisallow: \/\n/);
    expect(robots).toContain('Allow: /medici/\n');
    expect(robots).toContain('Sitemap: https://studio.example.it/sitemap.xml');
    // no private route is allowed: only the public pages and what they show
    const allowed = robots.split('\n').filter((l) => l.startsWith('Allow: '));
    for (const line of allowed) expect(line).toMatch(/^Allow: \/(studio\$|medici\/|prenota[$?]|api\/settings\/images\/|assets\/|favicon|logo)$/);
  });

  it('the administrator changes a slug: the page moves, the old address is 404', async () => {
    const res = await admin.agent.put(`/api/settings/doctors/${medico1}/slug`).set('X-CSRF-Token', admin.csrf).send({ slug: 'Dott-Rossi-Milano' }).expect(200);
    expect(res.body).toMatchObject({ id: medico1, slug: 'dott-rossi-milano' });
    expect((await visitor.agent.get('/api/doctors').expect(200)).body.find((d: { id: string }) => d.id === medico1).slug).toBe('dott-rossi-milano');
    await visitor.agent.get('/medici/dott-rossi-milano').expect(200);
    const gone = await visitor.agent.get('/medici/giulia-rossi').expect(404);
    expect(gone.text).toContain('Non c’è un medico a questo indirizzo.');
    await visitor.agent.get('/medici/nessuno').expect(404);
  });

  it('every refusal of a slug is in Italian and appends nothing', async () => {
    const before = await lastRequestPosition(app);
    const put = (who: Client, body: unknown) => who.agent.put(`/api/settings/doctors/${medico2}/slug`).set('X-CSRF-Token', who.csrf).send(body);
    expect((await put(admin, { slug: 'dott-rossi-milano' }).expect(409)).body.error).toMatchObject({
      code: 'indirizzo_in_uso',
      message: expect.stringMatching(/già la pagina di un altro medico/),
    });
    expect((await put(admin, { slug: 'rossì' }).expect(400)).body.error.message).toMatch(/Indirizzo della pagina/);
    expect((await put(admin, {}).expect(400)).body.error.message).toMatch(/slug/);
    await put(doctor1, { slug: 'marco' }).expect(403);
    await put(patient, { slug: 'marco' }).expect(403);
    await put(visitor, { slug: 'marco' }).expect(401);
    await admin.agent
      .put(`/api/settings/doctors/${app.ids['paziente1@example.it']}/slug`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ slug: 'paziente' })
      .expect(404);
    expect(await lastRequestPosition(app)).toBe(before);
  });

  it('a name or a presentation with markup is shown as text, never run, in the page and in JSON-LD', async () => {
    const bio = '</script><script>alert(1)</script><img src=x onerror=alert(2)> & "virgolette" \u2028';
    await admin.agent
      .put(`/api/settings/doctors/${medico1}`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ ...PROFILE, bio })
      .expect(200);
    await admin.agent
      .put('/api/settings/practice')
      .set('X-CSRF-Token', admin.csrf)
      .send({ ...PRACTICE, name: 'Studio "><svg onload=alert(3)>', address: "Via l'Aquila <b>2</b>" })
      .expect(200);
    for (const path of ['/medici/dott-rossi-milano', '/studio']) {
      const page = (await visitor.agent.get(path).expect(200)).text;
      expect(page).not.toMatch(/<script>|<img src=x|<svg|<b>/);
      expect(page).not.toMatch(/<script(?! type="application\/ld\+json")/);
      expect(page).toContain('Studio &quot;&gt;&lt;svg onload=alert(3)&gt;');
      const [ld] = structuredData(page);
      expect(
        ld.name === 'Studio "><svg onload=alert(3)>' || (ld as { address: { streetAddress: string } }).address.streetAddress === "Via l'Aquila <b>2</b>",
      ).toBe(true);
      if (path !== '/studio') expect(ld.description).toBe(bio.trim());
    }
    await admin.agent.put(`/api/settings/doctors/${medico1}`).set('X-CSRF-Token', admin.csrf).send(PROFILE).expect(200);
    await admin.agent.put('/api/settings/practice').set('X-CSRF-Token', admin.csrf).send(PRACTICE).expect(200);
  });

  it('the locations where the doctor receives: address, notes, map, their own free days, in JSON-LD too', async () => {
    const location = (
      await admin.agent
        .post('/api/locations')
        .set('X-CSRF-Token', admin.csrf)
        .send({ name: 'Sede <nord>', address: 'Viale Monza 200, Milano', notes: 'Secondo piano', rooms: [{ name: 'Stanza 1' }] })
        .expect(201)
    ).body;
    const day = [{ from: '09:00', to: '13:00', locationId: location.id }];
    await doctor1.agent
      .put(`/api/doctors/${medico1}/weekly-schedule`)
      .set('X-CSRF-Token', doctor1.csrf)
      .send({ days: [day, day, day, day, day, [], []] })
      .expect(200);
    await doctor1.agent
      .post(`/api/doctors/${medico1}/weekly-schedule/apply`)
      .set('X-CSRF-Token', doctor1.csrf)
      .send({ from: '2030-03-11', to: '2030-03-15' })
      .expect(200);
    const page = (await visitor.agent.get('/medici/dott-rossi-milano').expect(200)).text;
    expect(page).toContain('<h3 style="font-size:1.05rem;margin:0">Sede &lt;nord&gt;</h3>');
    expect(page).toContain('Viale Monza 200, Milano');
    expect(page).toContain('Secondo piano');
    expect(page).toContain('https://www.openstreetmap.org/search?query=Viale%20Monza%20200%2C%20Milano');
    expect(page).toContain(`/prenota?medico=dott-rossi-milano&amp;sede=${location.id}`);
    expect(page).toMatch(/<li>lunedì 11 marzo: 8 orari liberi<\/li>/);
    const [ld] = structuredData(page);
    expect(ld.address).toMatchObject({ streetAddress: 'Viale Monza 200, Milano' });
    const studio = (await visitor.agent.get('/studio').expect(200)).text;
    expect(studio).toContain('<strong>Sede &lt;nord&gt;</strong>: Viale Monza 200, Milano');
    expect((structuredData(studio)[0].location as { name: string }[])[0].name).toBe('Sede <nord>');
  });

  it('the pages keep the app’s security headers: no framing', async () => {
    const res = await visitor.agent.get('/medici/dott-rossi-milano').expect(200);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('renaming a doctor keeps the address that came from the old name: links to the page keep working', async () => {
    await admin.agent.put(`/api/staff/${medico2}/name`).set('X-CSRF-Token', admin.csrf).send({ name: 'Marco', surname: 'Neri' }).expect(200);
    const doctor = (await visitor.agent.get(`/api/doctors/${medico2}`).expect(200)).body;
    expect(doctor).toMatchObject({ name: 'Marco Neri', slug: 'marco-bianchi' });
    expect((await visitor.agent.get('/medici/marco-bianchi').expect(200)).text).toContain('Marco Neri');
    await visitor.agent.get('/medici/marco-neri').expect(404);
  });

  it('a deactivated doctor’s page answers 410 and leaves the sitemap and the practice’s page', async () => {
    await admin.agent.post(`/api/staff/${medico2}/deactivate`).set('X-CSRF-Token', admin.csrf).expect(200);
    const gone = await visitor.agent.get('/medici/marco-bianchi').expect(410);
    expect(gone.text).toContain('Questo medico non riceve più prenotazioni');
    expect((await visitor.agent.get('/sitemap.xml').expect(200)).text).not.toContain('marco-bianchi');
    expect((await visitor.agent.get('/studio').expect(200)).text).not.toContain('marco-bianchi');
    // the address stays the doctor's: nobody else may take it while it answers 410
    const taken = await admin.agent.put(`/api/settings/doctors/${medico1}/slug`).set('X-CSRF-Token', admin.csrf).send({ slug: 'marco-bianchi' }).expect(409);
    expect(taken.body.error.code).toBe('indirizzo_in_uso');
  });
});
