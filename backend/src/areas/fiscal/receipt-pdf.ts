import {
  PAYMENT_METHOD_LABEL,
  STAMP_DUTY_THRESHOLD_CENTS,
  VAT_EXEMPTION_WORDING,
  documentNumber,
  isTracedPayment,
  type EventData,
  type PaymentMethod,
  type PracticeInfo,
  type ReceiptDocument,
  type ReceiptDocumentLine,
  type ReceiptDocumentPage,
} from '@studio/contracts';
import PDFDocument from 'pdfkit';
import { LETTERHEAD_PAGE, drawLetterhead, numberPages, practiceDetails, type LetterheadLogo } from '../../platform/common/letterhead-pdf';
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

/** the PDF's address, for the links of the HTML view */
export const receiptPdfPath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/receipt.pdf`;

/**
 * The receipt's whole content, words and figures, in reading order: the one source the PDF (renderReceiptPdf) and the
 * HTML view on /home (GET /api/orders/:id/receipt) lay out. Nothing of what a receipt says is written anywhere else.
 */
export function receiptDocument(docs: IssuedDocuments, timeZone: string, practice: ReceiptPractice): ReceiptDocument {
  const { receipt: r, creditNote, issuer, patient } = docs;
  const issuerName = issuer?.registeredName ?? 'Professionista (dati cancellati)';
  const issuerLines = [
    ...(docs.title ? [docs.title] : []),
    ...(issuer ? [issuer.albo, issuer.address, `Codice fiscale: ${issuer.taxcode}   Partita IVA: ${issuer.vatNumber}`] : []),
  ];
  const patientLines = patient
    ? [`${patient.name} ${patient.surname}`, `Codice fiscale: ${patient.taxcode}`, ...(patient.billing ? [`Indirizzo: ${patient.billing}`] : [])]
    : ['Dati del paziente cancellati su sua richiesta'];
  const columns: [string, string] = ['Descrizione', 'Importo'];
  const place = docs.visitPlace ? `, presso ${docs.visitPlace}` : '';
  const service = `${r.productName}: visita del ${dateFmt(r.visitStart, 'UTC')} alle ore ${timeFmt(r.visitStart, 'UTC')}${place}`;
  const lines: ReceiptDocumentLine[] = [
    { label: service, amount: euro(r.amountCents) },
    { label: 'Subtotale', amount: euro(r.amountCents) },
  ];
  if (r.stampDutyCents > 0 && r.stampDutyCharged)
    lines.push({ label: 'Imposta di bollo (a carico del paziente)', amount: euro(r.stampDutyCents), stampDuty: true });
  else if (r.stampDutyCents > 0)
    lines.push({ label: `Imposta di bollo di ${euro(r.stampDutyCents)} a carico del professionista`, amount: euro(0), stampDuty: true });
  else lines.push({ label: `Imposta di bollo: non dovuta (importo non superiore a ${euro(STAMP_DUTY_THRESHOLD_CENTS)})`, amount: null, stampDuty: true });
  lines.push({ label: 'Totale', amount: euro(r.totalCents), total: true });
  const method = r.paymentMethod;
  const stamp = stampWording(r);
  const regime = { heading: 'Regime IVA', text: VAT_EXEMPTION_WORDING[r.regime] };
  const pages: ReceiptDocumentPage[] = [
    {
      kind: 'receipt',
      label: documentNumber('receipt', r.number, r.year),
      title: `Ricevuta sanitaria n. ${documentNumber('receipt', r.number, r.year)}`,
      date: `Data: ${dateFmt(r.issuedAt, timeZone)}`,
      intro: null,
      patientHeading: 'Paziente',
      patient: patientLines,
      columns,
      lines,
      paragraphs: [
        ...(stamp ? [{ heading: 'Imposta di bollo', text: stamp }] : []),
        regime,
        {
          heading: 'Pagamento',
          text:
            `Metodo: ${paymentWording(method)}, in data ${dateFmt(r.paidAt, timeZone)}.` +
            (method === 'paypal'
              ? ` Identificativo della transazione PayPal: ${r.transactionId} (cattura ${r.captureId}).`
              : ` Riferimento: ${r.transactionId}.`),
        },
        {
          heading: 'Sistema Tessera Sanitaria',
          text: r.stsOpposition
            ? 'Il paziente si è opposto alla trasmissione di questa spesa al Sistema Tessera Sanitaria: la spesa non sarà resa disponibile per la dichiarazione precompilata.'
            : 'Il paziente non si è opposto alla trasmissione di questa spesa al Sistema Tessera Sanitaria.',
        },
      ],
    },
  ];
  if (creditNote) {
    pages.push({
      kind: 'credit_note',
      label: documentNumber('credit_note', creditNote.number, creditNote.year),
      // documentNumber already says "NC": "Nota di credito NC 1/2026", not "n. NC"
      title: `Nota di credito ${documentNumber('credit_note', creditNote.number, creditNote.year)}`,
      date: `Data: ${dateFmt(creditNote.issuedAt, timeZone)}`,
      intro: `Storno della ricevuta n. ${documentNumber('receipt', creditNote.receiptNumber, creditNote.receiptYear)}: pagamento rimborsato (${method === 'paypal' ? `rimborso PayPal ${creditNote.refundId}` : `rimborso ${creditNote.refundId}, ${PAYMENT_METHOD_LABEL[method]}`}).`,
      patientHeading: 'Paziente',
      patient: patientLines,
      columns,
      lines: [
        ...refundLines(r, creditNote.totalCents).map((line) => ({
          label: line.nature === 'N1' ? 'Imposta di bollo' : service,
          amount: euro(line.cents),
          ...(line.nature === 'N1' ? { stampDuty: true } : {}),
        })),
        { label: 'Importo stornato', amount: euro(creditNote.totalCents), total: true },
      ],
      paragraphs: [regime],
    });
  }
  return {
    orderId: r.orderId,
    practice: { name: practice.name, details: practiceDetails(practice) },
    issuer: { name: issuerName, lines: issuerLines },
    doctorName: issuerName,
    pages,
    pdfUrl: receiptPdfPath(r.orderId),
  };
}

const PAGE = { ...LETTERHEAD_PAGE, amountWidth: 110 };

/** the practice's logo as the receipt draws it (the letterhead's) */
export type ReceiptLogo = LetterheadLogo;

/**
 * The receipt as a laid-out A4 PDF in Italian (pdfkit, built-in Helvetica), laid out from receiptDocument: the practice
 * band (with its logo) and the issuer at the top, the patient, a table of lines with right-aligned amounts, subtotal,
 * stamp duty and total, payment method and traceability, the VAT and stamp wording, the STS opposition; the credit
 * note, when there is one, on a second page laid out the same; "Pagina X di Y" at the foot of each page.
 */
export function renderReceiptPdf(docs: IssuedDocuments, timeZone: string, practice: ReceiptPractice, logo?: ReceiptLogo | null): Promise<Buffer> {
  const content = receiptDocument(docs, timeZone, practice);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE.left,
    lang: 'it-IT',
    bufferPages: true,
    info: { Title: `Ricevuta ${content.pages[0].label}`, Author: docs.issuer?.registeredName ?? '' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const width = PAGE.right - PAGE.left;

  const header = () => drawLetterhead(pdf, { practice: content.practice, doctor: content.issuer, logo });
  const title = (page: ReceiptDocumentPage) => {
    const y = pdf.y;
    pdf.font('Helvetica-Bold').fontSize(14).text(page.title, PAGE.left, y);
    pdf
      .font('Helvetica')
      .fontSize(10)
      .text(page.date, PAGE.left, y + 3, { width, align: 'right' });
    pdf.x = PAGE.left;
    pdf.moveDown();
  };
  const patientBlock = (page: ReceiptDocumentPage) => {
    const top = pdf.y;
    pdf.rect(PAGE.left, top, width, 58).strokeColor('#999999').stroke();
    pdf
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(page.patientHeading, PAGE.left + 10, top + 8);
    pdf.font('Helvetica');
    for (const line of page.patient) pdf.text(line);
    pdf.y = top + 70;
    pdf.x = PAGE.left;
  };
  /** a table row: description left, amount right-aligned in its column */
  const row = (line: ReceiptDocumentLine, rule: boolean) => {
    const y = pdf.y;
    pdf.font(line.total ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    pdf.text(line.label, PAGE.left + 6, y, { width: width - PAGE.amountWidth - 12 });
    const after = pdf.y;
    if (line.amount !== null) pdf.text(line.amount, PAGE.right - PAGE.amountWidth, y, { width: PAGE.amountWidth - 6, align: 'right' });
    pdf.y = Math.max(after, pdf.y) + 4;
    if (rule)
      pdf
        .moveTo(PAGE.left, pdf.y - 2)
        .lineTo(PAGE.right, pdf.y - 2)
        .strokeColor('#cccccc')
        .stroke();
    pdf.x = PAGE.left;
  };
  const tableHead = (page: ReceiptDocumentPage) => {
    const top = pdf.y;
    pdf.rect(PAGE.left, top, width, 18).fill('#e8eef0');
    pdf.fillColor('#000000').font('Helvetica-Bold').fontSize(10);
    pdf.text(page.columns[0], PAGE.left + 6, top + 5);
    pdf.text(page.columns[1], PAGE.right - PAGE.amountWidth, top + 5, { width: PAGE.amountWidth - 6, align: 'right' });
    pdf.y = top + 24;
    pdf.x = PAGE.left;
  };
  const paragraph = (heading: string, text: string) => {
    pdf.moveDown(0.5);
    pdf.font('Helvetica-Bold').fontSize(10).text(heading, PAGE.left);
    pdf.font('Helvetica').fontSize(9).text(text, { width });
  };

  content.pages.forEach((page, i) => {
    if (i > 0) pdf.addPage();
    header();
    title(page);
    if (page.intro) {
      pdf.font('Helvetica').fontSize(10).text(page.intro, PAGE.left);
      pdf.moveDown();
    }
    patientBlock(page);
    tableHead(page);
    // a rule under the service line(s) and under the total
    page.lines.forEach((line, k) => row(line, line.total === true || (page.kind === 'receipt' ? k === 0 : true)));
    for (const p of page.paragraphs) paragraph(p.heading, p.text);
  });
  numberPages(pdf);
  pdf.end();
  return done;
}
