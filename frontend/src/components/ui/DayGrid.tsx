import { Button } from 'react-bootstrap';
import * as it from '../../i18n/it';
import { dayLong, dayShort } from '../../lib/dates';

export interface DayGridProps {
  /** the days shown, 'YYYY-MM-DD' */
  days: readonly string[];
  /** free places per day; a day without any cannot be chosen */
  freeByDate: ReadonlyMap<string, number>;
  chosen: string | null;
  onChoose(date: string): void;
  /** all days disabled (a request in flight) */
  disabled?: boolean;
  labelledBy: string;
  /** the grid's and each day's class (the page lays them out) */
  gridClass: string;
  dayClass: string;
}

/** The grid of day buttons of /prenota and of a reschedule: free days enabled, the chosen one pressed. */
export function DayGrid({ days, freeByDate, chosen, onChoose, disabled = false, labelledBy, gridClass, dayClass }: DayGridProps) {
  return (
    <div className={gridClass} role="group" aria-labelledby={labelledBy}>
      {days.map((date) => {
        const free = (freeByDate.get(date) ?? 0) > 0;
        const pressed = date === chosen;
        return (
          <Button
            key={date}
            type="button"
            size="sm"
            variant={pressed ? 'primary' : free ? 'outline-primary' : 'outline-secondary'}
            className={dayClass}
            data-date={date}
            data-free={free}
            aria-pressed={pressed}
            disabled={!free || disabled}
            onClick={() => onChoose(date)}
          >
            {/* the accessible name starts with the visible text, then says it in full */}
            <span className={`${dayClass}-week`}>{dayShort(date).split(' ')[0]}</span>{' '}
            <span className={`${dayClass}-date`}>{dayShort(date).split(' ').slice(1).join(' ')}</span>
            <span className="visually-hidden">, {it.booking.dayLabel(dayLong(date), free)}</span>
          </Button>
        );
      })}
    </div>
  );
}
