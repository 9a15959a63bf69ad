import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { diaryDecider, type DiaryCommand, type DiaryEvent } from './diary.decider';

describe('diary decider (diary-<patientId>)', () => {
  const given = deciderSpec(diaryDecider);
  const sealed = { keyId: 'p1', iv: 'iv', tag: 'tag', data: 'cifrato' };
  const log: DiaryCommand = { type: 'LogDiaryEntry', patientId: 'p1', entryId: 'e1', date: '2030-03-04', meal: 'pranzo', content: sealed };
  const logged: DiaryEvent = { type: 'DiaryEntryLogged', data: { patientId: 'p1', entryId: 'e1', date: '2030-03-04', meal: 'pranzo', content: sealed } };
  const deleted: DiaryEvent = { type: 'DiaryEntryDeleted', data: { patientId: 'p1', entryId: 'e1' } };
  const photo: DiaryCommand = {
    type: 'AttachDiaryPhoto',
    patientId: 'p1',
    entryId: 'e1',
    photoId: 'f1',
    mediaType: 'image/webp',
    sizeBytes: 1200,
    content: sealed,
  };
  const comment = (treats: boolean): DiaryCommand => ({
    type: 'CommentDiaryEntry',
    patientId: 'p1',
    entryId: 'e1',
    commentId: 'c1',
    doctorId: 'd1',
    treats,
    at: '2030-03-04T12:00:00.000Z',
    content: sealed,
  });
  const reported: DiaryEvent = { type: 'SelfMeasurementReported', data: { patientId: 'p1', measurementId: 'm1', content: sealed } };
  const accept = (treats: boolean): DiaryCommand => ({
    type: 'AcceptSelfMeasurement',
    patientId: 'p1',
    measurementId: 'm1',
    doctorId: 'd1',
    treats,
    clinicalMeasurementId: 'cm1',
  });

  it('logs an entry sealed, the day and the meal in clear; an id already taken is refused', () => {
    given([]).when(log).then([logged]);
    given([logged]).when(log).thenThrows('id_esistente');
  });

  it('edits and deletes an existing entry; a deleted or unknown one is not found, a second delete changes nothing', () => {
    given([logged])
      .when({ ...log, type: 'EditDiaryEntry', meal: 'cena' })
      .then([{ type: 'DiaryEntryEdited', data: { patientId: 'p1', entryId: 'e1', date: '2030-03-04', meal: 'cena', content: sealed } }]);
    given([])
      .when({ ...log, type: 'EditDiaryEntry' })
      .thenThrows('pasto_non_trovato');
    given([logged, deleted])
      .when({ ...log, type: 'EditDiaryEntry' })
      .thenThrows('pasto_non_trovato');
    given([logged]).when({ type: 'DeleteDiaryEntry', patientId: 'p1', entryId: 'e1' }).then([deleted]);
    given([logged, deleted]).when({ type: 'DeleteDiaryEntry', patientId: 'p1', entryId: 'e1' }).then([]);
    given([]).when({ type: 'DeleteDiaryEntry', patientId: 'p1', entryId: 'e1' }).thenThrows('pasto_non_trovato');
  });

  it('attaches a photo to a live entry only', () => {
    given([logged])
      .when(photo)
      .then([
        { type: 'DiaryPhotoAttached', data: { patientId: 'p1', entryId: 'e1', photoId: 'f1', mediaType: 'image/webp', sizeBytes: 1200, content: sealed } },
      ]);
    given([]).when(photo).thenThrows('pasto_non_trovato');
    given([logged, deleted]).when(photo).thenThrows('pasto_non_trovato');
  });

  it('takes a comment from a doctor who treats the patient, on a live entry; refuses the others', () => {
    given([logged])
      .when(comment(true))
      .then([
        {
          type: 'DiaryEntryCommented',
          data: { patientId: 'p1', entryId: 'e1', commentId: 'c1', doctorId: 'd1', at: '2030-03-04T12:00:00.000Z', content: sealed },
        },
      ]);
    given([logged]).when(comment(false)).thenThrows('paziente_non_seguito');
    given([]).when(comment(true)).thenThrows('pasto_non_trovato');
    given([logged, deleted]).when(comment(true)).thenThrows('pasto_non_trovato');
  });

  it('a self-reported measure is accepted once, by a treating doctor', () => {
    given([]).when({ type: 'ReportSelfMeasurement', patientId: 'p1', measurementId: 'm1', content: sealed }).then([reported]);
    given([reported])
      .when(accept(true))
      .then([{ type: 'SelfMeasurementAccepted', data: { patientId: 'p1', measurementId: 'm1', doctorId: 'd1', clinicalMeasurementId: 'cm1' } }]);
    given([reported]).when(accept(false)).thenThrows('paziente_non_seguito');
    given([]).when(accept(true)).thenThrows('misurazione_non_trovata');
    given([reported, { type: 'SelfMeasurementAccepted', data: { patientId: 'p1', measurementId: 'm1', doctorId: 'd1', clinicalMeasurementId: 'cm1' } }])
      .when(accept(true))
      .thenThrows('misurazione_gia_accettata');
  });
});
