import type { EventData } from '@studio/contracts';
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { create } from 'xmlbuilder2';
import { validateXML } from 'xmllint-wasm';
import { type StsReceipt, buildStsXml, refundLines, zipStsFile } from './sts-export';
import { readStsCertificate } from '../../platform/config/sts-certificate';

/**
 * The Sistema TS file against Sogei's schema (sts/730_precompilata.xsd: where that copy comes from is in sts/SOURCE.md)
 * and the specification's rules the schema cannot say (docs/fiscale.md, "Sistema TS: fonti").
 */
const OFFICIAL_XSD = readFileSync(join(__dirname, 'sts', '730_precompilata.xsd'), 'utf8');
const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
const sealed = { keyId: 'k', iv: 'i', tag: 't', data: 'd' };

function receipt(over: Partial<StsReceipt> & { number: number }): StsReceipt {
  return {
    receiptId: `r${over.number}`,
    doctorId: 'd1',
    year: 2030,
    orderId: `o${over.number}`,
    bookingId: `b${over.number}`,
    patientId: `p${over.number}`,
    issuedAt: '2030-03-04T10:00:00.000Z',
    totalCents: 8200,
    amountCents: 8000,
    stampDutyCents: 200,
    stampDutyCharged: true,
    regime: 'ordinario',
    stsOpposition: false,
    paymentMethod: 'paypal',
    transactionId: 'T',
    captureId: 'C',
    paidAt: '2030-03-04T09:00:00.000Z',
    visitStart: '2030-03-05T09:00:00.000Z',
    productName: 'Prima visita nutrizionale',
    issuer: sealed,
    patient: sealed,
    patientTaxcode: 'RSSMRA80A01H501U',
    ...over,
  };
}
function creditNote(of: StsReceipt, number: number, totalCents: number): EventData<'CreditNoteIssued'> {
  return {
    creditNoteId: `nc${number}`,
    receiptId: of.receiptId,
    doctorId: 'd1',
    year: 2030,
    number,
    orderId: of.orderId,
    patientId: of.patientId,
    issuedAt: '2030-03-06T10:00:00.000Z',
    totalCents,
    receiptNumber: of.number,
    receiptYear: of.year,
    refundId: 'RF',
  };
}
function build(receipts: StsReceipt[], creditNotes: EventData<'CreditNoteIssued'>[]) {
  return buildStsXml(
    {
      owner: { taxcode: 'RSSGLI80A41H501W', vatNumber: '01234567897' },
      receipts,
      creditNotes,
      cancelled: new Map(receipts.map((r) => [r.receiptId, r])),
      day: (iso) => iso.slice(0, 10),
    },
    publicKey,
  );
}
const documents = (xml: string) => [(create(xml).end({ format: 'object' }) as any).precompilata.documentoSpesa].flat();
const lines = (doc: any) => [doc.voceSpesa].flat().map((v: any) => [v.importo, v.naturaIVA]);
async function schemaErrors(xml: string) {
  const result = await validateXML({ xml: [{ fileName: 'spese.xml', contents: xml }], schema: [{ fileName: '730_precompilata.xsd', contents: OFFICIAL_XSD }] });
  return result.errors.map((e) => e.message);
}

describe('Sistema TS file (730 precompilata)', () => {
  it("is valid against Sogei's 730_precompilata.xsd, receipts and refunds, every regime and payment method", async () => {
    const paid = receipt({ number: 1 });
    const cash = receipt({ number: 2, paymentMethod: 'cash', regime: 'forfettario' });
    const opposed = receipt({ number: 3, stsOpposition: true, paymentMethod: 'card' });
    const xml = build([paid, cash, opposed], [creditNote(paid, 1, 8000), creditNote(opposed, 2, 8200)]);
    expect(await schemaErrors(xml)).toEqual([]);
  });

  it('the official schema refuses what the specification refuses (an amount with one decimal, a nature of one character)', async () => {
    const xml = build([receipt({ number: 1 })], []);
    expect(await schemaErrors(xml.replace('<importo>80.00</importo>', '<importo>80.0</importo>'))).not.toEqual([]);
    expect(await schemaErrors(xml.replace('<naturaIVA>N4</naturaIVA>', '<naturaIVA>N</naturaIVA>'))).not.toEqual([]);
  });

  it('cfCittadino on every record, refunds included, unless flagOpposizione=1', () => {
    const paid = receipt({ number: 1 });
    const opposed = receipt({ number: 2, stsOpposition: true });
    const docs = documents(build([paid, opposed], [creditNote(paid, 1, 8200), creditNote(opposed, 2, 8200)]));
    for (const d of docs) {
      if (d.flagOpposizione === '1') expect(d.cfCittadino).toBeUndefined();
      else expect(d.cfCittadino).toEqual(expect.any(String));
    }
    expect(docs.filter((d: any) => d.flagOperazione === 'R' && d.cfCittadino)).toHaveLength(1);
  });

  it("a refund mirrors the receipt's lines and natures with the amounts refunded (80,00 € of 80,00 € + 2,00 € duty)", () => {
    const paid = receipt({ number: 1 });
    const [, refund] = documents(build([paid], [creditNote(paid, 1, 8000)]));
    expect(refund.flagOperazione).toBe('R');
    expect(lines(refund)).toEqual([['80.00', 'N4']]);
    // refunded in full: both lines, each with its nature
    expect(refundLines(paid, 8200).map((l) => [l.cents, l.nature])).toEqual([
      [8000, 'N4'],
      [200, 'N1'],
    ]);
  });

  it('natures by regime: ordinario N4 (esente art. 10), forfettario N2.2 (non soggetta), stamp duty N1', () => {
    const docs = documents(build([receipt({ number: 1 }), receipt({ number: 2, regime: 'forfettario' })], []));
    expect(lines(docs[0])).toEqual([
      ['80.00', 'N4'],
      ['2.00', 'N1'],
    ]);
    expect(lines(docs[1])).toEqual([
      ['80.00', 'N2.2'],
      ['2.00', 'N1'],
    ]);
  });

  it('pagamentoTracciato: NO for cash, SI for PayPal, card and transfer; a refund of cash says NO too', () => {
    const methods = ['paypal', 'cash', 'card', 'transfer'] as const;
    const receipts = methods.map((m, i) => receipt({ number: i + 1, paymentMethod: m }));
    const docs = documents(build(receipts, [creditNote(receipts[1], 1, 8200)]));
    expect(docs.map((d: any) => [d.flagOperazione, d.pagamentoTracciato])).toEqual([
      ['I', 'SI'],
      ['I', 'NO'],
      ['I', 'SI'],
      ['I', 'SI'],
      ['R', 'NO'],
    ]);
  });

  it('the file goes out zipped; a zip over 5 MB is refused in Italian', () => {
    const xml = build([receipt({ number: 1 })], []);
    const zip = zipStsFile('spese-sanitarie-2030.xml', xml);
    expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(strFromU8(unzipSync(zip)['spese-sanitarie-2030.xml'])).toBe(xml);
    // random text does not compress: 6 MB of it is past the channel's limit
    const noise = randomBytes(6 * 1024 * 1024).toString('base64');
    expect(() => zipStsFile('big.xml', noise)).toThrow(/supera i 5 MB/);
  });

  it('reads the Sistema TS certificate in PEM and in DER, and refuses anything else in Italian', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sts-cert-'));
    try {
      execFileSync(
        'openssl',
        ['req', '-x509', '-newkey', 'rsa:1024', '-nodes', '-keyout', join(dir, 'k.pem'), '-out', join(dir, 'c.pem'), '-days', '1', '-subj', '/CN=prova'],
        {
          stdio: 'ignore',
        },
      );
      execFileSync('openssl', ['x509', '-in', join(dir, 'c.pem'), '-outform', 'DER', '-out', join(dir, 'c.cer')]);
      const pem = readStsCertificate(join(dir, 'c.pem')).key;
      const der = readStsCertificate(join(dir, 'c.cer')).key;
      expect(der.export({ type: 'spki', format: 'pem' })).toBe(pem.export({ type: 'spki', format: 'pem' }));
      writeFileSync(join(dir, 'bad.cer'), 'non è un certificato');
      expect(() => readStsCertificate(join(dir, 'bad.cer'))).toThrow(/PEM .* o DER/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
