import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encryptForSts, loadStsPublicKey } from '../../areas/fiscal/sts-export';
import { StsCertificateError, readStsCertificate } from './sts-certificate';

// a self-signed certificate standing in for the Sistema TS one (the portal's SanitelCF.cer may be PEM or DER)
const dir = mkdtempSync(join(tmpdir(), 'sts-cert-'));
const pem = join(dir, 'cert.pem');
const der = join(dir, 'SanitelCF.cer');
const keyPem = join(dir, 'key.pem');
execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:1024', '-nodes', '-keyout', keyPem, '-out', pem, '-days', '30', '-subj', '/CN=Sistema TS di prova'], {
  stdio: 'ignore',
});
execFileSync('openssl', ['x509', '-in', pem, '-outform', 'DER', '-out', der]);
const publicPem = join(dir, 'public.pem');
const publicDer = join(dir, 'public.der');
execFileSync('openssl', ['pkey', '-in', keyPem, '-pubout', '-out', publicPem]);
execFileSync('openssl', ['pkey', '-in', keyPem, '-pubout', '-outform', 'DER', '-out', publicDer]);

describe('the Sistema TS certificate (STS_CERT_PATH)', () => {
  it('reads a PEM and a DER certificate alike, with the same key and expiry', () => {
    const fromPem = readStsCertificate(pem);
    const fromDer = readStsCertificate(der);
    expect(fromDer.validTo).toEqual(fromPem.validTo);
    expect(fromDer.validTo!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(fromDer.key.export({ type: 'spki', format: 'pem' })).toEqual(fromPem.key.export({ type: 'spki', format: 'pem' }));
  });

  it('reads a bare public key, PEM or DER, which has no expiry', () => {
    expect(readStsCertificate(publicPem).validTo).toBeNull();
    expect(readStsCertificate(publicDer).key.asymmetricKeyType).toBe('rsa');
  });

  it('refuses what is neither, in Italian, naming the variable', () => {
    const junk = join(dir, 'junk.cer');
    writeFileSync(junk, 'non un certificato');
    expect(() => readStsCertificate(junk)).toThrow(StsCertificateError);
    expect(() => readStsCertificate(junk)).toThrow(/STS_CERT_PATH=.*non è un certificato X\.509/);
    expect(() => readStsCertificate(join(dir, 'manca.cer'))).toThrow(/non si può leggere/);
  });

  it('the yearly export encrypts with a DER certificate (it answered 500 before)', () => {
    const { key, demo } = loadStsPublicKey({ stsCertPath: der, production: true, dataDir: dir });
    expect(demo).toBe(false);
    const cipher = encryptForSts(key, 'RSSMRA80A01H501U');
    // Node no longer decrypts PKCS#1 v1.5 (CVE-2023-46809): openssl does, as the Sistema TS would
    const plain = execFileSync('openssl', ['pkeyutl', '-decrypt', '-inkey', keyPem, '-pkeyopt', 'rsa_padding_mode:pkcs1'], {
      input: Buffer.from(cipher, 'base64'),
    });
    expect(plain.toString()).toBe('RSSMRA80A01H501U');
  });

  it('the export refuses an unreadable certificate with a 503 in Italian, not a 500', () => {
    const junk = join(dir, 'junk2.cer');
    writeFileSync(junk, Buffer.from([0x30, 0x82, 0x01]));
    expect(() => loadStsPublicKey({ stsCertPath: junk, production: true, dataDir: dir })).toThrow(
      expect.objectContaining({ status: 503, code: 'certificato_sts_non_valido' }) as Error,
    );
  });
});
