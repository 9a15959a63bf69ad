import { z } from '../platform/zod-it';
import { type PlainTextKind, storedText } from '../platform/rules/plain-text';
import { isValidCodiceFiscale } from '../accounts/rules/codice-fiscale';
import { isValidPartitaIva } from './rules/partita-iva';
import { STREAM_PREFIX } from '../platform/streams';

/** the doctor's fiscal profile: `fiscal-<doctorId>` */
export function fiscalProfileStreamName(doctorId: string): string {
  return `${STREAM_PREFIX.fiscal}${doctorId}`;
}

export const TaxRegime = z.enum(['ordinario', 'forfettario'], { error: 'Scegli il regime fiscale (ordinario o forfettario)' });
export type TaxRegime = z.infer<typeof TaxRegime>;

const text = (label: string, max: number, kind: PlainTextKind = 'line') =>
  storedText({ label, kind, max, tooLong: `${label}: al massimo ${max} caratteri`, missing: `${label}: campo obbligatorio` });

/** "autorizzazione n. … del …" to pay the stamp duty virtually */
export const VirtualStampAuthorization = z.object({
  number: text('Numero dell’autorizzazione al bollo virtuale', 60),
  date: z.iso.date('Data dell’autorizzazione al bollo virtuale non valida (AAAA-MM-GG)'),
});
export type VirtualStampAuthorization = z.infer<typeof VirtualStampAuthorization>;

/** PUT /api/fiscal/profiles/:doctorId */
export const FiscalProfileInput = z.object({
  registeredName: text('Nome come da iscrizione all’albo', 120, 'name'),
  title: text('Titolo professionale', 80),
  albo: text('Albo e numero d’iscrizione', 120),
  taxcode: z
    .string({ error: 'Codice fiscale: campo obbligatorio' })
    .trim()
    .toUpperCase()
    .refine(isValidCodiceFiscale, 'Codice fiscale non valido (controlla il carattere finale)'),
  vatNumber: z
    .string({ error: 'Partita IVA: campo obbligatorio' })
    .trim()
    .refine(isValidPartitaIva, 'Partita IVA non valida (11 cifre, controlla la cifra finale)'),
  address: text('Indirizzo dello studio', 300),
  regime: TaxRegime,
  stampDutyToPatient: z.boolean({ error: 'Indica se l’imposta di bollo è a carico del paziente' }),
  /** the Agenzia delle Entrate's authorisation to pay the stamp duty virtually (art. 15 DPR 642/1972); absent: physical stamps */
  virtualStamp: VirtualStampAuthorization.nullable().optional(),
});
export type FiscalProfileInput = z.input<typeof FiscalProfileInput>;
export type FiscalProfile = z.infer<typeof FiscalProfileInput>;
/** the sealed part of a profile (the rest travels in clear on the event) */
export type FiscalProfilePersonal = Pick<FiscalProfile, 'registeredName' | 'albo' | 'taxcode' | 'vatNumber' | 'address'>;

export interface FiscalProfileView {
  doctorId: string;
  profile: FiscalProfile | null;
  /** demo values (seeded), not a real practitioner's */
  demo: boolean;
  /** paid orders still waiting for their receipt because the profile is missing */
  pendingReceipts: number;
  /** the Italian message shown to the doctor and admin while receipts are blocked, null when none */
  blockedMessage: string | null;
}

export function receiptsBlockedMessage(pending: number): string {
  return pending === 1
    ? 'Profilo fiscale incompleto: 1 pagamento attende la ricevuta. Completa il profilo fiscale per emetterla.'
    : `Profilo fiscale incompleto: ${pending} pagamenti attendono la ricevuta. Completa il profilo fiscale per emetterle (in ordine di pagamento).`;
}

export const VAT_EXEMPTION_WORDING: Record<TaxRegime, string> = {
  ordinario: 'Operazione esente da IVA ai sensi dell’art. 10, comma 1, n. 18, D.P.R. 633/1972 (prestazione sanitaria alla persona).',
  forfettario:
    'Operazione effettuata ai sensi dell’art. 1, commi da 54 a 89, Legge 190/2014 (regime forfettario): senza applicazione dell’IVA e senza ritenuta alla fonte.',
};

/** the legal wording of the opposition checkbox (art. 3 DM 31/07/2015; Garante provv. 2016) */
export const STS_OPPOSITION_WORDING =
  'Mi oppongo alla trasmissione al Sistema Tessera Sanitaria dei dati di questa spesa sanitaria ai fini della dichiarazione dei redditi precompilata (art. 3, D.M. 31 luglio 2015).';

/** how a receipt was paid: PayPal online, or at the practice's desk */
export const PaymentMethod = z.enum(['paypal', 'cash', 'card', 'transfer'], { error: 'Metodo di pagamento non valido (contanti, carta o bonifico)' });
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = {
  paypal: 'PayPal',
  cash: 'contanti',
  card: 'carta di pagamento (POS)',
  transfer: 'bonifico bancario',
};
/** traceable payments (art. 1 c. 679 L. 160/2019): everything but cash; the Sistema TS's pagamentoTracciato */
export function isTracedPayment(method: PaymentMethod): boolean {
  return method !== 'cash';
}

/**
 * The VAT nature code of a health service on the Sistema TS file, by the practitioner's regime: the codes of the
 * FatturaPA table (the STS specification's naturaIVA takes them). Ordinario: N4 "esenti" (art. 10 c. 1 n. 18 DPR 633/72).
 * Forfettario: N2.2 "non soggette – altri casi", the code the Agenzia delle Entrate's guide to e-invoices gives for
 * operations under L. 190/2014 (docs/fiscale.md, "Sistema TS: fonti"). The stamp duty: N1 "escluse ex art. 15".
 */
export const STS_NATURE_OF_SERVICE: Record<TaxRegime, string> = { ordinario: 'N4', forfettario: 'N2.2' };
export const STS_NATURE_STAMP_DUTY = 'N1';

/** N/YYYY; credit notes NC N/YYYY */
export function documentNumber(kind: 'receipt' | 'credit_note', number: number, year: number): string {
  return `${kind === 'credit_note' ? 'NC ' : ''}${number}/${year}`;
}

/** a row of /fiscale */
export interface FiscalDocumentView {
  id: string;
  kind: 'receipt' | 'credit_note';
  number: number;
  year: number;
  label: string;
  issuedAt: string;
  orderId: string;
  patientId: string;
  patientName: string;
  /** the service (before stamp duty) */
  amountCents: number;
  stampDutyCents: number;
  /** what the patient paid (credit notes: negative) */
  totalCents: number;
  stsOpposition: boolean;
}

export interface FiscalYearView {
  doctorId: string;
  year: number;
  documents: FiscalDocumentView[];
  totals: { receipts: number; creditNotes: number; amountCents: number; stampDutyCents: number; totalCents: number };
  blockedMessage: string | null;
}

export const StsExportQuery = z.object({
  year: z.coerce.number({ error: 'Anno non valido' }).int('Anno non valido').min(2015, 'Anno non valido').max(2100, 'Anno non valido'),
  doctor: z.string({ error: 'Indica il medico' }).trim().min(1, 'Indica il medico'),
});

/** POST /api/bookings/:id/desk-payment: a payment taken at the desk (the doctor of the booking or an administrator) */
export const DeskPaymentInput = z.object({
  method: z.enum(['cash', 'card', 'transfer'], { error: 'Metodo di pagamento non valido: contanti, carta o bonifico' }),
  amountCents: z
    .number({ error: 'Importo non valido: indicalo in centesimi (ad esempio 8000 per 80,00 €)' })
    .int('Importo non valido: indicalo in centesimi (ad esempio 8000 per 80,00 €)')
    .positive('L’importo deve essere maggiore di zero')
    .max(9_999_999, 'L’importo è troppo alto'),
  /** the patient's tax code for the receipt; absent: the one given at registration */
  taxcode: z.string().trim().toUpperCase().optional(),
  billing: storedText({
    label: 'Indirizzo di fatturazione',
    kind: 'lines',
    max: 500,
    tooLong: 'L’indirizzo di fatturazione è troppo lungo (al massimo 500 caratteri).',
  }).optional(),
  /** the patient opposes sending the expense to the Sistema Tessera Sanitaria */
  stsOpposition: z.boolean().optional(),
  /** the doctor's discount: an amount below the visit's price is taken only with it, and its reason is recorded */
  discount: z
    .object(
      {
        reason: storedText({
          label: 'Motivo dello sconto',
          kind: 'lines',
          max: 300,
          tooLong: 'Motivo dello sconto troppo lungo (al massimo 300 caratteri)',
          missing: 'Indica il motivo dello sconto',
        }),
      },
      { error: 'Sconto non valido: indica il motivo' },
    )
    .optional(),
});
export type DeskPaymentInput = z.input<typeof DeskPaymentInput>;

/** POST /api/desk-payments/:orderId/refund */
export const DeskRefundInput = z.object({
  reason: storedText({
    label: 'Motivo',
    kind: 'lines',
    max: 300,
    tooLong: 'Motivo troppo lungo (al massimo 300 caratteri)',
    missing: 'Indica il motivo del rimborso',
  }),
  /** the desk's answer to "annulla anche la visita?": true cancels it (the slot is freed, the record closes to the doctor) */
  cancelVisit: z.boolean(),
});

/** the daily takings: one row per doctor and method */
export interface TakingsRow {
  doctorId: string;
  doctorName: string;
  method: 'paypal' | 'cash' | 'card' | 'transfer';
  payments: number;
  refunds: number;
  /** collected minus refunded, in cents */
  netCents: number;
}
export interface TakingsView {
  day: string;
  rows: TakingsRow[];
  totalCents: number;
}
export const TakingsQuery = z.object({
  day: z.iso.date('Giorno non valido (AAAA-MM-GG)'),
  doctor: z.string().trim().min(1).optional(),
  format: z.enum(['json', 'csv', 'pdf']).default('json'),
});

/**
 * A receipt (and its credit note) as the patient is handed it: every word and figure of the PDF, built once on the
 * server (backend fiscal/receipt-document.ts) and laid out by the PDF and by the HTML view on /home alike, so the two
 * never say different things. Amounts are already written as printed ("82,00 €").
 */
export interface ReceiptDocumentLine {
  label: string;
  /** the amount column, as printed; null for a line with no amount */
  amount: string | null;
  /** the total */
  total?: boolean;
  /** the stamp duty line (its label says who bears it) */
  stampDuty?: boolean;
}
export interface ReceiptDocumentPage {
  kind: 'receipt' | 'credit_note';
  /** "1/2030", "NC 1/2030" */
  label: string;
  /** "Ricevuta sanitaria n. 1/2030", "Nota di credito NC 1/2030" */
  title: string;
  /** "Data: 07/03/2030" */
  date: string;
  /** the credit note's reference to the receipt it cancels */
  intro: string | null;
  /** the patient box: its heading and lines (or the erased wording) */
  patientHeading: string;
  patient: string[];
  /** the table: column headings, then the lines as paid */
  columns: [string, string];
  lines: ReceiptDocumentLine[];
  /** the legal and payment wording, in order: stamp duty, VAT regime, payment, Sistema TS */
  paragraphs: { heading: string; text: string }[];
}
export interface ReceiptDocument {
  orderId: string;
  /** the practice's band: its name and one line of details */
  practice: { name: string; details: string };
  /** the issuing doctor with their fiscal data (or the erased wording) */
  issuer: { name: string; lines: string[] };
  /** the doctor's name, as the patient's list shows it */
  doctorName: string;
  /** the receipt, then its credit note when there is one */
  pages: ReceiptDocumentPage[];
  /** the same document as a PDF */
  pdfUrl: string;
}

/** the patient's erasure request stream: `erasurerequest-<patientId>` */
export function erasureRequestStreamName(patientId: string): string {
  return `erasurerequest-${patientId}`;
}

/** fiscal documents of a year are kept through 31 December of year + 10 (art. 2220 c.c.), then their key is destroyed */
export const FISCAL_RETENTION_YEARS = 10;
export function fiscalKeptUntil(year: number): string {
  return `${year + FISCAL_RETENTION_YEARS}-12-31`;
}

/**
 * What a patient asking for erasure is told stays, and why: the one wording of the erasure screen on /home and of the
 * API's answer. Sources: art. 2220 c.c. (accounting records kept ten years), art. 22 DPR 600/1973 (records kept until
 * the tax assessment for the year is final), art. 3 D.Lgs. 175/2014 (health expenses sent to the Sistema Tessera
 * Sanitaria for the pre-filled return), GDPR art. 17(3)(b) (erasure does not apply to what a legal obligation requires).
 */
export const FISCAL_RETENTION_STATEMENT: readonly string[] = [
  'Se chiedi la cancellazione, i tuoi dati personali (nome, contatti, codice fiscale, risposte ai questionari, cartella e diete) diventano illeggibili: la chiave che li cifra viene distrutta e non potrai più accedere.',
  'Restano soltanto le ricevute e le note di credito emesse a tuo nome, che sono documenti fiscali: lo studio deve conservarle per 10 anni (art. 2220 del Codice civile e art. 22 del DPR 600/1973) e ne trasmette i dati al Sistema Tessera Sanitaria per la dichiarazione precompilata (art. 3 del D.Lgs. 175/2014).',
  'Su quei documenti il tuo nome, il codice fiscale e l’indirizzo di fatturazione restano cifrati con una chiave fiscale separata, usata solo per i documenti fiscali e per il file del Sistema Tessera Sanitaria. Il GDPR lo consente per adempiere a un obbligo di legge (art. 17, paragrafo 3, lettera b).',
  'Trascorsi i 10 anni (dal 1° gennaio dell’undicesimo anno dopo quello del documento) anche la chiave fiscale viene distrutta e quei dati non sono più leggibili da nessuno.',
];

/** GET /api/me/erasure and POST /api/me/erasure-request: what stays, document by document, and the request if made */
export interface ErasureInfoView {
  statement: readonly string[];
  documents: { kind: 'receipt' | 'credit_note'; label: string; doctorName: string; year: number; keptUntil: string }[];
  /** when the patient asked, null while they have not */
  requestedAt: string | null;
}
