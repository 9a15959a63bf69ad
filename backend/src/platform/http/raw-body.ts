import type { Request } from 'express';
import { AppError } from '../common/errors';

/**
 * A request's raw body (a file sent as itself), refused with an Italian 413 past `max` bytes without reading the rest
 * into memory; `tooLarge` names the limit in the words of the screen. The JSON parsers never see a file.
 */
export function readRawBody(req: Request, max: number, tooLarge = `Il file supera i ${Math.round(max / 1024 / 1024)} MB ammessi.`): Promise<Buffer> {
  if (req.readableEnded || (req as Request & { _body?: boolean })._body)
    return Promise.reject(new AppError(415, 'tipo_non_ammesso', 'Invia il file così com’è, non come JSON o modulo.'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.removeAllListeners('data');
        req.resume();
        reject(new AppError(413, 'allegato_troppo_grande', tooLarge));
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
