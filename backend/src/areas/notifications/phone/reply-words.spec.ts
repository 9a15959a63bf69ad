import { replyIntent } from './reply-words';

describe('the words of a reply', () => {
  it('confirms with 1, SI, CONFERMO, written any way', () => {
    for (const text of ['1', 'SI', 'si', 'Sì', ' sì! ', 'CONFERMO', 'Confermo.']) expect(replyIntent(text)).toBe('confirm');
  });
  it('cancels with 2, ANNULLA, DISDICO', () => {
    for (const text of ['2', 'ANNULLA', 'annulla', 'Disdico!']) expect(replyIntent(text)).toBe('cancel');
  });
  it('opts out with STOP, and takes anything else as a message', () => {
    expect(replyIntent('stop')).toBe('stop');
    for (const text of ['Si, ma arrivo in ritardo', '12', 'no', '']) expect(replyIntent(text)).toBe('other');
  });
});
