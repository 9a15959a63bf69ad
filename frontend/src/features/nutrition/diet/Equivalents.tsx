import { equivalentGrams, type DietAlternative, type DietItem, type DietRow, type EquivalenceBasis } from '@studio/contracts';
import { Button, Form } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { formatGrams } from '../../../lib/format';
import { equivalenceValues, optionData, useCatalogue, usePlanValues } from './FoodSelect';
import { useGetEquivalenceListsQuery } from './planApi';

const t = it.dietPlan;

/** the grams of `to` matching `grams` of `from` on a basis, or null when a value is missing */
function useEquivalent() {
  const catalogue = useCatalogue();
  const values = usePlanValues();
  return (from: DietItem, grams: number, to: DietItem, basis: EquivalenceBasis) => {
    const a = equivalenceValues(catalogue, values, from);
    const b = equivalenceValues(catalogue, values, to);
    return a && b ? equivalentGrams(a, grams, b, basis) : null;
  };
}

/** for an alternative: the grams giving the same energy, or the same protein, as the food it replaces, in one click */
export function AlternativeEquivalents({ row, alternative, onGrams }: { row: DietRow; alternative: DietAlternative; onGrams(grams: number): void }) {
  const equivalent = useEquivalent();
  if (!row.item || !alternative.item || !(row.grams > 0)) return null;
  const options = (['energia', 'proteine'] as const).map((basis) => ({ basis, grams: equivalent(row.item, row.grams, alternative.item, basis) }));
  if (options.every((o) => o.grams === null)) return null;
  return (
    <div className="d-flex flex-wrap gap-1 mt-1 diet-equivalents" role="group" aria-label={t.equivalents}>
      {options.map(({ basis, grams }) =>
        grams === null ? null : (
          <Button
            key={basis}
            size="sm"
            variant="outline-secondary"
            className="py-0"
            title={t.equivalentHint(formatGrams(grams))}
            onClick={() => onGrams(grams)}
          >
            {basis === 'energia' ? t.sameEnergy : t.sameProtein}: {formatGrams(grams)}
          </Button>
        ),
      )}
    </div>
  );
}

/**
 * The practice's equivalence lists: when a row's food is in one, its other foods are offered as a swap in one click, at
 * the grams giving the same energy (foods whose values the editor does not have are left out).
 */
export function SwapSelect({ row, onSwap }: { row: DietRow; onSwap(item: DietItem, grams: number): void }) {
  const lists = useGetEquivalenceListsQuery().data ?? [];
  const catalogue = useCatalogue();
  const values = usePlanValues();
  const equivalent = useEquivalent();
  if (!row.item) return null;
  const swaps = lists
    .filter((l) => l.items.some((i) => i.item === row.item))
    .flatMap((l) => l.items.filter((i) => i.item !== row.item).map((i) => ({ ...i, list: l.name })))
    .map((i) => ({ ...i, grams: equivalent(row.item, row.grams, i.item, 'energia') }))
    .filter((i): i is typeof i & { grams: number } => i.grams !== null && optionData(catalogue, i.item, values) !== null);
  if (swaps.length === 0) return null;
  const name = optionData(catalogue, row.item, values)?.name ?? '';
  return (
    <Form.Select
      size="sm"
      className="mt-1 diet-swap"
      aria-label={t.swapLabel(name)}
      value=""
      onChange={(e) => {
        const swap = swaps[Number(e.target.value)];
        if (swap) onSwap(swap.item, swap.grams);
      }}
    >
      <option value="">{t.swapWith}</option>
      {swaps.map((s, i) => (
        <option key={`${s.list}-${String(s.item)}`} value={i}>
          {s.name} {formatGrams(s.grams)} ({s.list})
        </option>
      ))}
    </Form.Select>
  );
}
