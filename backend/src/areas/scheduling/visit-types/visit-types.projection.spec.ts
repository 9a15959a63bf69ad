import { visitTypesProjection } from './visit-types.projection';
import { foldDocuments as fold, recorded as event } from '../../../testing/evolve-fixtures';

const stream = 'visittypes-d1';
const settings = {
  name: 'Prima visita',
  minutes: 60,
  priceCents: 8000,
  mode: 'studio',
  firstVisitOnly: true,
  bufferMinutes: 0,
  noticeMinutes: 0,
  horizonDays: 60,
};
const created = event(stream, 'VisitTypeCreated', { visitTypeId: 't1', doctorId: 'd1', productId: 'p1', ...settings });

describe('visit_types projection', () => {
  it('a created type is a document of its own; an update replaces its settings', () => {
    expect(fold(visitTypesProjection, [created]).get('t1')).toEqual({
      id: 't1',
      visitTypeId: 't1',
      doctorId: 'd1',
      productId: 'p1',
      ...settings,
      archived: false,
    });
    const updated = event(stream, 'VisitTypeUpdated', { visitTypeId: 't1', doctorId: 'd1', productId: 'p1', ...settings, priceCents: 9000 });
    expect(fold(visitTypesProjection, [created, updated]).get('t1')).toMatchObject({ priceCents: 9000, name: 'Prima visita', archived: false });
  });
  it('archiving keeps the settings; an archive of an unknown type makes no document', () => {
    const archived = (id: string) => event(stream, 'VisitTypeArchived', { visitTypeId: id, doctorId: 'd1' });
    expect(fold(visitTypesProjection, [created, archived('t1')]).get('t1')).toMatchObject({ archived: true, priceCents: 8000 });
    expect(fold(visitTypesProjection, [archived('t2')]).get('t2') ?? null).toBeNull();
  });
});
