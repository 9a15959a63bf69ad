import {
  PAYMENT_METHOD_LABEL,
  STAMP_DUTY_THRESHOLD_CENTS,
  VAT_EXEMPTION_WORDING,
  documentNumber,
  isTracedPayment,
  type EventData,
  type PaymentMethod,
  type PracticeInfo,
} from '@studio/contracts';
import PDFDocument from 'pdfkit';
import type { IssuedDocuments } from './fiscal.service';
import { refundLines } from './sts-export';

/** 8000 → "80,00 €" */
export function euro(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${units},${String(abs % 100).padStart(2, '0')} €`;
}

const dateFmt = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('it-IT', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));
const timeFmt = (iso: string, timeZone: string) => new Intl.DateTimeFormat('it-IT', { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** the practice as printed at the top of every page */
export type ReceiptPractice = Pick<PracticeInfo, 'name' | 'specialty'> & Partial<Pick<PracticeInfo, 'address' | 'phone' | 'email'>>;

/** "Imposta di bollo assolta in modo virtuale, autorizzazione n. … del …" or the physical stamp's identifier to fill in */
export function stampWording(r: Pick<EventData<'ReceiptIssued'>, 'stampDutyCents' | 'virtualStamp'>): string | null {
  if (r.stampDutyCents <= 0) return null;
  if (r.virtualStamp) {
    const [y, m, d] = r.virtualStamp.date.split('-');
    return `Imposta di bollo assolta in modo virtuale, autorizzazione n. ${r.virtualStamp.number} del ${d}/${m}/${y}.`;
  }
  return 'Marca da bollo da 2,00 € applicata sull’originale. Identificativo della marca da bollo: ____________________';
}

/** how it was paid, as printed: method and traceability */
export function paymentWording(method: PaymentMethod): string {
  return `${PAYMENT_METHOD_LABEL[method]} (${isTracedPayment(method) ? 'pagamento tracciabile' : 'pagamento non tracciabile'})`;
}

const PAGE = { left: 56, right: 595.28 - 56, amountWidth: 110 };

/**
 * The receipt as a laid-out A4 PDF in Italian (pdfkit, built-in Helvetica): the practice and the issuer at the top, the
 * patient, a table of lines with right-aligned amounts, subtotal, stamp duty and total, payment method and traceability,
 * the VAT and stamp wording, the STS opposition; the credit note, when there is one, on a second page laid out the same.
 */
export function renderReceiptPdf(docs: IssuedDocuments, timeZone: string, practice: ReceiptPractice): Promise<Buffer> {
  const { receipt: r, creditNote, issuer, patient } = docs;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE.left,
    lang: 'it-IT',
    info: { Title: `Ricevuta ${documentNumber('receipt', r.number, r.year)}`, Author: issuer?.registeredName ?? '' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const width = PAGE.right - PAGE.left;

  const header = () => {
    const top = pdf.y;
    pdf.rect(PAGE.left, top, width, 58).fill('#0f4c5c');
    pdf
      .fillColor('#ffffff')
      .font('Helvetica-Bold')
      .fontSize(18)
      .text(practice.name, PAGE.left + 14, top + 12, { width: width - 28 });
    pdf
      .font('Helvetica')
      .fontSize(10)
      .text([practice.specialty, practice.address, practice.phone, practice.email].filter(Boolean).join(' · '), { width: width - 28 });
    pdf.fillColor('#000000');
    pdf.y = top + 72;
    pdf.x = PAGE.left;
    pdf
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(issuer?.registeredName ?? 'Professionista (dati cancellati)');
    pdf.font('Helvetica').fontSize(9);
    if (docs.title) pdf.text(docs.title);
    if (issuer) {
      pdf.text(issuer.albo);
      pdf.text(issuer.address);
      pdf.text(`Codice fiscale: ${issuer.taxcode}   Partita IVA: ${issuer.vatNumber}`);
    }
    pdf.moveDown();
  };
  const title = (text: string, issuedAt: string) => {
    const y = pdf.y;
    pdf.font('Helvetica-Bold').fontSize(14).text(text, PAGE.left, y);
    pdf
      .font('Helvetica')
      .fontSize(10)
      .text(`Data: ${dateFmt(issuedAt, timeZone)}`, PAGE.left, y + 3, { width, align: 'right' });
    pdf.x = PAGE.left;
    pdf.moveDown();
  };
  const patientBlock = () => {
    const top = pdf.y;
    pdf.rect(PAGE.left, top, width, 58).strokeColor('#999999').stroke();
    pdf
      .font('Helvetica-Bold')
      .fontSize(10)
      .text('Paziente', PAGE.left + 10, top + 8);
    pdf.font('Helvetica');
    if (patient) {
      pdf.text(`${patient.name} ${patient.surname}`);
      pdf.text(`Codice fiscale: ${patient.taxcode}`);
      if (patient.billing) pdf.text(`Indirizzo: ${patient.billing}`);
    } else {
      pdf.text('Dati del paziente cancellati su sua richiesta');
    }
    pdf.y = top + 70;
    pdf.x = PAGE.left;
  };
  /** a table row: description left, amount right-aligned in its column */
  const row = (label: string, cents: number | null, bold = false, rule = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    pdf.text(label, PAGE.left + 6, y, { width: width - PAGE.amountWidth - 12 });
    const after = pdf.y;
    if (cents !== null) pdf.text(euro(cents), PAGE.right - PAGE.amountWidth, y, { width: PAGE.amountWidth - 6, align: 'right' });
    pdf.y = Math.max(after, pdf.y) + 4;
    if (rule)
      pdf
        .moveTo(PAGE.left, pdf.y - 2)
        .lineTo(PAGE.right, pdf.y - 2)
        .strokeColor('#cccccc')
        .stroke();
    pdf.x = PAGE.left;
  };
  const tableHead = () => {
    const top = pdf.y;
    pdf.rect(PAGE.left, top, width, 18).fill('#e8eef0');
    pdf.fillColor('#000000').font('Helvetica-Bold').fontSize(10);
    pdf.text('Descrizione', PAGE.left + 6, top + 5);
    pdf.text('Importo', PAGE.right - PAGE.amountWidth, top + 5, { width: PAGE.amountWidth - 6, align: 'right' });
    pdf.y = top + 24;
    pdf.x = PAGE.left;
  };
  const paragraph = (heading: string, text: string) => {
    pdf.moveDown(0.5);
    pdf.font('Helvetica-Bold').fontSize(10).text(heading, PAGE.left);
    pdf.font('Helvetica').fontSize(9).text(text, { width });
  };

  const service = `${r.productName}: visita del ${dateFmt(r.visitStart, 'UTC')} alle ore ${timeFmt(r.visitStart, 'UTC')}`;
  header();
  title(`Ricevuta sanitaria n. ${documentNumber('receipt', r.number, r.year)}`, r.issuedAt);
  patientBlock();
  tableHead();
  row(service, r.amountCents, false, true);
  row('Subtotale', r.amountCents);
  if (r.stampDutyCents > 0 && r.stampDutyCharged) row('Imposta di bollo (a carico del paziente)', r.stampDutyCents);
  else if (r.stampDutyCents > 0) row(`Imposta di bollo di ${euro(r.stampDutyCents)} a carico del professionista`, 0);
  else row(`Imposta di bollo: non dovuta (importo non superiore a ${euro(STAMP_DUTY_THRESHOLD_CENTS)})`, null);
  row('Totale', r.totalCents, true, true);
  const stamp = stampWording(r);
  if (stamp) paragraph('Imposta di bollo', stamp);
  paragraph('Regime IVA', VAT_EXEMPTION_WORDING[r.regime]);
  const method = r.paymentMethod;
  paragraph(
    'Pagamento',
    `Metodo: ${paymentWording(method)}, in data ${dateFmt(r.paidAt, timeZone)}.` +
      (method === 'paypal' ? ` Identificativo della transazione PayPal: ${r.transactionId} (cattura ${r.captureId}).` : ` Riferimento: ${r.transactionId}.`),
  );
  paragraph(
    'Sistema Tessera Sanitaria',
    r.stsOpposition
      ? 'Il paziente si è opposto alla trasmissione di questa spesa al Sistema Tessera Sanitaria: la spesa non sarà resa disponibile per la dichiarazione precompilata.'
      : 'Il paziente non si è opposto alla trasmissione di questa spesa al Sistema Tessera Sanitaria.',
  );

  if (creditNote) {
    pdf.addPage();
    header();
    // documentNumber already says "NC": "Nota di credito NC 1/2026", not "n. NC"
    title(`Nota di credito ${documentNumber('credit_note', creditNote.number, creditNote.year)}`, creditNote.issuedAt);
    pdf
      .font('Helvetica')
      .fontSize(10)
      .text(
        `Storno della ricevuta n. ${documentNumber('receipt', creditNote.receiptNumber, creditNote.receiptYear)}: pagamento rimborsato (${method === 'paypal' ? `rimborso PayPal ${creditNote.refundId}` : `rimborso ${creditNote.refundId}, ${PAYMENT_METHOD_LABEL[method]}`}).`,
        PAGE.left,
      );
    pdf.moveDown();
    patientBlock();
    tableHead();
    for (const line of refundLines(r, creditNote.totalCents)) row(line.nature === 'N1' ? 'Imposta di bollo' : service, line.cents, false, true);
    row('Importo stornato', creditNote.totalCents, true, true);
    paragraph('Regime IVA', VAT_EXEMPTION_WORDING[r.regime]);
  }
  pdf.end();
  return done;
}
