import { errorBodyOf } from './error-body';

describe('errorBodyOf', () => {
  test('an error answer gives its code and message, nothing more', () => {
    expect(errorBodyOf({ error: { code: 'slot_taken', message: 'Orario già preso', extra: 1 } })).toEqual({
      error: { code: 'slot_taken', message: 'Orario già preso' },
    });
  });

  test.each([null, undefined, 'testo', 42, {}, { error: null }, { error: 'x' }, { error: { code: 'x' } }, { error: { code: 1, message: 'm' } }])(
    'anything else is not an error body: %p',
    (value) => {
      expect(errorBodyOf(value)).toBeUndefined();
    },
  );
});
