/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { larnDefaultTargets, type ClinicalRecordView, type MeasurementView, type SessionUser } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { ClinicalRecordPage } from './ClinicalRecordPage';

const doctor: SessionUser = { id: 'd1', role: 'doctor', name: 'Giulia Rossi' };
const measurement = (date: string, weightKg: number, bmi: number): MeasurementView => ({
  id: date,
  date,
  weightKg,
  heightCm: 165,
  bmi,
  bmiClass: bmi >= 25 ? 'sovrappeso' : 'normopeso',
  waistHipRatio: null,
  bodyFatPercent: null,
  bodyFatJacksonPollockPercent: null,
});
const view: ClinicalRecordView = {
  patientId: 'p1',
  record: {
    sex: 'F',
    birthDate: '1990-06-15',
    anamnesis: {},
    allergies: [{ allergen: 'arachidi' }],
    diagnosis: null,
    consents: { healthData: true, sharing: false },
  },
  updatedAt: '2030-03-01T10:00:00.000Z',
  measurements: [measurement('2030-03-01', 68, 25), measurement('2030-03-15', 67, 24.6)],
  notes: [],
  labs: [],
  attachments: [],
  targets: null,
  sharedWith: [],
};

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

describe('the clinical record page', () => {
  it('shows the series with BMI and class, a chart with its table, the energy need by the chosen equation and PAL, and records a visit', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/patients/p1/record', body: view },
      { method: 'GET', path: '/api/patients/p1/diet-targets', body: { targets: larnDefaultTargets(1936, 39), isDefault: true, weightKg: 67 } },
      {
        method: 'GET',
        path: /\/api\/patients\/p1\/energy\?equation=mifflin&pal=1.45/,
        body: { equation: 'mifflin', pal: 1.45, bmrKcal: 1335, tdeeKcal: 1936 },
      },
      { method: 'GET', path: /\/api\/patients\/p1\/energy\?equation=larn&pal=1.75/, body: { equation: 'larn', pal: 1.75, bmrKcal: 1403, tdeeKcal: 2455 } },
      { method: 'POST', path: '/api/patients/p1/measurements', status: 201, body: measurement('2030-03-20', 66, 24.2) },
    ]);
    renderRoutes(await storeWithSession(doctor), [{ path: '/pazienti/:patientId', element: <ClinicalRecordPage /> }], '/pazienti/p1');
    const table = await screen.findByRole('table', { name: t.clinical.measurements });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([expect.stringContaining(t.clinical.date), expect.stringMatching(/68.*25.*sovrappeso/), expect.stringMatching(/67.*24,6.*normopeso/)]);
    expect(screen.getByRole('img', { name: t.clinical.chartLabel(t.clinical.measures.weightKg) })).toBeTruthy();
    expect(screen.getByRole('table', { name: t.clinical.tableCaption(t.clinical.measures.weightKg) })).toBeTruthy();
    expect((await screen.findByTestId('tdee')).textContent).toBe('1936 kcal');
    await act(async () => {
      fireEvent.change(screen.getByLabelText(t.clinical.equation), { target: { value: 'larn' } });
      fireEvent.change(screen.getByLabelText(t.clinical.pal), { target: { value: '1.75' } });
    });
    expect((await screen.findByText('2455 kcal')).textContent).toBe('2455 kcal');
    expect((screen.getByLabelText(t.clinical.energyTarget) as HTMLInputElement).value).toBe('1936');

    fireEvent.change(screen.getByLabelText(t.clinical.date, { selector: '#measurement-date' }), { target: { value: '2030-03-20' } });
    fireEvent.change(screen.getByLabelText(t.clinical.weight), { target: { value: '66,04' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.clinical.addMeasurement })));
    const post = fetchMock.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ date: '2030-03-20', weightKg: 66.04, heightCm: 165 });
  });

  it('keeps allergies as a list: the EU allergens and lactose as boxes, the rest typed; the questionnaire’s ones proposed to accept', async () => {
    const questionnaire = {
      id: 'q1',
      doctorId: 'd1',
      title: 'Questionario',
      questions: [{ id: 'allergie', text: 'Hai allergie o intolleranze alimentari?', kind: 'radio', options: [] }],
    };
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/patients/p1/record', body: view },
      {
        method: 'GET',
        path: '/api/patients/p1/answers',
        body: {
          patientId: 'p1',
          questionnaires: [{ questionnaire, answers: { allergie: { choices: ['si'], text: 'Arachidi e nichel' } }, answeredAt: '2030-03-01T09:00:00.000Z' }],
        },
      },
      { method: 'GET', path: '/api/patients/p1/diet-targets', body: { targets: larnDefaultTargets(1936, 39), isDefault: true, weightKg: 67 } },
      { method: 'PUT', path: '/api/patients/p1/record', body: view },
    ]);
    renderRoutes(await storeWithSession(doctor), [{ path: '/pazienti/:patientId', element: <ClinicalRecordPage /> }], '/pazienti/p1');
    // arachidi is in the record already: only nichel is proposed
    const proposal = await screen.findByTestId('proposed-allergies');
    expect(proposal.textContent).toContain(`${t.clinical.proposedAllergies} nichel`);
    await act(async () => void fireEvent.click(within(proposal).getByRole('button', { name: t.clinical.acceptAllergies })));
    const accepted = fetchMock.calls.find((c) => c.method === 'PUT');
    expect((accepted?.body as { allergies: unknown }).allergies).toEqual([{ allergen: 'arachidi' }, { text: 'nichel' }]);

    expect((screen.getByLabelText('Arachidi') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Lattosio (intolleranza)'));
    fireEvent.change(screen.getByLabelText(t.clinical.allergiesOther), { target: { value: 'kiwi, sedano' } });
    const form = screen.getByLabelText(t.clinical.allergiesOther).closest('form')!;
    await act(async () => void fireEvent.click(within(form).getByRole('button', { name: t.clinical.save })));
    const saved = fetchMock.calls.filter((c) => c.method === 'PUT').at(-1);
    expect((saved?.body as { allergies: unknown }).allergies).toEqual([
      { allergen: 'arachidi' },
      { allergen: 'lattosio' },
      { text: 'kiwi' },
      { allergen: 'sedano' },
    ]);
  });

  it('says why when the doctor may not read the record', async () => {
    fetchMock = mockFetch([
      {
        method: 'GET',
        path: '/api/patients/p1/record',
        status: 403,
        body: { error: { code: 'paziente_non_seguito', message: 'Puoi consultare e modificare solo la cartella dei pazienti che segui.' } },
      },
    ]);
    renderRoutes(await storeWithSession(doctor), [{ path: '/pazienti/:patientId', element: <ClinicalRecordPage /> }], '/pazienti/p1');
    expect(await screen.findByText('Puoi consultare e modificare solo la cartella dei pazienti che segui.')).toBeTruthy();
  });

  it('asks for what the energy equations need instead of calling the server for a 422 (no record, then no measurement)', async () => {
    for (const [partial, text] of [
      [{ ...view, record: null, measurements: [] }, t.clinical.energyNeedsRecord],
      [{ ...view, measurements: [] }, t.clinical.energyNeedsMeasurement],
    ] as const) {
      fetchMock = mockFetch([
        { method: 'GET', path: '/api/patients/p1/record', body: partial },
        { method: 'GET', path: '/api/patients/p1/diet-targets', body: { targets: larnDefaultTargets(2000, 40), isDefault: true, weightKg: null } },
      ]);
      const { unmount } = renderRoutes(await storeWithSession(doctor), [{ path: '/pazienti/:patientId', element: <ClinicalRecordPage /> }], '/pazienti/p1');
      expect(await screen.findByText(text)).toBeTruthy();
      expect(fetchMock.calls.some((c) => c.url.includes('/energy'))).toBe(false);
      unmount();
      fetchMock.restore();
      fetchMock = undefined;
    }
  });

  it("shows the patient's self-measured weights apart, in the chart's table marked as such, and accepts one into the record", async () => {
    const own = { id: 'm1', date: '2030-03-10', weightKg: 66.5, selfReported: true, acceptedAs: null, loggedAt: '2030-03-10T07:00:00.000Z' };
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/patients/p1/record', body: view },
      { method: 'GET', path: '/api/patients/p1/self-measurements', body: [own] },
      { method: 'GET', path: '/api/patients/p1/diet-targets', body: { targets: larnDefaultTargets(1936, 39), isDefault: true, weightKg: 67 } },
      { method: 'POST', path: '/api/patients/p1/measurements/m1/accept', status: 201, body: measurement('2030-03-10', 66.5, 24.4) },
    ]);
    renderRoutes(await storeWithSession(doctor), [{ path: '/pazienti/:patientId', element: <ClinicalRecordPage /> }], '/pazienti/p1');
    const chartTable = await screen.findByRole('table', { name: t.clinical.tableCaption(t.clinical.measures.weightKg) });
    await screen.findByText(t.selfMeasurements.title);
    expect(
      within(chartTable)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      expect.stringMatching(/^1 mar 2030\s*68$/),
      expect.stringMatching(new RegExp(`66,5 \\(${t.selfMeasurements.marker}\\)`)),
      expect.stringMatching(/67$/),
    ]);
    // the record's own series (BMI, energy) is unchanged: two visits
    expect(within(screen.getByRole('table', { name: t.clinical.measurements })).getAllByRole('row')).toHaveLength(3);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /^Accetta nella cartella il peso del/ })));
    expect(fetchMock.calls.some((c) => c.method === 'POST' && c.url === '/api/patients/p1/measurements/m1/accept')).toBe(true);
  });

  it('the PAL of the energy need follows the anamnesis: "Leggero" gives 1,60, not sedentario', async () => {
    const light = {
      ...view,
      record: { ...view.record!, anamnesis: { lifestyle: { activity: 'leggero' as const } } },
      labs: [{ id: 'l1', date: '2030-03-02', analyte: 'Colesterolo LDL', value: 162, unit: 'mg/dl', referenceLow: 0, referenceHigh: 115 }],
    };
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/patients/p1/record', body: light },
      { method: 'GET', path: '/api/patients/p1/diet-targets', body: { targets: larnDefaultTargets(2136, 39), isDefault: true, weightKg: 67 } },
      { method: 'GET', path: /\/api\/patients\/p1\/energy\?equation=mifflin&pal=1.6/, body: { equation: 'mifflin', pal: 1.6, bmrKcal: 1335, tdeeKcal: 2136 } },
    ]);
    renderRoutes(await storeWithSession(doctor), [{ path: '/pazienti/:patientId', element: <ClinicalRecordPage /> }], '/pazienti/p1');
    expect((await screen.findByTestId('tdee')).textContent).toBe('2136 kcal');
    expect((screen.getByLabelText(t.clinical.pal) as HTMLSelectElement).value).toBe('1.6');
    // no skinfolds recorded: the body fat column's "—" says which skinfolds it needs (a woman: triceps, suprailiac, thigh)
    expect(screen.getByText(t.clinical.bodyFatNeeds('F'))).toBeTruthy();
    expect(t.clinical.bodyFatNeeds('F')).toContain('tricipitale, soprailiaca e della coscia');
    // a lab result with the range of its report, and the value above it said in words
    const lab = screen.getByRole('row', { name: /Colesterolo LDL/ });
    expect(lab.textContent).toContain('0–115');
    expect(lab.textContent).toContain(t.clinical.labHigh);
  });
});
