import { type EventData, STS_NATURE_OF_SERVICE, STS_NATURE_STAMP_DUTY, documentNumber, isTracedPayment } from '@studio/contracts';
import { zipSync, strToU8 } from 'fflate';
import { constants, createPublicKey, generateKeyPairSync, publicEncrypt, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { create } from 'xmlbuilder2';
import { AppError } from '../../platform/common/errors';
import type { AppConfig } from '../../platform/config/config';
import { type StsCertificate, italianDate, readStsCertificate } from '../../platform/config/sts-certificate';

/**
 * The yearly file of health expenses for the Sistema Tessera Sanitaria (730 precompilato), root `precompilata`,
 * as far as public copies of the technical specification show it (docs/fiscale.md: which fields are confirmed).
 * The practitioner uploads it; the app never sends it.
 */

/** a professional's document: a fattura/ricevuta (F), not a documento commerciale (D) */
export const STS_DOCUMENT_TYPE = 'F';
/** SP: "prestazioni sanitarie" */
export const STS_EXPENSE_TYPE = 'SP';
/** the channel refuses a zip above 5 MB (Sistema TS, invio asincrono) */
export const STS_MAX_ZIP_BYTES = 5 * 1024 * 1024;

/**
 * The Sistema TS public key (its certificate holds a 1024-bit RSA key: a cipher fits the XSD's 256 characters): from
 * STS_CERT_PATH, a certificate or a public key in PEM or DER (Sogei's SanitelCF.cer comes as DER), or outside production a
 * demo key in DATA_DIR. Checked when the app starts (FiscalModule), so a bad file is told at once, not at the first export.
 */
export function loadStsPublicKey(config: Pick<AppConfig, 'stsCertPath' | 'production' | 'dataDir'>): { key: KeyObject; demo: boolean } {
  if (config.stsCertPath) {
    if (!existsSync(config.stsCertPath))
      throw new AppError(503, 'certificato_sts_mancante', 'Il certificato del Sistema TS configurato (STS_CERT_PATH) non esiste.');
    let cert: StsCertificate;
    try {
      cert = readStsCertificate(config.stsCertPath);
    } catch (error) {
      throw new AppError(503, 'certificato_sts_non_valido', `Esportazione non possibile: ${(error as Error).message}.`);
    }
    if (cert.validTo && cert.validTo.getTime() < Date.now()) {
      throw new AppError(
        503,
        'certificato_sts_scaduto',
        `Il certificato del Sistema TS è scaduto il ${italianDate(cert.validTo)}: scarica quello nuovo e aggiorna STS_CERT_PATH.`,
      );
    }
    return { key: cert.key, demo: false };
  }
  if (config.production) throw new AppError(503, 'certificato_sts_mancante', 'Certificato del Sistema TS non configurato (STS_CERT_PATH).');
  const file = join(config.dataDir, 'sts-demo-public.pem');
  if (!existsSync(file)) {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    writeFileSync(file, publicKey.export({ type: 'spki', format: 'pem' }));
  }
  return { key: createPublicKey(readFileSync(file, 'utf8')), demo: true };
}

/** RSA with PKCS#1 v1.5 padding, base64: how the Sistema TS wants codici fiscali */
export function encryptForSts(key: KeyObject, value: string): string {
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(value, 'utf8')).toString('base64');
}

export type StsReceipt = EventData<'ReceiptIssued'> & { patientTaxcode: string | null };

export interface StsExportInput {
  owner: { taxcode: string; vatNumber: string };
  receipts: StsReceipt[];
  creditNotes: EventData<'CreditNoteIssued'>[];
  /** the receipts this year's credit notes cancel, of this year or earlier ones (by receiptId) */
  cancelled: Map<string, StsReceipt>;
  day: (iso: string) => string;
}

const amount = (cents: number) => (cents / 100).toFixed(2);
/** numDocumento allows [A-Za-z0-9_./\-]{1,20}: "12/2026", credit notes "NC-3/2026" */
const numDocumento = (kind: 'receipt' | 'credit_note', n: number, year: number) => documentNumber(kind, n, year).replace(' ', '-');

interface StsLine {
  cents: number;
  nature: string;
}

/** a receipt's voceSpesa lines: the service, with the nature of the issuer's regime, and the stamp duty when charged */
export function receiptLines(r: EventData<'ReceiptIssued'>): StsLine[] {
  const lines = [{ cents: r.amountCents, nature: STS_NATURE_OF_SERVICE[r.regime] }];
  if (r.stampDutyCharged && r.stampDutyCents > 0) lines.push({ cents: r.stampDutyCents, nature: STS_NATURE_STAMP_DUTY });
  return lines;
}

/**
 * A refund's lines mirror the receipt's, with what was refunded: the refunded amount fills the receipt's lines in their
 * order (service first, then stamp duty), each up to what it was; a line nothing was refunded of is left out (importo ≥ 0.01).
 */
export function refundLines(original: EventData<'ReceiptIssued'>, refundedCents: number): StsLine[] {
  let left = refundedCents;
  const out: StsLine[] = [];
  for (const line of receiptLines(original)) {
    const cents = Math.min(line.cents, left);
    left -= cents;
    if (cents > 0) out.push({ cents, nature: line.nature });
  }
  return out;
}

export function buildStsXml(input: StsExportInput, key: KeyObject): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('precompilata');
  root.ele('proprietario').ele('cfProprietario').txt(encryptForSts(key, input.owner.taxcode));
  const idSpesa = (parent: ReturnType<typeof root.ele>, name: string, date: string, num: string) => {
    const id = parent.ele(name);
    id.ele('pIva').txt(input.owner.vatNumber);
    id.ele('dataEmissione').txt(date);
    const n = id.ele('numDocumentoFiscale');
    n.ele('dispositivo').txt('1');
    n.ele('numDocumento').txt(num);
  };
  /** the specification: cfCittadino on every record (refunds too) unless the citizen opposed (flagOpposizione 1) */
  const citizen = (d: ReturnType<typeof root.ele>, r: StsReceipt) => {
    if (!r.stsOpposition && r.patientTaxcode) d.ele('cfCittadino').txt(encryptForSts(key, r.patientTaxcode));
  };
  const lines = (d: ReturnType<typeof root.ele>, items: StsLine[]) => {
    for (const line of items) {
      const v = d.ele('voceSpesa');
      v.ele('tipoSpesa').txt(STS_EXPENSE_TYPE);
      v.ele('importo').txt(amount(line.cents));
      v.ele('naturaIVA').txt(line.nature);
    }
  };
  for (const r of input.receipts) {
    const d = root.ele('documentoSpesa');
    idSpesa(d, 'idSpesa', input.day(r.issuedAt), numDocumento('receipt', r.number, r.year));
    d.ele('dataPagamento').txt(input.day(r.paidAt));
    d.ele('flagOperazione').txt('I');
    citizen(d, r);
    d.ele('pagamentoTracciato').txt(isTracedPayment(r.paymentMethod) ? 'SI' : 'NO');
    d.ele('tipoDocumento').txt(STS_DOCUMENT_TYPE);
    d.ele('flagOpposizione').txt(r.stsOpposition ? '1' : '0');
    lines(d, receiptLines(r));
  }
  for (const c of input.creditNotes) {
    const original = input.cancelled.get(c.receiptId);
    if (!original) continue;
    const d = root.ele('documentoSpesa');
    idSpesa(d, 'idSpesa', input.day(c.issuedAt), numDocumento('credit_note', c.number, c.year));
    idSpesa(d, 'idRimborso', input.day(original.issuedAt), numDocumento('receipt', original.number, original.year));
    d.ele('dataPagamento').txt(input.day(c.issuedAt));
    d.ele('flagOperazione').txt('R');
    citizen(d, original);
    // a refund goes back the way the payment came
    d.ele('pagamentoTracciato').txt(isTracedPayment(original.paymentMethod) ? 'SI' : 'NO');
    d.ele('tipoDocumento').txt(STS_DOCUMENT_TYPE);
    d.ele('flagOpposizione').txt(original.stsOpposition ? '1' : '0');
    lines(d, refundLines(original, c.totalCents));
  }
  return root.end({ prettyPrint: true });
}

/** the file as the channel takes it: one XML in a zip, at most 5 MB */
export function zipStsFile(fileName: string, xml: string): Buffer {
  const zip = Buffer.from(zipSync({ [fileName]: strToU8(xml) }, { level: 9 }));
  if (zip.length > STS_MAX_ZIP_BYTES)
    throw new AppError(
      422,
      'file_sts_troppo_grande',
      `Il file per il Sistema TS supera i 5 MB (${(zip.length / 1024 / 1024).toFixed(1)} MB compresso): esportalo per periodi più brevi.`,
    );
  return zip;
}
