import type { DietValuesUpdate, FoodValues, FoodValuesById, NutrientTag } from '@studio/contracts';
import { Alert, Button } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { formatNumber } from '../../../lib/format';

const t = it.dietPlan;

/** the kept values brought to the catalogue's: each changed nutrient set to its value now */
export function updatedValues(kept: FoodValuesById, updates: DietValuesUpdate[]): FoodValuesById {
  const out: FoodValuesById = {};
  for (const u of updates) {
    const saved = kept[u.item];
    if (!saved) continue;
    const nutrients: FoodValues['nutrients'] = { ...saved.nutrients };
    for (const c of u.changes) nutrients[c.tag as NutrientTag] = c.current === null ? { value: null, flag: 'missing' } : { value: c.current };
    out[u.item] = { ...saved, name: u.name, version: u.currentVersion, nutrients };
  }
  return out;
}

/**
 * "Valori aggiornati disponibili": a later import changed the values of foods the saved plan holds. The plan keeps its
 * values (it never changes silently); the doctor reads the differences and may apply them, then saves.
 */
export function ValueUpdates({ updates, applied, onApply }: { updates: DietValuesUpdate[]; applied: boolean; onApply(): void }) {
  if (updates.length === 0) return null;
  const value = (v: number | null) => (v === null ? t.missingValue : formatNumber(v));
  return (
    <Alert variant={applied ? 'success' : 'info'} className="diet-value-updates" role="region" aria-labelledby="diet-value-updates-title">
      <h2 id="diet-value-updates-title" className="h6">
        {t.valueUpdatesTitle}
      </h2>
      <p className="small">{applied ? t.updatesApplied : t.valueUpdatesText}</p>
      <ul className="small mb-2">
        {updates.map((u) => (
          <li key={u.item}>
            <strong>{u.name}</strong> ({t.valueUpdateVersion(u.savedVersion, u.currentVersion)})
            {u.changes.length > 0 && (
              <ul>
                {u.changes.map((c) => (
                  <li key={c.tag}>{t.valueChange(c.label, value(c.saved), value(c.current), c.unit)}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {!applied && (
        <Button size="sm" variant="primary" onClick={onApply}>
          {t.applyUpdates}
        </Button>
      )}
    </Alert>
  );
}
