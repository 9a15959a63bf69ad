import { type EventData, documentNumber } from '@studio/contracts';
import { constants, createPublicKey, generateKeyPairSync, publicEncrypt, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { create } from 'xmlbuilder2';
import { AppError } from '../common/errors';
import type { AppConfig } from '../config/config';
import { type StsCertificate, italianDate, readStsCertificate } from '../config/sts-certificate';

/**
 * The yearly file of health expenses for the Sistema Tessera Sanitaria (730 precompilato), root `precompilata`,
 * as far as public copies of the technical specification show it (README "Sistema TS": which fields are confirmed).
 * The practitioner uploads it; the app never sends it.
 */

/** a professional's document: a fattura/ricevuta (F), not a documento commerciale (D) */
export const STS_DOCUMENT_TYPE = 'F';
/** SP: "prestazioni sanitarie" */
export const STS_EXPENSE_TYPE = 'SP';
/** the VAT nature of an exempt health service (art. 10 DPR 633/72) and of the stamp duty (outside VAT, art. 15) */
export const STS_NATURE_SERVICE = 'N4';
export const STS_NATURE_STAMP = 'N1';

/** the Sistema TS public key (its certificate holds a 1024-bit RSA key: a cipher fits the XSD's 256 characters): from STS_CERT_PATH (certificate or public key), or outside production a demo key in DATA_DIR */
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

export interface StsExportInput {
  owner: { taxcode: string; vatNumber: string };
  receipts: Array<EventData<'ReceiptIssued'> & { patientTaxcode: string | null }>;
  creditNotes: EventData<'CreditNoteIssued'>[];
  /** receipts of other years that this year's credit notes cancel (by receiptId) */
  cancelled: Map<string, EventData<'ReceiptIssued'>>;
  day: (iso: string) => string;
}

const amount = (cents: number) => (cents / 100).toFixed(2);
/** numDocumento allows [A-Za-z0-9_./\-]{1,20}: "12/2026", credit notes "NC-3/2026" */
const numDocumento = (kind: 'receipt' | 'credit_note', n: number, year: number) => documentNumber(kind, n, year).replace(' ', '-');

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
  for (const r of input.receipts) {
    const d = root.ele('documentoSpesa');
    idSpesa(d, 'idSpesa', input.day(r.issuedAt), numDocumento('receipt', r.number, r.year));
    d.ele('dataPagamento').txt(input.day(r.paidAt));
    d.ele('flagOperazione').txt('I');
    // an opposed expense travels without the citizen's tax code
    if (!r.stsOpposition && r.patientTaxcode) d.ele('cfCittadino').txt(encryptForSts(key, r.patientTaxcode));
    d.ele('pagamentoTracciato').txt('SI');
    d.ele('tipoDocumento').txt(STS_DOCUMENT_TYPE);
    d.ele('flagOpposizione').txt(r.stsOpposition ? '1' : '0');
    const service = d.ele('voceSpesa');
    service.ele('tipoSpesa').txt(STS_EXPENSE_TYPE);
    service.ele('importo').txt(amount(r.amountCents));
    service.ele('naturaIVA').txt(STS_NATURE_SERVICE);
    if (r.stampDutyCharged && r.stampDutyCents > 0) {
      const stamp = d.ele('voceSpesa');
      stamp.ele('tipoSpesa').txt(STS_EXPENSE_TYPE);
      stamp.ele('importo').txt(amount(r.stampDutyCents));
      stamp.ele('naturaIVA').txt(STS_NATURE_STAMP);
    }
  }
  for (const c of input.creditNotes) {
    const original = input.cancelled.get(c.receiptId);
    if (!original) continue;
    const d = root.ele('documentoSpesa');
    idSpesa(d, 'idSpesa', input.day(c.issuedAt), numDocumento('credit_note', c.number, c.year));
    idSpesa(d, 'idRimborso', input.day(original.issuedAt), numDocumento('receipt', original.number, original.year));
    d.ele('dataPagamento').txt(input.day(c.issuedAt));
    d.ele('flagOperazione').txt('R');
    d.ele('pagamentoTracciato').txt('SI');
    d.ele('tipoDocumento').txt(STS_DOCUMENT_TYPE);
    d.ele('flagOpposizione').txt(original.stsOpposition ? '1' : '0');
    const v = d.ele('voceSpesa');
    v.ele('tipoSpesa').txt(STS_EXPENSE_TYPE);
    v.ele('importo').txt(amount(c.totalCents));
    v.ele('naturaIVA').txt(STS_NATURE_SERVICE);
  }
  return root.end({ prettyPrint: true });
}
