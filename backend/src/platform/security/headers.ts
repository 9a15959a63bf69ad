import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config/config';

/** the hosts the real PayPal JS SDK loads its scripts, frames, images and calls from */
const PAYPAL_HOSTS = ['https://*.paypal.com', 'https://*.paypalobjects.com', 'https://*.venmo.com'];

/**
 * helmet: a Content-Security-Policy without inline or eval'd scripts (the built app has none; the
 * PayPal SDK comes from PAYPAL_SDK_URL's origin, or the local stand-in's), no framing by anyone,
 * nosniff, a referrer that leaves only the origin, HSTS in production, no X-Powered-By.
 *
 * `upgrade-insecure-requests` and HSTS go only on answers to requests that came over HTTPS (directly, or through a
 * proxy trusted by TRUST_PROXY that says X-Forwarded-Proto: https). On a page loaded over plain HTTP the directive
 * makes the browser fetch every script and style over https://, which a plain-HTTP server does not answer: the page
 * stays blank. Such a request then shows the app, whose login says what to configure (see http/secure-session).
 */
export function securityHeaders(config: AppConfig): RequestHandler {
  const overHttps = helmetFor(config, true);
  const overPlainHttp = helmetFor(config, false);
  return (req, res, next) => (req.secure ? overHttps : overPlainHttp)(req, res, next);
}

function helmetFor(config: AppConfig, secureRequest: boolean): RequestHandler {
  return helmet(helmetOptions(config, secureRequest));
}

/** helmet's options for a request over HTTPS or plain HTTP (also given to @fastify/helmet by the Fastify bench variant) */
export function helmetOptions(config: AppConfig, secureRequest: boolean): HelmetOptions {
  const hardened = config.production && secureRequest;
  const sdkOrigin = new URL(config.paypalSdkUrl).origin;
  const paypal = /(^|\.)paypal\.com$/.test(new URL(config.paypalSdkUrl).hostname) ? [sdkOrigin, ...PAYPAL_HOSTS] : [sdkOrigin];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...paypal],
        // React-Bootstrap and FullCalendar set style attributes: styles may be inline, scripts never
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...paypal],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...paypal],
        frameSrc: ["'self'", ...paypal],
        // the service worker (/sw.js) and the web app manifest, from the app's own origin only
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(hardened ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // the PayPal checkout opens a popup that must be able to talk back
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: hardened ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xPoweredBy: false,
  };
}

/**
 * The booking's pages, as the widget opens them in a frame on the practice's website (GET /widget.js): /prenota and the
 * steps after it. Client-side navigation never asks the server again; a reload or a return from PayPal does.
 */
export const WIDGET_PAGES: ReadonlySet<string> = new Set(['/prenota', '/prenota/questionario', '/registrazione', '/login', '/pagamento', '/home']);

/**
 * frame-ancestors from the administrator's list (PUT /api/settings/widget) on a booking page loaded in a frame
 * (Sec-Fetch-Dest: iframe, or ?widget=1 from widget.js for browsers that do not send it); every other answer keeps
 * 'none'. The answer varies with the header, so no cache gives one to the other.
 */
export function widgetFraming(allowedOrigins: () => Promise<string[]>): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !WIDGET_PAGES.has(req.path)) return next();
    res.vary('Sec-Fetch-Dest');
    if (req.headers['sec-fetch-dest'] !== 'iframe' && req.query.widget !== '1') return next();
    allowedOrigins().then((origins) => {
      if (origins.length > 0) {
        const csp = String(res.getHeader('Content-Security-Policy') ?? '');
        res.setHeader('Content-Security-Policy', csp.replace("frame-ancestors 'none'", `frame-ancestors ${origins.join(' ')}`));
        res.removeHeader('X-Frame-Options');
      }
      next();
    }, next);
  };
}

/**
 * Answers of the app (API, pages that are calls, the session with its CSRF token) are personal or
 * per-user: never stored by a browser or a shared cache. The built assets set their own caching.
 */
export function noStore(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Cache-Control', 'no-store');
  next();
}

/** the headers `securityHeaders` sets on every answer, for answers written outside express (Node's early errors) */
export function securityHeaderValues(config: AppConfig): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  securityHeaders(config)({ headers: {}, method: 'GET' } as Request, res as unknown as Response, () => undefined);
  return headers;
}
