import { dietsProjection } from './diet.projection';
import { foldDocuments as fold, recorded } from '../../../testing/evolve-fixtures';

describe('diet projection', () => {
  it("keeps a patient's current diet sealed, with the stream revision the editor sends back", () => {
    const sealed = (data: string) => ({ keyId: 'p1', iv: 'iv', tag: 'tag', data });
    const docs = fold(dietsProjection, [
      recorded('diet-p1', 'DietSaved', { patientId: 'p1', doctorId: 'd1', content: sealed('uno') }, '2030-03-04T10:00:00.000Z'),
      { ...recorded('diet-p1', 'DietSaved', { patientId: 'p1', doctorId: 'd2', content: sealed('due') }, '2030-03-05T10:00:00.000Z'), revision: 1 },
    ]);
    expect(docs.get('p1')).toEqual({ id: 'p1', patientId: 'p1', doctorId: 'd2', content: sealed('due'), revision: 1, savedAt: '2030-03-05T10:00:00.000Z' });
  });
});
