import type { ClinicalRecordView, DietTargetsRequest, MeasurementView } from '@studio/contracts';
import { pdfText } from '../../../testing/pdf-text';
import { renderVisitReportPdf } from './visit-report-pdf';

const targets: DietTargetsRequest = {
  energyKcal: 1800,
  protein: { unit: 'g/kg', value: 0.9 },
  carbohydratePercentE: { min: 45, max: 60 },
  sugarsMaxPercentE: 15,
  fatPercentE: { min: 20, max: 35 },
  saturatedMaxPercentE: 10,
  fibreGPer1000Kcal: { min: 12.6, max: 16.7 },
};
const measurement = (i: number): MeasurementView => ({
  id: `m${i}`,
  date: `2030-${String(1 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
  weightKg: 80 - i / 10,
  heightCm: 170,
  bmi: 27.7,
  bmiClass: 'sovrappeso',
  waistHipRatio: null,
  bodyFatPercent: null,
  bodyFatJacksonPollockPercent: null,
});
const view = (measurements: MeasurementView[]): ClinicalRecordView => ({
  patientId: 'p1',
  record: null,
  updatedAt: null,
  measurements,
  notes: [],
  labs: [],
  attachments: [],
  targets: null,
  sharedWith: [],
});
const letterhead = {
  practice: { name: 'Studio Nutrizione Verdi', details: 'Nutrizione clinica · Via Roma 1, Milano' },
  doctor: { name: 'Dott.ssa Giulia Rossi', lines: ['Numero d’iscrizione all’albo: MI-1234'] },
};

describe('the visit report as a PDF, on the practice’s letterhead', () => {
  it('prints the practice, the doctor and their register number, and numbers the page', async () => {
    const text = pdfText(await renderVisitReportPdf({ patientName: 'Luca Verdi', view: view([measurement(0), measurement(1)]), targets, letterhead }));
    expect(text).toContain('Studio Nutrizione Verdi');
    expect(text).toContain('Dott.ssa Giulia Rossi');
    expect(text).toMatch(/Numero d.iscrizione all.albo: MI-1234/);
    expect(text).toContain('Relazione della visita');
    expect(text).toContain('Pagina 1 di 1');
  });

  it('moves the weight chart to a page of its own when the rest of the page cannot hold it', async () => {
    // 31 visits: the table ends near the foot of the first page, the chart (about 180 pt) does not fit under it
    const series = Array.from({ length: 31 }, (_, i) => measurement(i));
    const text = pdfText(await renderVisitReportPdf({ patientName: 'Luca Verdi', view: view(series), targets, letterhead }));
    const pageBreak = text.indexOf('Pagina 1 di 2');
    const lastRow = text.split('\n').findIndex((l) => l.startsWith('03/02/2030 '));
    expect(pageBreak).toBeGreaterThan(0);
    expect(text.split('\n').findIndex((l) => l === 'Pagina 1 di 2')).toBeGreaterThan(lastRow);
    expect(text.indexOf('Andamento del peso')).toBeGreaterThan(pageBreak);
    expect(text).toContain('Pagina 2 di 2');
    // the second page says whose report it is, under the practice and the doctor
    expect(text.split('\n').filter((l) => /^Studio Nutrizione Verdi · Dott\.ssa Giulia Rossi . Relazione della visita di Luca Verdi$/.test(l))).toHaveLength(1);
  });
});
