import { OUTCOME_UNDO_HOURS } from '@studio/contracts';
import { format } from 'date-fns';

/**
 * The slots' instants are the practice's wall clock written as UTC ('2030-03-05T09:00:00Z' is 09:00 at the practice);
 * the browser at the practice reads its own clock the same way. The server decides (practice time zone); this only
 * decides which buttons to offer.
 */
export function wallClockNow(now: Date): string {
  return `${format(now, "yyyy-MM-dd'T'HH:mm:ss")}Z`;
}

/** "Svolta" / "Assente" only once the visit is over */
export function visitEnded(item: { end: string }, now: Date): boolean {
  return wallClockNow(now) >= item.end.replace('.000Z', 'Z');
}

/** "Annulla esito" for OUTCOME_UNDO_HOURS after the outcome was recorded (a real instant) */
export function undoOpen(item: { status: string; outcomeAt?: string }, now: Date): boolean {
  if ((item.status !== 'completed' && item.status !== 'no_show') || !item.outcomeAt) return false;
  return now.getTime() - Date.parse(item.outcomeAt) <= OUTCOME_UNDO_HOURS * 3_600_000;
}
