/** @jest-environment jsdom */
import { mockFetch } from '../../test/setupDom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { larnDefaultTargets, type ClinicalRecordView, type MeasurementView, type SessionUser } from '@studio/contracts';
import { it as t } from '../../i18n/it';
import { renderRoutes, storeWithSession } from '../../test/renderWithStore';
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
  record: { sex: 'F', birthDate: '1990-06-15', anamnesis: {}, allergies: ['arachidi'], diagnosis: null, consents: { healthData: true, sharing: false } },
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
});
