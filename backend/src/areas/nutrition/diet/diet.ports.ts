import { Injectable } from '@nestjs/common';
import { parseCatalogueFoodId, type CatalogueFood } from '@studio/contracts';
import { FoodCatalogueService } from '../catalogue';

/**
 * How the diet reads a catalogue food by id (`ciqual-20047`, `svizzera-…`, `studio-…`, `ricetta-…`) to keep its values
 * with a plan: a port, so the plan's rules are tried with any catalogue (the tests give their own).
 */
export abstract class CatalogueFoodLookup {
  abstract find(id: string): Promise<CatalogueFood | null>;
}

/** the whole catalogue, as `GET /api/foods/:id` gives it: the publishers' tables, the practice's foods, the recipe book's */
@Injectable()
export class WholeCatalogueFoodLookup extends CatalogueFoodLookup {
  constructor(private readonly catalogue: FoodCatalogueService) {
    super();
  }

  async find(id: string): Promise<CatalogueFood | null> {
    const parsed = parseCatalogueFoodId(id);
    return parsed ? this.catalogue.byCode(parsed.source, parsed.code) : null;
  }
}
