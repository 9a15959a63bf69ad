import { linkPhoneNumbers } from './phoneLinks';

const para = (...content: Record<string, unknown>[]) => ({ type: 'doc', content: [{ type: 'paragraph', content }] });

describe('phone numbers in notes become tel: links', () => {
  it('splits the text around the number and links it with its digits', () => {
    const out = linkPhoneNumbers(para({ type: 'text', text: 'Per dubbi chiama il +39 06 1234 5678 entro venerdì.' }));
    expect(out.content[0].content).toEqual([
      { type: 'text', text: 'Per dubbi chiama il ' },
      { type: 'text', text: '+39 06 1234 5678', marks: [{ type: 'link', attrs: { href: 'tel:+390612345678' } }] },
      { type: 'text', text: ' entro venerdì.' },
    ]);
  });

  it('keeps the marks it found (bold) and leaves existing links, dates, short numbers and grams alone', () => {
    const bold = linkPhoneNumbers(para({ type: 'text', text: '333 123 4567', marks: [{ type: 'bold' }] }));
    expect(bold.content[0].content[0].marks).toEqual([{ type: 'bold' }, { type: 'link', attrs: { href: 'tel:3331234567' } }]);
    const linked = para({ type: 'text', text: '333 123 4567', marks: [{ type: 'link', attrs: { href: 'tel:333' } }] });
    expect(linkPhoneNumbers(linked)).toEqual(linked);
    const plain = para({ type: 'text', text: 'Pasta 80 g, 2 volte a settimana dal 12.03' });
    expect(linkPhoneNumbers(plain)).toEqual(plain);
  });
});
