import { type PracticeInfo, STAMP_DUTY_THRESHOLD_CENTS, VAT_EXEMPTION_WORDING, documentNumber } from '@studio/contracts';
import PDFDocument from 'pdfkit';
import type { IssuedDocuments } from './fiscal.service';

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

/**
 * The receipt as an A4 PDF in Italian (pdfkit, built-in Helvetica): issuer, patient, service, amounts, stamp duty,
 * VAT wording, payment and its traceability, STS opposition; the credit note, when there is one, on a second page.
 */
export function renderReceiptPdf(
  docs: IssuedDocuments,
  timeZone: string,
  practice?: Pick<PracticeInfo, 'name' | 'address' | 'phone' | 'email'>,
): Promise<Buffer> {
  const { receipt: r, creditNote, issuer, patient } = docs;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: 'it-IT',
    info: { Title: `Ricevuta ${documentNumber('receipt', r.number, r.year)}`, Author: issuer?.registeredName ?? '' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const header = () => {
    pdf
      .font('Helvetica-Bold')
      .fontSize(16)
      .text(issuer?.registeredName ?? 'Professionista (dati cancellati)');
    pdf.font('Helvetica').fontSize(10);
    if (docs.title) pdf.text(docs.title);
    if (issuer) {
      pdf.text(issuer.albo);
      pdf.text(issuer.address);
      pdf.text(`Codice fiscale: ${issuer.taxcode}   Partita IVA: ${issuer.vatNumber}`);
    }
    // the practice as set in /impostazioni, where the visit took place
    if (practice) pdf.text([practice.name, practice.address, practice.phone, practice.email].filter(Boolean).join(' · '));
    pdf.moveDown();
  };
  const patientBlock = () => {
    pdf.font('Helvetica-Bold').text('Paziente');
    pdf.font('Helvetica');
    if (patient) {
      pdf.text(`${patient.name} ${patient.surname}`);
      pdf.text(`Codice fiscale: ${patient.taxcode}`);
      pdf.text(`Indirizzo: ${patient.billing}`);
    } else {
      pdf.text('Dati del paziente cancellati su sua richiesta');
    }
    pdf.moveDown();
  };

  header();
  pdf
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(`Ricevuta sanitaria n. ${documentNumber('receipt', r.number, r.year)}`);
  pdf
    .font('Helvetica')
    .fontSize(10)
    .text(`Data: ${dateFmt(r.issuedAt, timeZone)}`);
  pdf.moveDown();
  patientBlock();

  pdf.font('Helvetica-Bold').text('Prestazione');
  pdf.font('Helvetica').text(`${r.productName}: visita del ${dateFmt(r.visitStart, 'UTC')} alle ore ${timeFmt(r.visitStart, 'UTC')}`);
  pdf.text(`Importo della prestazione: ${euro(r.amountCents)}`);
  if (r.stampDutyCents > 0) {
    const who = r.stampDutyCharged ? 'a carico del paziente' : 'a carico del professionista';
    pdf.text(`Imposta di bollo: ${euro(r.stampDutyCents)} (${who}; importo superiore a ${euro(STAMP_DUTY_THRESHOLD_CENTS)})`);
    pdf.text('Identificativo della marca da bollo: ____________________ (o estremi dell’autorizzazione al bollo virtuale)');
  } else {
    pdf.text(`Imposta di bollo: non dovuta (importo non superiore a ${euro(STAMP_DUTY_THRESHOLD_CENTS)})`);
  }
  pdf.font('Helvetica-Bold').text(`Totale: ${euro(r.totalCents)}`);
  pdf.font('Helvetica').moveDown();
  pdf.text(VAT_EXEMPTION_WORDING[r.regime]);
  pdf.moveDown();
  pdf.font('Helvetica-Bold').text('Pagamento');
  pdf.font('Helvetica').text(`Metodo: PayPal (pagamento tracciabile), in data ${dateFmt(r.paidAt, timeZone)}`);
  pdf.text(`Identificativo della transazione PayPal: ${r.transactionId} (cattura ${r.captureId})`);
  pdf.moveDown();
  pdf.font('Helvetica-Bold').text('Sistema Tessera Sanitaria');
  pdf
    .font('Helvetica')
    .text(
      r.stsOpposition
        ? 'Il paziente si è opposto alla trasmissione di questa spesa al Sistema Tessera Sanitaria: la spesa non sarà resa disponibile per la dichiarazione precompilata.'
        : 'Il paziente non si è opposto alla trasmissione di questa spesa al Sistema Tessera Sanitaria.',
    );

  if (creditNote) {
    pdf.addPage();
    header();
    pdf
      .font('Helvetica-Bold')
      .fontSize(14)
      .text(`Nota di credito n. ${documentNumber('credit_note', creditNote.number, creditNote.year)}`);
    pdf
      .font('Helvetica')
      .fontSize(10)
      .text(`Data: ${dateFmt(creditNote.issuedAt, timeZone)}`);
    pdf.text(
      `Storno della ricevuta n. ${documentNumber('receipt', creditNote.receiptNumber, creditNote.receiptYear)}: pagamento rimborsato (rimborso PayPal ${creditNote.refundId}).`,
    );
    pdf.moveDown();
    patientBlock();
    pdf.font('Helvetica-Bold').text(`Importo stornato: ${euro(creditNote.totalCents)}`);
    pdf.font('Helvetica').moveDown().text(VAT_EXEMPTION_WORDING[r.regime]);
  }
  pdf.end();
  return done;
}
