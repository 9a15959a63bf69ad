import { targetGrams, type ClinicalRecordView, type DietTargetsRequest } from '@studio/contracts';
import PDFDocument from 'pdfkit';
import { drawLetterhead, numberPages, runningHeader, type Letterhead } from '../../../platform/common/letterhead-pdf';

const num = (n: number, decimals = 1) => n.toLocaleString('it-IT', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * The signed notes of the visit the report is about (the latest measured one, else the latest noted one): each as
 * signed, with its author and when, a correction after the note it corrects.
 */
function signedNotes(pdf: PDFKit.PDFDocument, view: ClinicalRecordView, measuredDay: string | undefined): void {
  const visitDay = measuredDay ?? [...view.notes].sort((a, b) => a.visitDate.localeCompare(b.visitDate)).at(-1)?.visitDate;
  const notes = view.notes.filter((n) => n.visitDate === visitDay).sort((a, b) => a.signedAt.localeCompare(b.signedAt));
  if (!visitDay || notes.length === 0) return;
  pdf.moveDown();
  pdf
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(`Note della visita del ${day(visitDay)}`);
  for (const note of notes) {
    pdf.font('Helvetica').fontSize(10).text(note.text);
    const correction = note.corrects ? ', correzione di una nota precedente' : '';
    pdf
      .fontSize(8)
      .fillColor('#555')
      .text(`Firmata da ${note.authorName} il ${day(note.signedAt)}${correction}`)
      .fillColor('#000');
    pdf.moveDown(0.3);
  }
}

/**
 * The printable visit report (pdfkit, A4, Italian): the latest measurements, the series in a table, the signed notes
 * of that visit, the weight trend as a line, and the diet's targets, under the practice's letterhead (when given) and
 * with "Pagina X di Y" at the foot of each page. Health data: served only to whoever may read the record (logged there).
 */
export function renderVisitReportPdf(input: {
  patientName: string;
  view: ClinicalRecordView;
  targets: DietTargetsRequest;
  letterhead?: Letterhead | null;
}): Promise<Buffer> {
  const { patientName, view, targets, letterhead } = input;
  const pdf = new PDFDocument({ size: 'A4', margin: 56, lang: 'it-IT', bufferPages: true, info: { Title: `Relazione della visita - ${patientName}` } });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  if (letterhead) drawLetterhead(pdf, letterhead);
  pdf.font('Helvetica-Bold').fontSize(16).text('Relazione della visita');
  pdf.font('Helvetica').fontSize(11).text(`Paziente: ${patientName}`);
  if (view.record) pdf.text(`Sesso: ${view.record.sex}   Data di nascita: ${day(view.record.birthDate)}`);
  pdf.moveDown();

  const series = view.measurements;
  const latest = series.at(-1);
  pdf.font('Helvetica-Bold').fontSize(13).text('Misurazioni');
  pdf.font('Helvetica').fontSize(10);
  if (!latest) pdf.text('Nessuna misurazione registrata.');
  else {
    pdf.text(
      `Ultima visita (${day(latest.date)}): peso ${num(latest.weightKg)} kg, altezza ${num(latest.heightCm, 0)} cm, IMC ${num(latest.bmi)} (${latest.bmiClass})`,
    );
    if (latest.waistHipRatio !== null)
      pdf.text(`Vita ${num(latest.waistCm!, 0)} cm, fianchi ${num(latest.hipCm!, 0)} cm, rapporto vita/fianchi ${num(latest.waistHipRatio, 2)}`);
    if (latest.bodyFatPercent !== null) pdf.text(`Massa grassa (Durnin–Womersley, Siri): ${num(latest.bodyFatPercent)} %`);
    pdf.moveDown(0.5);
    pdf.font('Helvetica-Bold').text('Data          Peso (kg)     IMC      Vita (cm)');
    pdf.font('Helvetica');
    for (const m of series) pdf.text(`${day(m.date)}    ${num(m.weightKg).padStart(8)}    ${num(m.bmi).padStart(6)}    ${m.waistCm ? num(m.waistCm, 0) : '—'}`);
  }

  signedNotes(pdf, view, latest?.date);

  if (series.length >= 2) {
    pdf.moveDown();
    const [left, width, height] = [72, 420, 120];
    // the chart is drawn at fixed coordinates: it starts a page of its own when the rest of this one cannot hold it
    if (pdf.y + 30 + height + 24 > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
    pdf.font('Helvetica-Bold').fontSize(13).text('Andamento del peso');
    const top = pdf.y + 8;
    const weights = series.map((m) => m.weightKg);
    const [min, max] = [Math.min(...weights) - 1, Math.max(...weights) + 1];
    const x = (i: number) => left + (i / (series.length - 1)) * width;
    const y = (w: number) => top + height - ((w - min) / (max - min)) * height;
    pdf.lineWidth(0.5).strokeColor('#888').rect(left, top, width, height).stroke();
    pdf.lineWidth(1.5).strokeColor('#0b5ed7').moveTo(x(0), y(weights[0]));
    weights.forEach((w, i) => i && pdf.lineTo(x(i), y(w)));
    pdf.stroke();
    pdf.font('Helvetica').fontSize(8).fillColor('#000');
    pdf.text(`${num(max)} kg`, 20, top - 4).text(`${num(min)} kg`, 20, top + height - 6);
    pdf.text(day(series[0].date), left, top + height + 4).text(day(series.at(-1)!.date), left + width - 50, top + height + 4);
    pdf.x = 56;
    pdf.y = top + height + 24;
  }

  pdf.moveDown();
  pdf.font('Helvetica-Bold').fontSize(13).text('Obiettivi della dieta');
  pdf.font('Helvetica').fontSize(10);
  const grams = targetGrams(targets, latest?.weightKg ?? null);
  pdf.text(`Energia: ${targets.energyKcal} kcal al giorno`);
  pdf.text(
    `Proteine: ${targets.protein.unit === 'g/kg' ? `${num(targets.protein.value)} g/kg` : `${num(targets.protein.value, 0)} % dell’energia`}${grams.proteinG !== null ? ` (${grams.proteinG} g)` : ''}`,
  );
  pdf.text(
    `Carboidrati: ${targets.carbohydratePercentE.min}–${targets.carbohydratePercentE.max} % dell’energia (${grams.carbohydrateG.min}–${grams.carbohydrateG.max} g); zuccheri < ${targets.sugarsMaxPercentE} %`,
  );
  pdf.text(
    `Grassi: ${targets.fatPercentE.min}–${targets.fatPercentE.max} % dell’energia (${grams.fatG.min}–${grams.fatG.max} g); saturi < ${targets.saturatedMaxPercentE} %`,
  );
  pdf.text(`Fibra: ${num(targets.fibreGPer1000Kcal.min)}–${num(targets.fibreGPer1000Kcal.max)} g ogni 1000 kcal`);
  pdf.moveDown().fontSize(8).text('Valori di riferimento: LARN 2014 (SINU), IV revisione.');
  numberPages(pdf, runningHeader(letterhead ?? null, `Relazione della visita di ${patientName}`));
  pdf.end();
  return done;
}
