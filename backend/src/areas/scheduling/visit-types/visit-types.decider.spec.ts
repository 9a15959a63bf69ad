import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { visitTypesDecider, type VisitTypeEvent, type VisitTypeSettings } from './visit-types.decider';

const given = deciderSpec(visitTypesDecider);
const settings: VisitTypeSettings = {
  name: 'Prima visita',
  minutes: 60,
  priceCents: 9000,
  mode: 'studio',
  firstVisitOnly: true,
  bufferMinutes: 15,
  noticeMinutes: 120,
  horizonDays: 60,
};
const ids = { visitTypeId: 'vt1', doctorId: 'd1' };
const created: VisitTypeEvent = { type: 'VisitTypeCreated', data: { ...ids, productId: 'p1', ...settings } };
const create = (over: Partial<VisitTypeSettings> = {}) => ({ type: 'CreateVisitType' as const, ...ids, productId: 'p1', settings: { ...settings, ...over } });
const update = (changes: Partial<VisitTypeSettings>) => ({ type: 'UpdateVisitType' as const, ...ids, changes });
const archive = { type: 'ArchiveVisitType' as const, ...ids };
const archived: VisitTypeEvent = { type: 'VisitTypeArchived', data: ids };

describe('visit types decider', () => {
  it('creates a visit type with its product, trimming the name', () =>
    given([])
      .when(create({ name: '  Prima visita ' }))
      .then([created]));
  it('refuses the same id twice', () => given([created]).when(create()).thenThrows('tipo_visita_esistente'));
  it('refuses a length that is not 30, 60 or 90, a buffer over 30 minutes, a zero price, an empty name', () => {
    given([])
      .when(create({ minutes: 45 }))
      .thenThrows('tipo_visita_non_valido');
    given([])
      .when(create({ bufferMinutes: 45 }))
      .thenThrows('tipo_visita_non_valido');
    given([])
      .when(create({ priceCents: 0 }))
      .thenThrows('tipo_visita_non_valido');
    given([])
      .when(create({ name: '   ' }))
      .thenThrows('tipo_visita_non_valido');
    // only for first visits and only for check-ups at once: bookable by no one
    given([])
      .when(create({ firstVisitOnly: true, followUpOnly: true }))
      .thenThrows('tipo_visita_non_valido');
  });
  it('an edit records the whole visit type as it is now; the same values again change nothing', () => {
    given([created])
      .when(update({ minutes: 90, mode: 'online' }))
      .then([{ type: 'VisitTypeUpdated', data: { ...created.data, minutes: 90, mode: 'online' } }]);
    given([created])
      .when(update({ minutes: 60, name: 'Prima visita' }))
      .then([]);
  });
  it('an edit of an unknown or archived visit type is refused', () => {
    given([])
      .when(update({ minutes: 30 }))
      .thenThrows('tipo_visita_non_trovato');
    given([created, archived])
      .when(update({ minutes: 30 }))
      .thenThrows('tipo_visita_archiviato');
  });
  it('archives once', () => {
    given([created]).when(archive).then([archived]);
    given([created, archived]).when(archive).then([]);
    given([]).when(archive).thenThrows('tipo_visita_non_trovato');
  });
});
