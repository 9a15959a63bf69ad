import { questionnaireAnswersProjection, questionnaireVersion, questionnairesProjection } from './questionnaires.projection';
import { foldDocuments as fold, recorded } from '../../../testing/evolve-fixtures';

const event = (stream: string, type: string, data: object, at = '2030-03-04T10:00:00.000Z') => recorded(stream, type, data, at);

describe('questionnaires projection', () => {
  it('holds each definition, indexed by doctor', () => {
    const questions = [{ id: 'fumo', text: 'Fumi?', kind: 'radio', options: [{ value: 'no', label: 'No' }] }];
    const docs = fold(questionnairesProjection, [
      event('questionnaire-q1', 'QuestionnaireDefined', { questionnaireId: 'q1', doctorId: 'd1', title: 'Anamnesi', questions }),
    ]);
    expect(docs.get('q1')).toEqual({
      id: 'q1',
      doctorId: 'd1',
      title: 'Anamnesi',
      questions,
      definedAt: '2030-03-04T10:00:00.000Z',
      version: 1,
      active: true,
      versions: [{ version: 1, title: 'Anamnesi', questions, at: '2030-03-04T10:00:00.000Z' }],
    });
    expect(questionnairesProjection.indexes.doctor_id.value(docs.get('q1')!)).toBe('d1');
  });

  it('keeps every version, follows on/off, and removes a deleted one', () => {
    const v1 = [{ id: 'fumo', text: 'Fumi?', kind: 'radio', options: [{ value: 'no', label: 'No' }] }];
    const v2 = [{ id: 'alcol', text: 'Bevi alcolici?', kind: 'radio', options: [{ value: 'no', label: 'No' }] }];
    const history = [
      event('questionnaire-q1', 'QuestionnaireDefined', { questionnaireId: 'q1', doctorId: 'd1', title: 'Anamnesi', questions: v1 }),
      event(
        'questionnaire-q1',
        'QuestionnaireRevised',
        { questionnaireId: 'q1', doctorId: 'd1', version: 2, title: 'Anamnesi 2', questions: v2 },
        '2030-03-05T10:00:00.000Z',
      ),
      event('questionnaire-q1', 'QuestionnaireActiveSet', { questionnaireId: 'q1', doctorId: 'd1', active: false }),
    ];
    const doc = fold(questionnairesProjection, history).get('q1')!;
    expect(doc).toMatchObject({ title: 'Anamnesi 2', questions: v2, version: 2, active: false, definedAt: '2030-03-04T10:00:00.000Z' });
    expect(questionnaireVersion(doc, 1)).toEqual({ version: 1, title: 'Anamnesi', questions: v1, at: '2030-03-04T10:00:00.000Z' });
    expect(questionnaireVersion(doc, 2).questions).toEqual(v2);
    const deleted = event('questionnaire-q1', 'QuestionnaireDeleted', { questionnaireId: 'q1', doctorId: 'd1' });
    expect(fold(questionnairesProjection, [...history, deleted]).get('q1')).toBeNull();
  });
});

describe('questionnaire_answers projection', () => {
  const sealed = (data: string) => ({ keyId: 'p1', iv: 'i', tag: 't', data });
  const answered = (questionnaireId: string, data: string, at: string) =>
    event('patient-p1', 'QuestionnaireAnswered', { patientId: 'p1', questionnaireId, doctorId: 'd1', answers: sealed(data) }, at);

  it('keeps the latest sealed answers per patient and questionnaire', () => {
    const docs = fold(questionnaireAnswersProjection, [
      answered('q1', 'prima', '2030-03-04T10:00:00.000Z'),
      answered('q2', 'altro', '2030-03-04T10:05:00.000Z'),
      answered('q1', 'seconda', '2030-03-04T11:00:00.000Z'),
    ]);
    expect(docs.size).toBe(2);
    expect(docs.get('p1:q1')).toEqual({
      id: 'p1:q1',
      patientId: 'p1',
      questionnaireId: 'q1',
      doctorId: 'd1',
      answers: sealed('seconda'),
      answeredAt: '2030-03-04T11:00:00.000Z',
    });
  });

  it('ignores other events of the patient stream', () => {
    expect(fold(questionnaireAnswersProjection, [event('patient-p1', 'DietAssigned', { patientId: 'p1' })]).size).toBe(0);
  });
});
