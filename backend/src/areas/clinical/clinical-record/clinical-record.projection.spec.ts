import { clinicalRecordsProjection } from './clinical-record.projection';
import { foldDocuments as fold, recorded } from '../../../testing/evolve-fixtures';

const sealed = (data: string) => ({ keyId: 'p1', iv: 'iv', tag: 'tag', data });

describe('clinical records projection', () => {
  it('keeps one sealed document per patient: the latest record, every measurement, note and lab, the shares', () => {
    const docs = fold(clinicalRecordsProjection, [
      recorded('clinical-p1', 'ClinicalRecordSet', { patientId: 'p1', authorId: 'd1', content: sealed('v1') }, '2030-03-01T10:00:00.000Z'),
      recorded('clinical-p1', 'MeasurementRecorded', { patientId: 'p1', measurementId: 'm1', authorId: 'd1', content: sealed('68') }),
      recorded('clinical-p1', 'MeasurementRecorded', { patientId: 'p1', measurementId: 'm2', authorId: 'd1', content: sealed('67') }),
      recorded('clinical-p1', 'VisitNoteSigned', { patientId: 'p1', noteId: 'n1', authorId: 'd1', corrects: null, content: sealed('nota') }),
      recorded('clinical-p1', 'VisitNoteSigned', { patientId: 'p1', noteId: 'n2', authorId: 'd1', corrects: 'n1', content: sealed('fix') }),
      recorded('clinical-p1', 'CareShared', { patientId: 'p1', doctorId: 'd2' }),
      recorded('clinical-p1', 'CareShared', { patientId: 'p1', doctorId: 'd3' }),
      recorded('clinical-p1', 'CareShareRevoked', { patientId: 'p1', doctorId: 'd2' }),
      recorded('clinical-p1', 'ClinicalRecordSet', { patientId: 'p1', authorId: 'd3', content: sealed('v2') }, '2030-03-05T10:00:00.000Z'),
    ]);
    const doc = docs.get('p1')!;
    expect(doc.record).toEqual({ id: 'p1', authorId: 'd3', at: '2030-03-05T10:00:00.000Z', content: sealed('v2') });
    expect(doc.measurements.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(doc.notes.map((n) => [n.id, n.corrects])).toEqual([
      ['n1', null],
      ['n2', 'n1'],
    ]);
    expect(doc.sharedWith).toEqual(['d3']);
  });
});
