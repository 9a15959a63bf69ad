import { WEEKDAYS, weekOf, type DietDay, type Weekday } from '@studio/contracts';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import * as it from '../../../i18n/it';
import { dayLabel } from './dayLabels';

const t = it.dietPlan;
export { dayLabel };
export const dayTabId = (weekday: Weekday) => `diet-day-tab-${weekday}`;
export const DAY_PANEL_ID = 'diet-day-panel';

/** the weekdays that repeat a plan day (those the plan leaves out after it), in words */
export function repeatsOf(days: readonly DietDay[], weekday: Weekday): Weekday[] {
  return weekOf(days)
    .filter((w) => w.day.weekday === weekday && w.weekday !== weekday)
    .map((w) => w.weekday);
}

interface DayTabsProps {
  days: DietDay[];
  shown: number;
  onSelect(index: number): void;
  onAdd(weekday: Weekday): void;
  onDuplicate(weekday: Weekday): void;
  onRemove(index: number): void;
}

/**
 * The plan's days as tabs (WAI-ARIA tabs: arrows, Home and End move between them), what the shown day also stands for,
 * and the day's actions: add a day, duplicate the shown one to a free weekday, take it out of the plan.
 */
export function DayTabs({ days, shown, onSelect, onAdd, onDuplicate, onRemove }: DayTabsProps) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const [removing, setRemoving] = useState(false);
  const free = WEEKDAYS.filter((w) => !days.some((d) => d.weekday === w));
  const current = days[shown] ?? days[0];
  const repeats = repeatsOf(days, current.weekday);

  const move = (index: number) => {
    const next = (index + days.length) % days.length;
    onSelect(next);
    tabs.current[next]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: days.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    move(to);
  };

  return (
    <div className="diet-days mb-3">
      <div role="tablist" aria-label={t.days} className="nav nav-tabs flex-nowrap overflow-auto diet-day-tabs">
        {days.map((day, index) => (
          <button
            key={day.weekday}
            ref={(el) => void (tabs.current[index] = el)}
            type="button"
            role="tab"
            id={dayTabId(day.weekday)}
            aria-selected={index === shown}
            aria-controls={DAY_PANEL_ID}
            tabIndex={index === shown ? 0 : -1}
            className={`nav-link${index === shown ? ' active' : ''}`}
            onClick={() => onSelect(index)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {dayLabel(day.weekday)}
          </button>
        ))}
      </div>
      <p className="small text-body-secondary my-2" id="diet-day-repeats">
        {repeats.length === WEEKDAYS.length - 1 ? t.everyDay : repeats.length > 0 ? t.follows(repeats.map(dayLabel).join(', ')) : null}
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2">
        {free.length === 0 ? (
          <span className="small text-body-secondary">{t.noFreeDay}</span>
        ) : (
          <>
            <Form.Select size="sm" className="w-auto" aria-label={t.addDay} value="" onChange={(e) => e.target.value && onAdd(e.target.value as Weekday)}>
              <option value="">{t.addDay}</option>
              {free.map((w) => (
                <option key={w} value={w}>
                  {dayLabel(w)}
                </option>
              ))}
            </Form.Select>
            <Form.Select
              size="sm"
              className="w-auto diet-duplicate-day"
              aria-label={`${t.duplicateDay} ${dayLabel(current.weekday)}`}
              value=""
              onChange={(e) => e.target.value && onDuplicate(e.target.value as Weekday)}
            >
              <option value="">{t.duplicateDay}…</option>
              {free.map((w) => (
                <option key={w} value={w}>
                  {t.duplicateTo} {dayLabel(w)}
                </option>
              ))}
            </Form.Select>
          </>
        )}
        {days.length > 1 && (
          <Button size="sm" variant="outline-danger" onClick={() => setRemoving(true)}>
            {t.removeDay} ({dayLabel(current.weekday)})
          </Button>
        )}
      </div>
      <ConfirmDialog
        show={removing}
        titleId="diet-remove-day-title"
        title={t.removeDay}
        backLabel={t.cancel}
        confirmLabel={t.removeDay}
        confirmVariant="danger"
        onBack={() => setRemoving(false)}
        onConfirm={() => {
          setRemoving(false);
          onRemove(shown);
        }}
      >
        <p className="mb-0">{t.removeDayConfirm(dayLabel(current.weekday))}</p>
      </ConfirmDialog>
    </div>
  );
}
