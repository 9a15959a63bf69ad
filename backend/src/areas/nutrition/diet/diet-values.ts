import { Injectable } from '@nestjs/common';
import {
  nutrientChanges,
  valuesChanged,
  type CatalogueFood,
  type DietItem,
  type DietValuesUpdate,
  type FoodValues,
  type FoodValuesById,
} from '@studio/contracts';
import { ValidationError } from '../../../platform/common/errors';
import { CatalogueFoodLookup } from './diet.ports';

export const valuesOf = (food: CatalogueFood): FoodValues => ({
  name: food.name,
  source: food.source,
  version: food.version,
  group: food.group,
  baseWeight: food.baseWeight,
  nutrients: food.nutrients,
  ...(food.allergens ? { allergens: food.allergens } : {}),
});

const catalogueIds = (items: DietItem[]) => [...new Set(items.filter((i): i is string => typeof i === 'string'))];

/** the values a plan computes with, and keeps: a saved plan's stay as saved until the doctor brings them up to date */
@Injectable()
export class DietValues {
  constructor(private readonly foods: CatalogueFoodLookup) {}

  /**
   * The values to keep for the catalogue foods of a plan being saved: the previous plan's for a food it already had
   * (a later import never changes a plan silently), the catalogue's now for a new food or one the doctor chose to refresh.
   */
  async forSave(items: DietItem[], previous: FoodValuesById, refresh: readonly string[]): Promise<FoodValuesById> {
    const out: FoodValuesById = {};
    for (const id of catalogueIds(items)) {
      const kept = Object.prototype.hasOwnProperty.call(previous, id) ? previous[id] : undefined;
      if (kept && !refresh.includes(id)) {
        out[id] = kept;
        continue;
      }
      const food = await this.foods.find(id);
      if (!food) throw new ValidationError(`Alimento sconosciuto: ${id}.`, 'alimento_sconosciuto');
      out[id] = valuesOf(food);
    }
    return out;
  }

  /** for a calculation: the values the editor carries, the catalogue's now for foods it has none of (unknown ones stay unknown) */
  async forCalculation(items: DietItem[], carried: FoodValuesById): Promise<FoodValuesById> {
    const out: FoodValuesById = {};
    for (const id of catalogueIds(items)) {
      if (Object.prototype.hasOwnProperty.call(carried, id)) out[id] = carried[id];
      else {
        const food = await this.foods.find(id);
        if (food) out[id] = valuesOf(food);
      }
    }
    return out;
  }

  /** "Valori aggiornati disponibili": the kept foods whose catalogue values are now different */
  async updates(kept: FoodValuesById): Promise<DietValuesUpdate[]> {
    const out: DietValuesUpdate[] = [];
    for (const [id, saved] of Object.entries(kept)) {
      const food = await this.foods.find(id);
      if (!food) continue;
      const current = valuesOf(food);
      if (!valuesChanged(saved, current)) continue;
      out.push({ item: id, name: current.name, savedVersion: saved.version, currentVersion: current.version, changes: nutrientChanges(saved, current) });
    }
    return out;
  }
}
