import { z } from '../platform/zod-it';
import { STREAM_PREFIX } from '../platform/streams';

/**
 * The booking widget: the practice's own website shows /prenota in a frame. Only the origins the administrator lists
 * may frame it (CSP frame-ancestors); every other page keeps frame-ancestors 'none'.
 */

/** `settings-widget`: the origins allowed to frame the booking */
export const WIDGET_SETTINGS_STREAM = `${STREAM_PREFIX.settings}widget`;

export const MAX_WIDGET_ORIGINS = 20;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** a site's origin, as a browser names it: https (http only on this machine's loopback), no path, query or fragment */
const origin = z.string({ error: 'Origine non valida' }).transform((value, ctx) => {
  const url = URL.canParse(value.trim()) ? new URL(value.trim()) : null;
  const secure = url && (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname)));
  if (
    !url ||
    !secure ||
    !/^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname) ||
    url.username ||
    url.password ||
    (url.pathname !== '/' && url.pathname !== '') ||
    url.search ||
    url.hash
  ) {
    ctx.addIssue({ code: 'custom', message: `Origine non valida: ${value.slice(0, 80)} (scrivi solo https://dominio, senza percorso)` });
    return z.NEVER;
  }
  return url.origin;
});

/** PUT /api/settings/widget (administrator) */
export const WidgetSettingsInput = z.object({
  allowedOrigins: z
    .array(origin, { error: 'Origini consentite: un elenco di indirizzi https://' })
    .max(MAX_WIDGET_ORIGINS, `Al massimo ${MAX_WIDGET_ORIGINS} origini consentite`)
    .transform((origins) => [...new Set(origins)]),
});
export type WidgetSettingsInput = z.input<typeof WidgetSettingsInput>;

export interface WidgetSettingsView {
  allowedOrigins: string[];
}

/** the messages the widget's frame posts to the host page: what happened, never who */
export const WIDGET_EVENTS = { held: 'prenotazione:riservata', confirmed: 'prenotazione:confermata' } as const;
