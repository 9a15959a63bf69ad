import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';

/** a file's digest, hex, read as a stream: sha256 is what an import records; md5 is what the publishers' pages give */
export function hashOfFile(file: string, algorithm: 'sha256' | 'md5' = 'sha256'): Promise<string> {
  return new Promise((resolveHash, reject) => {
    const hash = createHash(algorithm);
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolveHash(hash.digest('hex')));
  });
}

/** the {name, sha256} an import records for each file */
export async function fileChecksum(file: string): Promise<{ name: string; sha256: string }> {
  return { name: basename(file), sha256: await hashOfFile(file) };
}
