/**
 * Domain and application errors carry their HTTP status and an Italian message.
 * The global exception filter turns them into `{ error: { code, message } }`.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, code = 'dati_non_validi') {
    super(400, code, message);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message = 'Accesso richiesto: effettua il login.') {
    super(401, 'non_autenticato', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Non hai i permessi per questa operazione.', code = 'vietato') {
    super(403, code, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string, code = 'non_trovato') {
    super(404, code, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code = 'conflitto') {
    super(409, code, message);
  }
}
