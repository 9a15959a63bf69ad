import { AnswersRequest, QuestionnaireRequest, checkAnswers, type Question } from './questionnaire';

const questions: Question[] = [
  {
    id: 'allergie',
    text: 'Allergie?',
    kind: 'radio',
    options: [
      { value: 'no', label: 'No' },
      { value: 'si', label: 'Sì, quali?', enabler: true },
    ],
    textInput: { label: 'Quali?' },
  },
  {
    id: 'dieta',
    text: 'Dieta?',
    kind: 'radio',
    handleMore: true,
    options: [
      { value: 'onnivora', label: 'Onnivora' },
      { value: 'altro', label: 'Altro (specificare)' },
    ],
    textInput: { label: 'Quale?' },
  },
  {
    id: 'sport',
    text: 'Sport?',
    kind: 'checkbox',
    options: [
      { value: 'corsa', label: 'Corsa' },
      { value: 'altro', label: 'Altro', enabler: true },
    ],
    textInput: { label: 'Quale?' },
  },
  {
    id: 'fumo',
    text: 'Fumi?',
    kind: 'radio',
    options: [
      { value: 'no', label: 'No' },
      { value: 'si', label: 'Sì' },
    ],
  },
];

describe('questionnaire answers rules', () => {
  it('keeps the text only where the form enables it, trimmed, and fills unanswered checkboxes', () => {
    const result = checkAnswers(questions, {
      allergie: { choices: ['si'], text: ' arachidi ' },
      dieta: { choices: ['onnivora'], text: 'non richiesto' },
      fumo: { choices: ['no'], text: 'ignorato' },
    });
    expect(result).toEqual({
      ok: true,
      answers: { allergie: { choices: ['si'], text: 'arachidi' }, dieta: { choices: ['onnivora'] }, sport: { choices: [] }, fumo: { choices: ['no'] } },
    });
  });

  it('names the question that is wrong', () => {
    const base = { allergie: { choices: ['no'] }, dieta: { choices: ['onnivora'] }, fumo: { choices: ['no'] } };
    expect(checkAnswers(questions, { ...base, dieta: { choices: ['altro'] } })).toEqual({
      ok: false,
      code: 'testo_mancante',
      message: 'Specifica la risposta alla domanda "Dieta?"',
    });
    expect(checkAnswers(questions, { ...base, sport: { choices: ['altro'], text: '' } })).toMatchObject({ ok: false, code: 'testo_mancante' });
    expect(checkAnswers(questions, { ...base, fumo: { choices: [] } })).toMatchObject({ ok: false, code: 'risposta_mancante' });
    expect(checkAnswers(questions, { ...base, nuova: { choices: [] } })).toMatchObject({ ok: false, code: 'domanda_sconosciuta' });
  });
});

describe('questionnaire request', () => {
  it('accepts a definition and refuses one that breaks the rules, in Italian', () => {
    expect(QuestionnaireRequest.safeParse({ title: 'Anamnesi', questions }).success).toBe(true);
    const bad = QuestionnaireRequest.safeParse({ title: 'Anamnesi', questions: [{ ...questions[2], handleMore: true }] });
    expect(bad.error?.issues[0].message).toMatch(/vale solo per le domande a scelta singola/);
    expect(QuestionnaireRequest.safeParse({ title: 'Anamnesi', questions: [], doctorId: 'x' }).error?.issues.map((i) => i.message)).toEqual([
      'Identificativo non valido',
      'Aggiungi almeno una domanda',
    ]);
    expect(QuestionnaireRequest.safeParse({ title: 'Anamnesi', questions: [{ id: 'a' }] }).error?.issues[0].message).toBe('Testo della domanda mancante');
  });

  it('reads answers with missing choices as none', () => {
    expect(AnswersRequest.parse({ answers: { sport: {} } })).toEqual({ answers: { sport: { choices: [] } } });
  });
});
