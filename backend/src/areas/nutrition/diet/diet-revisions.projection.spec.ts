import { dietRevisionsProjection } from './diet-revisions.projection';
import { foldDocuments, recorded } from '../../../testing/evolve-fixtures';

describe('diet revisions projection (the history of a patient’s plans)', () => {
  it('keeps one sealed document per save, by patient and revision, with the instant it was saved', () => {
    const sealed = (n: number) => ({ keyId: 'p1', iv: `iv${n}`, tag: 't', data: `c${n}` });
    const events = [0, 1].map((n) => ({
      ...recorded('diet-p1', 'DietSaved', { patientId: 'p1', doctorId: 'd1', content: sealed(n) }, `2030-03-0${n + 4}T10:00:00.000Z`),
      revision: n,
    }));
    const docs = foldDocuments(dietRevisionsProjection, events);
    expect(docs.get('p1:0')).toMatchObject({ revision: 0, savedAt: '2030-03-04T10:00:00.000Z', content: sealed(0) });
    expect(docs.get('p1:1')).toMatchObject({ revision: 1, savedAt: '2030-03-05T10:00:00.000Z', content: sealed(1) });
  });
});
