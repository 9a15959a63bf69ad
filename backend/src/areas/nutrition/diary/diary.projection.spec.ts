import { diaryProjection } from './diary.projection';
import { foldDocuments as fold, recorded } from '../../../testing/evolve-fixtures';

describe('diary projection', () => {
  const sealed = (data: string) => ({ keyId: 'p1', iv: 'iv', tag: 'tag', data });
  const at = (h: number) => `2030-03-04T${String(h).padStart(2, '0')}:00:00.000Z`;

  it("keeps a patient's entries sealed, with the photo's revision, the comments, edits and deletions", () => {
    const docs = fold(diaryProjection, [
      recorded('diary-p1', 'DiaryEntryLogged', { patientId: 'p1', entryId: 'e1', date: '2030-03-04', meal: 'pranzo', content: sealed('uno') }, at(12)),
      recorded('diary-p1', 'DiaryEntryLogged', { patientId: 'p1', entryId: 'e2', date: '2030-03-04', meal: 'cena', content: sealed('due') }, at(20)),
      {
        ...recorded(
          'diary-p1',
          'DiaryPhotoAttached',
          { patientId: 'p1', entryId: 'e1', photoId: 'f1', mediaType: 'image/webp', sizeBytes: 900, content: sealed('foto') },
          at(12),
        ),
        revision: 2,
      },
      recorded('diary-p1', 'DiaryEntryEdited', { patientId: 'p1', entryId: 'e1', date: '2030-03-03', meal: 'merenda', content: sealed('uno bis') }, at(13)),
      recorded(
        'diary-p1',
        'DiaryEntryCommented',
        { patientId: 'p1', entryId: 'e1', commentId: 'c1', doctorId: 'd1', at: at(14), content: sealed('commento') },
        at(14),
      ),
      recorded('diary-p1', 'DiaryEntryDeleted', { patientId: 'p1', entryId: 'e2' }, at(21)),
      recorded('diary-p1', 'SelfMeasurementReported', { patientId: 'p1', measurementId: 'm1', content: sealed('peso') }, at(7)),
      recorded('diary-p1', 'SelfMeasurementAccepted', { patientId: 'p1', measurementId: 'm1', doctorId: 'd1', clinicalMeasurementId: 'cm1' }, at(15)),
    ]);
    const doc = docs.get('p1')!;
    expect(doc.entries).toEqual([
      {
        id: 'e1',
        date: '2030-03-03',
        meal: 'merenda',
        content: sealed('uno bis'),
        loggedAt: at(12),
        photo: { id: 'f1', mediaType: 'image/webp', sizeBytes: 900, revision: 2 },
        comments: [{ id: 'c1', doctorId: 'd1', at: at(14), content: sealed('commento') }],
      },
    ]);
    expect(doc.measurements).toEqual([{ id: 'm1', content: sealed('peso'), loggedAt: at(7), acceptedAs: 'cm1' }]);
  });
});
