import { X509Certificate, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** the Sistema TS certificate (or bare public key) as read from STS_CERT_PATH */
export interface StsCertificate {
  key: KeyObject;
  /** null for a bare public key, which has no expiry */
  validTo: Date | null;
  subject: string | null;
}

/** a certificate or public key that cannot be read: the message says what the file should be */
export class StsCertificateError extends Error {}

const NOT_READABLE =
  'non è un certificato X.509 né una chiave pubblica leggibile (PEM "-----BEGIN CERTIFICATE-----" o DER binario, come scaricato dal portale del Sistema TS)';

/**
 * The Sistema TS publishes its certificate as a .cer file, which may be PEM text or binary DER: both are accepted,
 * and so is a bare public key (PEM or DER SPKI). The file is read as bytes: DER is not text.
 */
export function readStsCertificate(path: string): StsCertificate {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    throw new StsCertificateError(`il certificato del Sistema TS (STS_CERT_PATH=${path}) non si può leggere: il file non esiste o non è accessibile`);
  }
  const text = bytes.toString('latin1');
  try {
    if (text.includes('-----BEGIN CERTIFICATE-----') || !text.includes('-----BEGIN')) {
      // PEM certificate, or binary: try DER certificate first, then DER public key
      try {
        const cert = new X509Certificate(bytes);
        return { key: cert.publicKey, validTo: new Date(cert.validTo), subject: cert.subject };
      } catch (error) {
        if (text.includes('-----BEGIN')) throw error;
        return { key: createPublicKey({ key: bytes, format: 'der', type: 'spki' }), validTo: null, subject: null };
      }
    }
    return { key: createPublicKey(text), validTo: null, subject: null };
  } catch {
    throw new StsCertificateError(`il certificato del Sistema TS (STS_CERT_PATH=${path}) ${NOT_READABLE}`);
  }
}

/** the expiry as an Italian date, for messages */
export const italianDate = (d: Date): string => d.toLocaleDateString('it-IT', { timeZone: 'Europe/Rome', day: 'numeric', month: 'long', year: 'numeric' });
