import { patientIdOf, patientOption } from './PatientField';

const patients = [
  { id: '11111111-aaaa-4aaa-8aaa-111111111111', name: 'Luca Verdi', birthDate: '1980-04-02', email: 'luca@example.it' },
  { id: '22222222-bbbb-4bbb-8bbb-222222222222', name: 'Lucia Bianchi' },
  { id: '33333333-cccc-4ccc-8ccc-333333333333', name: 'Niccolò Neri' },
];

describe('the patient a history search stands for', () => {
  test('a chosen option is that patient', () => {
    expect(patientIdOf(patientOption(patients[1]), patients)).toBe(patients[1].id);
  });

  test('a name only one patient has is enough, capitals and accents ignored ("Luca" typed, not picked)', () => {
    expect(patientIdOf('luca', patients)).toBe(patients[0].id);
    expect(patientIdOf('NICCOLO', patients)).toBe(patients[2].id);
  });

  test('a name several patients share stays as typed (the field asks to pick), and so does an id', () => {
    expect(patientIdOf('Luc', patients)).toBe('Luc');
    expect(patientIdOf(patients[2].id, patients)).toBe(patients[2].id);
  });

  test('a birth date typed dd/mm/yyyy or an email only one patient has is that patient', () => {
    expect(patientIdOf('02/04/1980', patients)).toBe(patients[0].id);
    expect(patientIdOf('luca@example', patients)).toBe(patients[0].id);
  });
});
