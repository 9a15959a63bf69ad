import { Button } from 'react-bootstrap';
import * as it from '../../i18n/it';
import { dayLong, isoDay, localClock } from '../../lib/dates';
import type { ListedEvent } from './groupReads';

/** an event type in Italian (the technical name where none is written yet) */
// own keys only: an event type named like an Object.prototype member (toString) is not a label
export const describe = (type: string): string => (Object.hasOwn(it.audit.eventTypes, type) ? it.audit.eventTypes[type] : type);

/** an event as a person reads it: its Italian name, what a read was of, and how many reads a grouped row stands for */
export function eventLabel(e: ListedEvent): string {
  const what = e.what ? ` · ${it.audit.readOf(it.accessLog.whatLabels[e.what] ?? e.what)}` : '';
  return `${describe(e.type)}${what}${e.count > 1 ? ` (${it.accessLog.times(e.count)})` : ''}`;
}

/**
 * The filtered events as a timeline (one patient, one booking, one chain): a heading per day in Italian, then each
 * event at its time with who caused it; newest first, as the table. A click opens the event as in the table.
 */
export function Timeline({
  events,
  who,
  onOpen,
}: {
  events: readonly ListedEvent[];
  who: (userId: string, role: string) => string;
  onOpen: (e: ListedEvent) => void;
}) {
  const days: { day: string; events: ListedEvent[] }[] = [];
  for (const e of events) {
    const day = isoDay(new Date(e.at));
    if (days[days.length - 1]?.day !== day) days.push({ day, events: [] });
    days[days.length - 1].events.push(e);
  }
  return (
    <section aria-label={it.audit.timelineTitle} data-testid="audit-timeline">
      {days.map(({ day, events: ofDay }) => (
        <div key={day} className="mb-3">
          <h3 className="h6 border-bottom pb-1">{`${dayLong(day)} ${day.slice(0, 4)}`}</h3>
          <ol className="list-unstyled mb-0 d-grid gap-1">
            {ofDay.map((e) => (
              <li key={e.position} className="d-flex flex-wrap align-items-baseline gap-2" data-testid="audit-timeline-event">
                <time dateTime={e.at} className="font-monospace">
                  {e.count > 1 ? it.audit.readsBetween(localClock(e.firstAt), localClock(e.at)) : localClock(e.at)}
                </time>
                <Button variant="link" className="p-0 text-start" onClick={() => onOpen(e)}>
                  {eventLabel(e)}
                </Button>
                <span className="small text-body-secondary">{it.audit.timelineBy(who(e.userId, e.role))}</span>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}
