import fc from 'fast-check';
import { ContactDetailsRequest, StaffInvitationRequest } from '../../accounts/accounts';
import { ProductRequest } from '../../payments/catalog';
import { PracticeDetailsInput, DoctorProfileInput } from '../../practice/settings';
import { RegistrationRequest } from '../../accounts/registration';
import { VisitTypeRequest } from '../../scheduling/visit-types';
import { plainTextProblem } from './plain-text';

const NOTHING = [
  '\u200b\u200b\u200b',
  '\u202e',
  'Mario\u202eossoR',
  'Ma\u0000rio',
  '\ud800',
  'Mario\ud800',
  '\ufeff',
  '\u2066Mario\u2069',
  'Mario\r\nBcc: x@y.z',
  'Mario\u2028Rossi',
  '\u0085',
  '\u001b[31m',
];

describe('a stored name or text (rules/plain-text)', () => {
  it.each(NOTHING)('refuses a name with control, invisible or unpaired characters: %j', (value) => {
    expect(plainTextProblem(value, 'name')).not.toBeNull();
    expect(plainTextProblem(value, 'line')).not.toBeNull();
  });

  it('takes the names people have, in any script, with accents, apostrophes and joined emoji', () => {
    for (const value of [
      'Mario',
      'Niccolò D’Alessandro',
      "Dell'Acqua",
      'Ζωή',
      'محمد',
      'می\u200cخواهم',
      '李小龍',
      'Anna 👩\u200d⚕️',
      'Studio Medico Nutrizione 2000',
    ])
      expect(plainTextProblem(value, 'name')).toBeNull();
  });

  it('wants a letter in a name, a letter or a digit in a line', () => {
    expect(plainTextProblem('12345', 'name')).toBe('deve contenere almeno una lettera');
    expect(plainTextProblem('12345', 'line')).toBeNull();
    expect(plainTextProblem('...', 'line')).toBe('deve contenere almeno una lettera o una cifra');
  });

  it('lets several lines and tabs into free text, never a carriage return or NUL', () => {
    expect(plainTextProblem('prima riga\nseconda\triga', 'lines')).toBeNull();
    expect(plainTextProblem('prima riga\r\nseconda', 'lines')).not.toBeNull();
    expect(plainTextProblem('testo\u0000', 'lines')).not.toBeNull();
  });

  it('no text with a character outside printable text passes as a one-line text', () => {
    const unprintable = fc.constantFrom(
      ...'\u0000 \u0001 \t \n \r \u000b \u001f \u007f \u0085 \u009f \u200b \u200e \u200f \u202a \u202e \u2028 \u2029 \u2060 \u2066 \u2069 \ufeff \ud800 \udfff \uffff'.split(
        ' ',
      ),
    );
    // a lone half of a surrogate pair stays lone only between characters that are not surrogates themselves
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), unprintable, fc.string({ unit: 'grapheme' }), (before, bad, after) => {
        expect(plainTextProblem(`${before}${bad}${after}`, 'line')).not.toBeNull();
      }),
    );
  });

  // every schema of a stored name refuses them with its field's Italian message
  const names: [string, (name: string) => { success: boolean; error?: { issues: { message: string }[] } }][] = [
    ['profilo', (name) => ContactDetailsRequest.safeParse({ name, surname: 'Rossi' })],
    ['invito', (name) => StaffInvitationRequest.safeParse({ email: 'a@b.it', role: 'doctor', name, surname: 'Rossi' })],
    [
      'registrazione',
      (name) =>
        RegistrationRequest.safeParse({
          name,
          surname: 'Rossi',
          email: 'a@b.it',
          password: 'una-password-lunga-42',
          phone: '3331234567',
          taxcode: 'RSSMRA80A01H501U',
          consent: true,
        }),
    ],
    ['studio', (name) => PracticeDetailsInput.safeParse({ name, dataController: 'Studio' })],
    ['medico', (specialty) => DoctorProfileInput.safeParse({ title: 'Dott.', specialty })],
    ['tipo di visita', (name) => VisitTypeRequest.safeParse({ name, minutes: 30, priceCents: 5000, mode: 'studio' })],
    ['prodotto', (name) => ProductRequest.safeParse({ name, priceCents: 100 })],
  ];
  it.each(names)('%s: refuses names of nothing and keeps a real one', (_, parse) => {
    for (const value of NOTHING) {
      const result = parse(value);
      expect(result.success).toBe(false);
      // the BOM is trimmed away like a space: what is left is the field's "missing" message
      const expected = value === '\ufeff' ? /^Inserisci|mancante|obbligatorio/ : / (contiene caratteri non ammessi|deve contenere almeno una lettera)/;
      expect(result.error!.issues.some((i) => expected.test(i.message))).toBe(true);
    }
    expect(parse('Anna Maria').success).toBe(true);
  });
});
