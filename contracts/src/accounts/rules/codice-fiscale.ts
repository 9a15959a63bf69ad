// The Italian tax code of a person (codice fiscale): D.M. 23 dicembre 1976 (its shape and check character), with the
// omocodia letters of the Agenzia delle Entrate (a digit swapped for a letter when two people would share a code).

/** positions (0-based) where omocodia may swap a digit for one of these letters, in digit order */
const OMOCODIC_POSITIONS = [6, 7, 9, 10, 12, 13, 14];
const OMOCODIC_LETTERS = 'LMNPQRSTUV';
const D = `[0-9${OMOCODIC_LETTERS}]`;
/** surname(3) name(3) year(2) month(1) day(2) municipality(letter + 3) check(1) */
const SHAPE = new RegExp(`^[A-Z]{6}${D}{2}[ABCDEHLMPRST]${D}{2}[A-Z]${D}{3}[A-Z]$`);
/** values of the characters in odd positions (1st, 3rd, …); digits count as A…J */
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

const indexOf = (c: string) => (c >= '0' && c <= '9' ? c.charCodeAt(0) - 48 : c.charCodeAt(0) - 65);

/** the check character of the first 15 characters (already upper-cased and shape-checked) */
export function codiceFiscaleCheckChar(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) sum += i % 2 === 0 ? ODD[indexOf(first15[i])] : indexOf(first15[i]);
  return String.fromCharCode(65 + (sum % 26));
}

/** Italian tax code of a person: shape, day of birth (women +40) and check character; omocodic codes accepted */
export function isValidCodiceFiscale(value: string): boolean {
  const code = value.trim().toUpperCase();
  if (!SHAPE.test(code)) return false;
  const digits = [...code].map((c, i) => (OMOCODIC_POSITIONS.includes(i) && OMOCODIC_LETTERS.includes(c) ? String(OMOCODIC_LETTERS.indexOf(c)) : c)).join('');
  const day = Number(digits.slice(9, 11));
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  return codiceFiscaleCheckChar(code.slice(0, 15)) === code[15];
}
