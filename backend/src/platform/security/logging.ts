import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Paths that carry a secret (the calendar feed's token is the key to the doctor's agenda): the
 * logged path keeps the route and drops the secret. One entry per route that has one.
 */
const SECRET_PATHS: [RegExp, string][] = [[/^(\/api\/calendar-feed\/[^/]+\/)[^/]*$/, '$1[nascosto]']];

/** the path as it may be logged: no query string, no secret */
export function loggablePath(url: string): string {
  const path = url.split('?')[0];
  for (const [pattern, replacement] of SECRET_PATHS) if (pattern.test(path)) return path.replace(pattern, replacement);
  return path;
}

/**
 * What a log line may hold about a request: method, path (no query string), status, the request id
 * and the client address. Never a header (cookies, set-cookie, the CSRF token, authorization), a body
 * or a query. The redaction below is the second line: any such field that reaches a log object by
 * another way (a logged error, a debug line) is censored at every level.
 */
export const requestSerializers = {
  req: (req: IncomingMessage & { id?: unknown; raw?: IncomingMessage }) => {
    const raw = req.raw ?? req;
    return {
      id: req.id,
      method: raw.method,
      url: loggablePath(raw.url ?? ''),
      remoteAddress: raw.socket?.remoteAddress,
    };
  },
  res: (res: ServerResponse & { raw?: ServerResponse }) => ({
    statusCode: (res.raw ?? res).statusCode,
  }),
};

const SECRET_FIELDS = [
  'password',
  'newPassword',
  'csrfToken',
  '_token',
  'cookie',
  'authorization',
  'email',
  'phone',
  'taxcode',
  'surname',
  'billing',
  'personal',
  'answers',
  'notes',
];

export const logRedaction = {
  paths: [
    'req.headers',
    'res.headers',
    'headers',
    'req.body',
    'body',
    'req.query',
    'query',
    '*.headers',
    ...SECRET_FIELDS,
    ...SECRET_FIELDS.map((f) => `*.${f}`),
    ...SECRET_FIELDS.map((f) => `*.*.${f}`),
    '*.headers["set-cookie"]',
    '*.headers["x-csrf-token"]',
  ],
  censor: '[nascosto]',
};
