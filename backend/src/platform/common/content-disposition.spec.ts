import fc from 'fast-check';
import { attachmentDisposition } from './content-disposition';

describe('the Content-Disposition of a file with its own name', () => {
  it('keeps the exact name in filename* and an ASCII fallback that no character can leave', () => {
    expect(attachmentDisposition('poly.pdf')).toBe(`attachment; filename="poly.pdf"; filename*=UTF-8''poly.pdf`);
    expect(attachmentDisposition('Però "referto".pdf')).toBe(`attachment; filename="Pero _referto_.pdf"; filename*=UTF-8''Per%C3%B2%20%22referto%22.pdf`);
  });

  it('is one header line with one quoted fallback, and the exact name reads back, whatever the name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (name) => {
        const header = attachmentDisposition(name);
        const match = /^attachment; filename="([\x20-\x7e]*)"; filename\*=UTF-8''([A-Za-z0-9%!._~-]*)$/.exec(header);
        expect(match).not.toBeNull();
        expect(match![1]).not.toMatch(/["\\]/);
        expect(decodeURIComponent(match![2])).toBe(name.replace(/\p{Cs}/gu, '\ufffd'));
      }),
    );
  });
});
