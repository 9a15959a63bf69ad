import type { WIDGET_EVENTS } from '@studio/contracts';

// the event names as contracts has them, checked by type only: a value import of contracts would bring zod into every
// page's first load (earlyFetch and api use this module)
const HOST_EVENTS = { held: 'prenotazione:riservata', confirmed: 'prenotazione:confermata' } as const satisfies typeof WIDGET_EVENTS;

/**
 * The booking inside the widget's frame on the practice's website (GET /widget.js) tells the host page what happened:
 * `prenotazione:riservata` when an hour is held, `prenotazione:confermata` when the visit is paid and confirmed. Only
 * the event and the doctor's id go out, never who the patient is, so any host may read them ('*').
 */
export function tellHost(event: keyof typeof HOST_EVENTS, detail: { doctorId?: string } = {}): void {
  if (typeof window === 'undefined' || window.parent === window) return;
  window.parent.postMessage({ type: HOST_EVENTS[event], ...detail }, '*');
}

/** the page is shown in another site's frame */
export const framed = (): boolean => typeof window !== 'undefined' && window.parent !== window;

/** the header the app's requests carry in the widget's frame: the server then sends its cookies SameSite=None; Secure */
export const WIDGET_HEADER = 'X-Widget';

/** the headers every request of the app adds: the widget's, in a frame */
export const widgetHeaders = (): Record<string, string> => (framed() ? { [WIDGET_HEADER]: '1' } : {});

/**
 * The booking page with this doctor (and visit type) already chosen, for the tab the widget's notice opens: what the
 * booking page hands the registration page in the frame, where the choice kept in sessionStorage may be missing
 * (a browser that blocks the frame's cookies blocks its storage too).
 */
export function bookingInTab(doctorId: string, visitTypeId?: string | null): string {
  const query = new URLSearchParams({ medico: doctorId, ...(visitTypeId ? { tipo: visitTypeId } : {}) });
  return `/prenota?${query.toString()}`;
}

/** the router state the booking page leaves for the registration page in the frame */
export type WidgetBookingState = { widgetBooking?: string };
