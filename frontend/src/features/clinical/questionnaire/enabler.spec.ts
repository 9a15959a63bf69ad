import { checkAnswers, definitionProblem, type Question } from '@studio/contracts';
import { buildAnswers, nextChoices, textInputState } from './enabler';

const ON = { enabled: true, required: true };
const OFF = { enabled: false, required: false };

/** radio: "yes" enables the text, "no" does not */
const radioEnabler: Question = {
  id: 'allergie',
  text: 'Hai allergie?',
  kind: 'radio',
  options: [
    { value: 'si', label: 'Sì', enabler: true },
    { value: 'no', label: 'No' },
  ],
  textInput: { label: 'Quali?' },
};
/** radio handle-more: only the last option ("altro") enables the text */
const radioMore: Question = {
  id: 'dieta',
  text: 'Che dieta segui?',
  kind: 'radio',
  handleMore: true,
  options: [
    { value: 'onnivora', label: 'Onnivora' },
    { value: 'vegetariana', label: 'Vegetariana' },
    { value: 'altro', label: 'Altro' },
  ],
  textInput: { label: 'Specifica' },
};
/** radio with two enablers in the middle */
const radioTwoEnablers: Question = {
  id: 'fumo',
  text: 'Fumi?',
  kind: 'radio',
  options: [
    { value: 'no', label: 'No' },
    { value: 'sigarette', label: 'Sigarette', enabler: true },
    { value: 'sigaro', label: 'Sigaro', enabler: true },
    { value: 'smesso', label: 'Ho smesso' },
  ],
  textInput: { label: 'Quanto?' },
};
/** checkbox: "altro" enables the text */
const checkboxEnabler: Question = {
  id: 'sport',
  text: 'Che sport pratichi?',
  kind: 'checkbox',
  options: [
    { value: 'corsa', label: 'Corsa' },
    { value: 'nuoto', label: 'Nuoto' },
    { value: 'altro', label: 'Altro', enabler: true },
  ],
  textInput: { label: 'Quale?' },
};
/** checkbox with two enablers */
const checkboxTwoEnablers: Question = {
  id: 'patologie',
  text: 'Patologie',
  kind: 'checkbox',
  options: [
    { value: 'diabete', label: 'Diabete', enabler: true },
    { value: 'ipertensione', label: 'Ipertensione' },
    { value: 'altro', label: 'Altro', enabler: true },
  ],
  textInput: { label: 'Dettagli' },
};
/** no text input at all */
const radioPlain: Question = {
  id: 'sesso',
  text: 'Sesso',
  kind: 'radio',
  options: [
    { value: 'f', label: 'F' },
    { value: 'm', label: 'M' },
  ],
};
const checkboxPlain: Question = {
  id: 'pasti',
  text: 'Pasti',
  kind: 'checkbox',
  options: [
    { value: 'colazione', label: 'Colazione' },
    { value: 'pranzo', label: 'Pranzo' },
  ],
};

const ALL = [radioEnabler, radioMore, radioTwoEnablers, checkboxEnabler, checkboxTwoEnablers, radioPlain, checkboxPlain];

/** every subset of a question's option values */
function subsets(q: Question): string[][] {
  const values = q.options.map((o) => o.value);
  return Array.from({ length: 1 << values.length }, (_, mask) => values.filter((_, i) => mask & (1 << i)));
}

describe("the questionnaire's enabler rules", () => {
  test('the fixtures are valid questionnaire definitions', () => {
    expect(definitionProblem(ALL)).toBeNull();
  });

  test('nothing chosen: every text input is disabled and not required', () => {
    for (const q of ALL) expect(textInputState(q, [])).toEqual(OFF);
  });

  describe('radio with an enabler option', () => {
    test('the enabler enables and requires the text', () => {
      expect(textInputState(radioEnabler, ['si'])).toEqual(ON);
    });
    test('another radio disables the text and makes it not required', () => {
      expect(textInputState(radioEnabler, ['no'])).toEqual(OFF);
    });
    test('each of several enablers enables; the others disable', () => {
      expect(textInputState(radioTwoEnablers, ['sigarette'])).toEqual(ON);
      expect(textInputState(radioTwoEnablers, ['sigaro'])).toEqual(ON);
      expect(textInputState(radioTwoEnablers, ['no'])).toEqual(OFF);
      expect(textInputState(radioTwoEnablers, ['smesso'])).toEqual(OFF);
    });
  });

  describe('radio handle-more', () => {
    test('the last option enables and requires the text', () => {
      expect(textInputState(radioMore, ['altro'])).toEqual(ON);
    });
    test('any other option disables it', () => {
      expect(textInputState(radioMore, ['onnivora'])).toEqual(OFF);
      expect(textInputState(radioMore, ['vegetariana'])).toEqual(OFF);
    });
    test('going from the last option to another disables it again', () => {
      const afterLast = nextChoices(radioMore, ['altro'], 'onnivora', true);
      expect(afterLast).toEqual(['onnivora']);
      expect(textInputState(radioMore, afterLast)).toEqual(OFF);
    });
  });

  describe('checkbox with enabler options', () => {
    test('a checked enabler enables and requires the text', () => {
      expect(textInputState(checkboxEnabler, ['altro'])).toEqual(ON);
      expect(textInputState(checkboxEnabler, ['corsa', 'altro'])).toEqual(ON);
      expect(textInputState(checkboxTwoEnablers, ['diabete'])).toEqual(ON);
      expect(textInputState(checkboxTwoEnablers, ['altro'])).toEqual(ON);
      expect(textInputState(checkboxTwoEnablers, ['diabete', 'altro'])).toEqual(ON);
    });
    test('only other boxes checked: disabled and not required', () => {
      expect(textInputState(checkboxEnabler, ['corsa'])).toEqual(OFF);
      expect(textInputState(checkboxEnabler, ['corsa', 'nuoto'])).toEqual(OFF);
      expect(textInputState(checkboxTwoEnablers, ['ipertensione'])).toEqual(OFF);
    });
    test('unchecking the last checked enabler disables the text again', () => {
      const one = nextChoices(checkboxTwoEnablers, ['diabete', 'altro'], 'altro', false);
      expect(textInputState(checkboxTwoEnablers, one)).toEqual(ON);
      const none = nextChoices(checkboxTwoEnablers, one, 'diabete', false);
      expect(textInputState(checkboxTwoEnablers, none)).toEqual(OFF);
    });
  });

  test('a question without a text input never has one enabled', () => {
    for (const q of [radioPlain, checkboxPlain]) for (const s of subsets(q)) expect(textInputState(q, s)).toEqual(OFF);
  });

  test('values that are not options count for nothing', () => {
    expect(textInputState(radioMore, ['sconosciuto'])).toEqual(OFF);
    expect(textInputState(checkboxEnabler, ['sconosciuto'])).toEqual(OFF);
  });

  test('enabled and required always go together', () => {
    for (const q of ALL)
      for (const s of subsets(q)) {
        const { enabled, required } = textInputState(q, s);
        expect(enabled).toBe(required);
      }
  });

  test('every possible answer: the form enables the text exactly where the server keeps it (contracts checkAnswers)', () => {
    let cases = 0;
    for (const q of ALL) {
      const possible = q.kind === 'radio' ? q.options.map((o) => [o.value]) : subsets(q);
      for (const choices of possible) {
        const check = checkAnswers([q], { [q.id]: { choices, text: 'testo' } });
        expect(check.ok).toBe(true);
        const kept = check.ok ? check.answers[q.id].text : undefined;
        expect({ q: q.id, choices, enabled: textInputState(q, choices).enabled }).toEqual({ q: q.id, choices, enabled: kept !== undefined });
        if (textInputState(q, choices).required) {
          // required where enabled: the server refuses it blank too
          expect(checkAnswers([q], { [q.id]: { choices, text: '  ' } }).ok).toBe(false);
        }
        cases++;
      }
    }
    expect(cases).toBe(2 + 3 + 4 + 8 + 8 + 2 + 4);
  });
});

describe('nextChoices', () => {
  test('a radio replaces the choice', () => {
    expect(nextChoices(radioMore, ['onnivora'], 'altro', true)).toEqual(['altro']);
    expect(nextChoices(radioMore, [], 'vegetariana', true)).toEqual(['vegetariana']);
  });
  test('a checkbox adds or removes, in the options order', () => {
    expect(nextChoices(checkboxEnabler, ['altro'], 'corsa', true)).toEqual(['corsa', 'altro']);
    expect(nextChoices(checkboxEnabler, ['corsa', 'altro'], 'corsa', false)).toEqual(['altro']);
    expect(nextChoices(checkboxEnabler, ['corsa'], 'corsa', true)).toEqual(['corsa']);
  });
  test('an unknown value changes nothing', () => {
    expect(nextChoices(checkboxEnabler, ['corsa'], 'boh', true)).toEqual(['corsa']);
  });
});

describe('buildAnswers', () => {
  test('every question answered; the text sent only where enabled, trimmed, and not blank', () => {
    const answers = buildAnswers([radioEnabler, radioMore, checkboxEnabler, checkboxPlain], {
      allergie: { choices: ['si'], text: '  polline  ' },
      dieta: { choices: ['onnivora'], text: 'rimasto da prima' },
      sport: { choices: ['altro'], text: '   ' },
    });
    expect(answers).toEqual({
      allergie: { choices: ['si'], text: 'polline' },
      dieta: { choices: ['onnivora'] },
      sport: { choices: ['altro'] },
      pasti: { choices: [] },
    });
  });
});
