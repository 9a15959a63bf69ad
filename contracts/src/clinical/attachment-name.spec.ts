import { attachmentFileName } from './clinical-record';

describe("an attachment's name follows the type its content was sniffed as", () => {
  it.each([
    ['poly.html', 'application/pdf', 'poly.pdf'],
    ['referto.PDF', 'application/pdf', 'referto.PDF'],
    ['referto', 'application/pdf', 'referto.pdf'],
    ['foto.jpeg', 'image/jpeg', 'foto.jpeg'],
    ['foto.png', 'image/jpeg', 'foto.jpg'],
    ['foto.bin', 'image/png', 'foto.png'],
    ['esami 12.03.2026', 'application/pdf', 'esami 12.03.2026.pdf'],
    ['.html', 'application/pdf', '.html.pdf'],
    ['pagina.svg', 'image/png', 'pagina.png'],
  ] as const)('%s as %s → %s', (name, type, expected) => {
    expect(attachmentFileName(name, type)).toBe(expected);
  });
});
