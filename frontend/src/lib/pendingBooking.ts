/**
 * A visitor's slot choice kept while they register (or log in): the booking page writes it when a
 * visitor presses "Salva", the registration page holds it once the account exists, the booking
 * page restores it when it opens again. sessionStorage: it survives a reload of the tab, not the
 * closing of it, and never reaches another tab or user.
 */
export type PendingBooking = {
  doctorId: string;
  /** the slot's id: the form's availability_id */
  availabilityId: string;
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM' */
  hour: string;
  /** the visit type chosen first, when the doctor has visit types */
  visitTypeId?: string;
};

export const PENDING_BOOKING_KEY = 'studio.prenotazioneInSospeso';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

function isPendingBooking(v: unknown): v is PendingBooking {
  if (!v || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.doctorId === 'string' &&
    o.doctorId !== '' &&
    typeof o.availabilityId === 'string' &&
    o.availabilityId !== '' &&
    o.availabilityId !== '0' &&
    typeof o.date === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(o.date) &&
    typeof o.hour === 'string' &&
    /^\d{2}:\d{2}$/.test(o.hour)
  );
}

export function keepPendingBooking(choice: PendingBooking): void {
  try {
    storage()?.setItem(PENDING_BOOKING_KEY, JSON.stringify(choice));
  } catch {
    /* full or disabled: the choice is simply not kept */
  }
}

export function readPendingBooking(): PendingBooking | null {
  const raw = storage()?.getItem(PENDING_BOOKING_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isPendingBooking(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function clearPendingBooking(): void {
  storage()?.removeItem(PENDING_BOOKING_KEY);
}
