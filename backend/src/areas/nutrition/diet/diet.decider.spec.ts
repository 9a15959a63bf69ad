import { EMPTY_DIET, type DietContent } from '@studio/contracts';
import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { dietDecider, type DietCommand, type DietEvent } from './diet.decider';

describe('diet decider (diet-<patientId>)', () => {
  const given = deciderSpec(dietDecider);
  const sealed = { keyId: 'p1', iv: 'iv', tag: 'tag', data: 'cifrato' };
  const plan = (meals: DietContent['meals'], more: DietContent['days'] = []): DietContent => ({
    ...EMPTY_DIET,
    meals,
    days: [{ weekday: 'lunedi', meals }, ...more],
  });
  const content = plan({ ...EMPTY_DIET.meals, pranzo: [{ id: 'a', item: 1, grams: 80, alternatives: [] }] });
  const save = (changes: Partial<DietCommand> = {}): DietCommand => ({ type: 'SaveDiet', patientId: 'p1', doctorId: 'd1', content, sealed, ...changes });
  const saved: DietEvent = { type: 'DietSaved', data: { patientId: 'p1', doctorId: 'd1', content: sealed } };

  it('records the whole diet sealed; a later save supersedes', () => {
    given([])
      .when(save({ expectedRevision: null }))
      .then([saved]);
    given([saved])
      .when(save({ expectedRevision: 0 }))
      .then([saved]);
    given([saved, saved]).when(save()).then([saved]);
  });

  it('refuses a save made on a revision the editor did not see', () => {
    given([saved])
      .when(save({ expectedRevision: null }))
      .thenThrows('dieta_modificata');
    given([saved, saved])
      .when(save({ expectedRevision: 0 }))
      .thenThrows('dieta_modificata');
    given([])
      .when(save({ expectedRevision: 0 }))
      .thenThrows('dieta_modificata');
  });

  it('refuses portions that do not add up to 14, and unchosen rows', () => {
    const portions = { pranzo: [{ categoryId: 1, times: 7 }], cena: [{ categoryId: 2, times: 6 }] };
    given([])
      .when(save({ content: { ...content, portions } }))
      .thenThrows('porzioni_non_valide');
    given([])
      .when(save({ content: { ...content, portions: { ...portions, cena: [{ categoryId: 2, times: 7 }] } } }))
      .then([saved]);
    given([])
      .when(save({ content: plan({ ...content.meals, cena: [{ id: 'b', item: 0, grams: 10, alternatives: [] }] }) }))
      .thenThrows('riga_incompleta');
    // an unchosen row on another day of the plan too
    given([])
      .when(
        save({
          content: plan(content.meals, [{ weekday: 'giovedi', meals: { ...EMPTY_DIET.meals, cena: [{ id: 'b', item: '', grams: 10, alternatives: [] }] } }]),
        }),
      )
      .thenThrows('riga_incompleta');
  });

  it('keeps a plan of several days with catalogue foods, grams as typed', () => {
    const jar = { ...EMPTY_DIET.meals, colazione: [{ id: 'y', item: 'ciqual-19024', grams: 170, alternatives: [] }] };
    given([])
      .when(save({ content: plan(content.meals, [{ weekday: 'sabato', meals: jar }]) }))
      .then([saved]);
  });
});
