import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { ErrorBody } from '@studio/contracts';
import type { Response } from 'express';
import { AppError } from '../common/errors';

const HTTP_MESSAGES: Record<number, [string, string]> = {
  400: ['richiesta_non_valida', 'Richiesta non valida.'],
  401: ['non_autenticato', 'Accesso richiesto: effettua il login.'],
  403: ['vietato', 'Non hai i permessi per questa operazione.'],
  404: ['non_trovato', 'Risorsa non trovata.'],
  413: ['richiesta_troppo_grande', 'Richiesta troppo grande.'],
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
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      const [code, message] = HTTP_MESSAGES[status] ?? ['errore_http', 'Richiesta non riuscita.'];
      body = { error: { code, message } };
    } else if (isBodyParserError(exception)) {
      status = exception.status;
      body = { error: { code: 'corpo_non_valido', message: 'Il corpo della richiesta non è leggibile: invia JSON o un modulo valido.' } };
    }
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (!res.headersSent) res.status(status).json(body);
  }
}

function isBodyParserError(e: unknown): e is { status: number; type: string } {
  return typeof e === 'object' && e !== null && 'type' in e && 'status' in e && typeof (e as { status: unknown }).status === 'number';
}
