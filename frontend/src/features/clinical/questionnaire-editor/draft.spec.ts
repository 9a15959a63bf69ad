import { optionValue, toRequest } from './draft';

describe('questionnaire draft', () => {
  test('option values come from the labels, or the position when a label has no letters', () => {
    expect(optionValue('Sì, spesso!', 0)).toBe('si-spesso');
    expect(optionValue('  ?? ', 2)).toBe('opzione-3');
  });

  test('equal labels get distinct values; enablers are dropped under handle-more, which only radios keep', () => {
    const options = [
      { key: 1, label: 'Altro', enabler: true },
      { key: 2, label: 'altro', enabler: false },
    ];
    const body = toRequest({
      title: 'T',
      questions: [
        { key: 3, text: 'A', kind: 'radio', options, handleMore: true, textLabel: ' Quale? ' },
        { key: 4, text: 'B', kind: 'checkbox', options, handleMore: true, textLabel: '' },
      ],
    });
    expect(body.questions[0]).toEqual({
      id: 'q1',
      text: 'A',
      kind: 'radio',
      handleMore: true,
      textInput: { label: 'Quale?' },
      options: [
        { value: 'altro', label: 'Altro' },
        { value: 'altro-2', label: 'altro' },
      ],
    });
    expect(body.questions[1]).toEqual({
      id: 'q2',
      text: 'B',
      kind: 'checkbox',
      options: [
        { value: 'altro', label: 'Altro', enabler: true },
        { value: 'altro-2', label: 'altro' },
      ],
    });
  });
});
