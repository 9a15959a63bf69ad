import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { clinicalDecider, type ClinicalCommand, type ClinicalEvent } from './clinical-record.decider';

const sealed = (data: string) => ({ keyId: 'p1', iv: 'iv', tag: 'tag', data });
const by = { patientId: 'p1', authorId: 'd1', treats: true };
const given = deciderSpec(clinicalDecider);

const recordSet: ClinicalEvent = { type: 'ClinicalRecordSet', data: { patientId: 'p1', authorId: 'd1', content: sealed('anamnesi') } };
const note1: ClinicalEvent = { type: 'VisitNoteSigned', data: { patientId: 'p1', noteId: 'n1', authorId: 'd1', corrects: null, content: sealed('nota') } };
const m1: ClinicalEvent = { type: 'MeasurementRecorded', data: { patientId: 'p1', measurementId: 'm1', authorId: 'd1', content: sealed('80 kg') } };

describe('clinical record decider (clinical-<patientId>)', () => {
  it('sets the record, again and again (each a new version), for a doctor who treats the patient', () => {
    given([])
      .when({ type: 'SetRecord', ...by, content: sealed('anamnesi') })
      .then([recordSet]);
    given([recordSet])
      .when({ type: 'SetRecord', ...by, content: sealed('v2') })
      .then([{ ...recordSet, data: { ...recordSet.data, content: sealed('v2') } }]);
  });

  it('refuses every write by someone who does not treat the patient, with nothing appended', () => {
    const refused = (command: ClinicalCommand) => given([recordSet, note1]).when(command).thenThrows('paziente_non_seguito');
    const stranger = { ...by, authorId: 'd2', treats: false };
    refused({ type: 'SetRecord', ...stranger, content: sealed('x') });
    refused({ type: 'RecordMeasurement', ...stranger, measurementId: 'm9', content: sealed('x') });
    refused({ type: 'SignVisitNote', ...stranger, noteId: 'n9', corrects: null, content: sealed('x') });
    refused({ type: 'SignVisitNote', ...stranger, noteId: 'n9', corrects: 'n1', content: sealed('x') });
    refused({ type: 'RecordLabResult', ...stranger, labId: 'l9', content: sealed('x') });
    refused({ type: 'SetDietTargets', ...stranger, content: sealed('x') });
    refused({
      type: 'AddAttachment',
      ...stranger,
      attachmentId: 'a9',
      mediaType: 'application/pdf',
      sizeBytes: 10,
      name: sealed('referto.pdf'),
      content: sealed('x'),
    });
  });

  it('records a measurement once per id', () => {
    given([])
      .when({ type: 'RecordMeasurement', ...by, measurementId: 'm1', content: sealed('80 kg') })
      .then([m1]);
    given([m1])
      .when({ type: 'RecordMeasurement', ...by, measurementId: 'm1', content: sealed('81 kg') })
      .thenThrows('id_esistente');
  });

  it('signs a visit note; a signed note is never rewritten, a correction is a new note naming it', () => {
    given([])
      .when({ type: 'SignVisitNote', ...by, noteId: 'n1', corrects: null, content: sealed('nota') })
      .then([note1]);
    // the same id again would replace the signed note: refused
    given([note1])
      .when({ type: 'SignVisitNote', ...by, noteId: 'n1', corrects: null, content: sealed('altro') })
      .thenThrows('id_esistente');
    given([note1])
      .when({ type: 'SignVisitNote', ...by, noteId: 'n2', corrects: 'n1', content: sealed('correzione') })
      .then([{ type: 'VisitNoteSigned', data: { patientId: 'p1', noteId: 'n2', authorId: 'd1', corrects: 'n1', content: sealed('correzione') } }]);
    // a correction of a note that is not there, or of a measurement's id, is refused
    given([m1])
      .when({ type: 'SignVisitNote', ...by, noteId: 'n2', corrects: 'm1', content: sealed('x') })
      .thenThrows('nota_non_trovata');
  });

  it('records lab results and diet targets', () => {
    given([])
      .when({ type: 'RecordLabResult', ...by, labId: 'l1', content: sealed('glicemia') })
      .then([{ type: 'LabResultRecorded', data: { patientId: 'p1', labId: 'l1', authorId: 'd1', content: sealed('glicemia') } }]);
    given([])
      .when({ type: 'SetDietTargets', ...by, content: sealed('2000 kcal') })
      .then([{ type: 'DietTargetsSet', data: { patientId: 'p1', authorId: 'd1', content: sealed('2000 kcal') } }]);
  });

  it('adds an attachment once per id, its type and size in clear and its name and bytes sealed', () => {
    const add: ClinicalCommand = {
      type: 'AddAttachment',
      ...by,
      attachmentId: 'a1',
      mediaType: 'image/png',
      sizeBytes: 42,
      name: sealed('esame.png'),
      content: sealed('png'),
    };
    const added: ClinicalEvent = {
      type: 'AttachmentAdded',
      data: { patientId: 'p1', attachmentId: 'a1', authorId: 'd1', mediaType: 'image/png', sizeBytes: 42, name: sealed('esame.png'), content: sealed('png') },
    };
    given([]).when(add).then([added]);
    given([added]).when(add).thenThrows('id_esistente');
  });

  it('the patient shares the record with a doctor once, and revokes it; a non-doctor is not found', () => {
    const shared: ClinicalEvent = { type: 'CareShared', data: { patientId: 'p1', doctorId: 'd2' } };
    given([]).when({ type: 'ShareCare', patientId: 'p1', doctorId: 'd2', isDoctor: true }).then([shared]);
    given([shared]).when({ type: 'ShareCare', patientId: 'p1', doctorId: 'd2', isDoctor: true }).then([]);
    given([]).when({ type: 'ShareCare', patientId: 'p1', doctorId: 'x', isDoctor: false }).thenThrows('medico_non_trovato');
    given([shared])
      .when({ type: 'RevokeCareShare', patientId: 'p1', doctorId: 'd2' })
      .then([{ type: 'CareShareRevoked', data: { patientId: 'p1', doctorId: 'd2' } }]);
    given([]).when({ type: 'RevokeCareShare', patientId: 'p1', doctorId: 'd2' }).then([]);
  });
});
