import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createHmac, createPublicKey, verify, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A push service for the tests, on loopback over HTTPS with a self-signed certificate made here: it records what the
 * app POSTs, answers 201 (or 404, 410, 503 on the paths that say so), and decrypts a body with a subscription's keys the way
 * a browser does (RFC 8291, aes128gcm of RFC 8188), written from the RFC rather than with the sender's library.
 */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushStandIn {
  origin: string;
  certificate: string;
  received: ReceivedPush[];
  close(): Promise<void>;
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const dir = mkdtempSync(join(tmpdir(), 'push-stand-in-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const received: ReceivedPush[] = [];
  const server: Server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const status = req.url?.startsWith('/gone') ? 410 : req.url?.startsWith('/missing') ? 404 : req.url?.startsWith('/busy') ? 503 : 201;
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    certificate: readFileSync(cert, 'utf8'),
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** a browser's subscription keys: an ECDH P-256 pair and a 16-byte auth secret */
export interface DeviceKeys {
  ecdh: ECDH;
  auth: Buffer;
  p256dh: string;
  authBase64: string;
}
export function deviceKeys(): DeviceKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = Buffer.from(Array.from({ length: 16 }, (_, i) => (i * 37 + 11) & 0xff));
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString('base64url'), authBase64: auth.toString('base64url') };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188 §2: the body's header, the keys derived, the one record opened and unpadded */
export function decryptPush(body: Buffer, device: DeviceKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const ecdhSecret = device.ecdh.computeSecret(senderPublic);
  const prkKey = hmac(device.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('last record without its delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT's ES256 signature checked with k, its claims returned */
export function vapidClaims(authorization: string): { claims: { aud: string; exp: number; sub: string }; k: string } {
  const t = /t=([^,\s]+)/.exec(authorization)?.[1];
  const k = /k=([^,\s]+)/.exec(authorization)?.[1];
  if (!authorization.startsWith('vapid ') || !t || !k) throw new Error(`not a vapid authorization: ${authorization}`);
  const [header, payload, signature] = t.split('.');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const valid = verify('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('VAPID signature does not verify');
  return { claims: JSON.parse(Buffer.from(payload, 'base64url').toString()), k };
}
