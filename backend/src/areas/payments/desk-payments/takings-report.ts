import { csvDocument, PAYMENT_METHOD_LABEL, type CsvValue, type TakingsView } from '@studio/contracts';
import PDFDocument from 'pdfkit';
import { euro } from '../../fiscal';

/** the takings as CSV for the practice's books, through the app's one CSV writer (names never run as formulas) */
export function takingsCsv(view: TakingsView): string {
  const rows: CsvValue[][] = [['Giorno', 'Medico', 'Metodo', 'Pagamenti', 'Rimborsi', 'Incasso netto (EUR)']];
  for (const r of view.rows) rows.push([view.day, r.doctorName, PAYMENT_METHOD_LABEL[r.method], r.payments, r.refunds, { cents: r.netCents }]);
  rows.push([view.day, 'Totale', '', '', '', { cents: view.totalCents }]);
  return csvDocument(rows);
}

/** the same as an A4 PDF */
export function takingsPdf(view: TakingsView, practiceName: string): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 56, lang: 'it-IT', info: { Title: `Incassi del ${view.day}` } });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const [y, m, d] = view.day.split('-');
  pdf.font('Helvetica-Bold').fontSize(16).text(practiceName);
  pdf.font('Helvetica').fontSize(12).text(`Incassi del ${d}/${m}/${y}`);
  pdf.moveDown();
  const cols = [56, 230, 370, 430, 480];
  const row = (cells: string[], bold = false) => {
    const top = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    cells.forEach((c, i) =>
      pdf.text(c, cols[i], top, i >= 2 ? { width: (cols[i + 1] ?? 540) - cols[i] - 4, align: 'right' } : { width: cols[i + 1] - cols[i] - 4 }),
    );
    pdf.y = top + 16;
  };
  row(['Medico', 'Metodo', 'Pag.', 'Rimb.', 'Netto'], true);
  for (const r of view.rows) row([r.doctorName, PAYMENT_METHOD_LABEL[r.method], String(r.payments), String(r.refunds), euro(r.netCents)]);
  if (view.rows.length === 0) row(['Nessun incasso in questo giorno.', '', '', '', '']);
  row(['Totale', '', '', '', euro(view.totalCents)], true);
  pdf.end();
  return done;
}
