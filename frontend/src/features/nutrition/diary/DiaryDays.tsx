import type { ReactNode } from 'react';
import { DIARY_MEAL_LABELS, type DiaryEntryView } from '@studio/contracts';
import { formatDateTime, formatDay, formatGrams } from '../../../lib/format';
import * as it from '../../../i18n/it';

const t = it.diary;

/** the diary by day, each meal with what was eaten, its photo and the doctor's comments; `actions` per entry */
export function DiaryDays({ entries, actions }: { entries: DiaryEntryView[]; actions?: (entry: DiaryEntryView) => ReactNode }) {
  const days = [...new Set(entries.map((e) => e.date))];
  return (
    <div className="diary-days">
      {days.map((day) => (
        <section key={day} aria-labelledby={`diary-day-${day}`} className="mb-3">
          <h3 id={`diary-day-${day}`} className="h6 border-bottom pb-1">
            {formatDay(day)}
          </h3>
          <ul className="list-unstyled mb-0">
            {entries
              .filter((e) => e.date === day)
              .map((e) => (
                <li key={e.id} className="mb-3">
                  <DiaryEntry entry={e} />
                  {actions?.(e)}
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function DiaryEntry({ entry: e }: { entry: DiaryEntryView }) {
  const meal = DIARY_MEAL_LABELS[e.meal];
  return (
    <article aria-label={`${meal}, ${formatDay(e.date)}`}>
      <p className="fw-semibold mb-1">
        {meal}
        {e.time && <span className="text-body-secondary fw-normal"> · {e.time}</span>}
      </p>
      {e.text && <p className="mb-1 diary-text">{e.text}</p>}
      {!!e.items?.length && (
        <ul className="mb-1 ps-3">
          {e.items.map((item, i) => (
            <li key={`${item.foodId}-${i}`}>
              {e.itemNames[item.foodId] ?? item.foodId} {formatGrams(item.grams)}
            </li>
          ))}
        </ul>
      )}
      {(e.hunger || e.satiety) && (
        <p className="small text-body-secondary mb-1">{t.hungerSatiety(e.hunger ? String(e.hunger) : '—', e.satiety ? String(e.satiety) : '—')}</p>
      )}
      {e.note && <p className="small fst-italic mb-1">{e.note}</p>}
      {e.photoUrl && (
        <img
          src={e.photoUrl}
          alt={t.photoAlt(meal, formatDay(e.date))}
          loading="lazy"
          className="img-fluid rounded mb-1 diary-photo"
          style={{ maxHeight: 320 }}
        />
      )}
      {e.comments.length > 0 && (
        <div className="border-start border-3 border-primary ps-2 mt-1">
          <p className="small fw-semibold mb-1">{t.comments}</p>
          {e.comments.map((c) => (
            <p key={c.id} className="mb-1">
              {c.text} <span className="small text-body-secondary">({t.commentBy(c.doctorName, formatDateTime(c.at))})</span>
            </p>
          ))}
        </div>
      )}
    </article>
  );
}
