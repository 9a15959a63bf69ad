import type { ReceiptDocument } from '@studio/contracts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

/** helpers of the fiscal integration specs (receipts and PDF, erasure and retention) */

/** pdf-parse's text of the PDF, in a plain node process (pdf.js loads its worker with a dynamic import jest's VM refuses) */
export const pdfText = (buf: Buffer): string =>
  execFileSync(
    process.execPath,
    [
      '-e',
      "const {PDFParse}=require('pdf-parse');const c=[];process.stdin.on('data',d=>c.push(d)).on('end',async()=>{const p=new PDFParse({data:Buffer.concat(c)});process.stdout.write((await p.getText()).text);await p.destroy();})",
    ],
    { input: buf, cwd: __dirname },
  )
    .toString('utf8')
    .replace(/\s+/g, ' ');

/** every word and figure of the HTML view's receipt (GET /api/orders/:id/receipt) is in the PDF's text: one document */
export function expectSameAsPdf(doc: ReceiptDocument, text: string): void {
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
  const words = [
    doc.practice.name,
    doc.issuer.name,
    ...doc.issuer.lines,
    ...doc.pages.flatMap((p) => [
      p.title,
      p.date,
      ...(p.intro ? [p.intro] : []),
      p.patientHeading,
      ...p.patient,
      ...p.columns,
      ...p.lines.map((l) => (l.amount === null ? l.label : `${l.label} ${l.amount}`)),
      ...p.paragraphs.flatMap((q) => [q.heading, q.text]),
    ]),
  ];
  for (const w of words) expect(text).toContain(squash(w));
}

/** the inflated content streams of a PDF (pdfkit compresses them) */
export function pdfStreams(buf: Buffer): string {
  const out: string[] = [];
  const raw = buf.toString('latin1');
  for (let at = raw.indexOf('stream\n'); at >= 0; at = raw.indexOf('stream\n', at + 1)) {
    const end = raw.indexOf('endstream', at);
    if (end < 0) break;
    const body = buf.subarray(at + 7, end);
    try {
      out.push(inflateSync(body).toString('latin1'));
    } catch {
      /* not deflated (or an image): skipped */
    }
  }
  return out.join('\n');
}

/** a fresh folder with a self-signed certificate standing in for the Sistema TS one (1024-bit RSA like it): cert.pem, key.pem */
export function stsKeyDir(): string {
  const keyDir = mkdtempSync(join(tmpdir(), 'sts-key-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:1024',
      '-nodes',
      '-keyout',
      join(keyDir, 'key.pem'),
      '-out',
      join(keyDir, 'cert.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=Sistema TS di prova',
    ],
    { stdio: 'ignore' },
  );
  return keyDir;
}
