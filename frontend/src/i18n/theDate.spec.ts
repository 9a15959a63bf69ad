import { theDate } from './theDate';
import * as it from './it';

// Italian elides the article before a vowel sound: "l’8", "l’11", "l’1" (otto, undici, uno), "il" elsewhere
// (Serianni, Grammatica italiana, IV.63; the Accademia della Crusca's answer on "l’8 marzo")
describe('a date with its article', () => {
  test.each([
    ['8 dic 2026', 'l’8 dic 2026'],
    ['11 nov 2026, 15:45', 'l’11 nov 2026, 15:45'],
    ['1 gen 2027', 'l’1 gen 2027'],
    ['5 dic 2026', 'il 5 dic 2026'],
    ['18 dic 2026', 'il 18 dic 2026'],
    ['10 dic 2026', 'il 10 dic 2026'],
    ['81', 'il 81'],
  ])('%s → %s', (date, expected) => expect(theDate(date)).toBe(expected));

  test('the refund deadline reads "entro l’8 dic 2026", never "entro il 8"', () => {
    expect(it.myBookings.refundYes('8 dic 2026, 09:00')).toContain('(entro l’8 dic 2026, 09:00)');
    expect(it.myBookings.policy(24, '11 dic 2026, 09:00')).toContain('(entro l’11 dic 2026, 09:00)');
  });
});
