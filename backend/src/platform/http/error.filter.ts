import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { ErrorBody } from '@studio/contracts';
import type { Response } from 'express';
import { AppError } from '../common/errors';
import { TooManyRequestsError } from '../security/rate-limits';

const HTTP_MESSAGES: Record<number, [string, string]> = {
  400: ['richiesta_non_valida', 'Richiesta non valida.'],
  401: ['non_autenticato', 'Accesso richiesto: effettua il login.'],
  403: ['vietato', 'Non hai i permessi per questa operazione.'],
  404: ['non_trovato', 'Risorsa non trovata.'],
  405: ['metodo_non_ammesso', 'Metodo non ammesso per questo indirizzo.'],
  413: ['richiesta_troppo_grande', 'Richiesta troppo grande: il corpo supera la dimensione ammessa.'],
  415: ['formato_non_supportato', 'Formato o codifica del corpo non supportati: invia JSON o un modulo, senza compressione sconosciuta.'],
  429: ['troppe_richieste', 'Troppe richieste: attendi qualche secondo e riprova.'],
};

/** every error leaves as `{ error: { code, message } }` with an Italian message */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const res = host.switchToHttp().getResponse<Response>();
    let status = 500;
    let body: ErrorBody = { error: { code: 'errore_interno', message: 'Errore interno del server: riprova tra poco.' } };
    if (exception instanceof AppError) {
      status = exception.status;
      body = { error: { code: exception.code, message: exception.message } };
      if (exception instanceof TooManyRequestsError) res.setHeader('Retry-After', String(exception.retryAfterSeconds));
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      const [code, message] = HTTP_MESSAGES[status] ?? ['errore_http', 'Richiesta non riuscita.'];
      body = { error: { code, message } };
    } else if (isClientHttpError(exception)) {
      // body-parser and raw-body: bad JSON, broken gzip, unknown Content-Encoding or charset, too large
      status = exception.status;
      body = { error: bodyErrorFor(status) };
    }
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (!res.headersSent) res.status(status).json(body);
  }
}

/** an error that already says it is the client's fault (http-errors: status 4xx) */
function isClientHttpError(e: unknown): e is { status: number } {
  const status = typeof e === 'object' && e !== null ? (e as { status?: unknown }).status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export function bodyErrorFor(status: number): ErrorBody['error'] {
  if (status === 400) return { code: 'corpo_non_valido', message: 'Il corpo della richiesta non è leggibile: invia JSON o un modulo valido.' };
  const [code, message] = HTTP_MESSAGES[status] ?? ['richiesta_non_valida', 'Richiesta non valida.'];
  return { code, message };
}
