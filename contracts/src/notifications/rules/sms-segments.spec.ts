import { gsmFriendly, smsSegments } from './sms-segments';

// 3GPP TS 23.038 (the alphabet) and 23.040 (concatenation), as Twilio's Create a Message states them: more than 160
// GSM-7 characters (or 70 UCS-2) are split into parts of 153 (or 67)
describe('SMS segments', () => {
  it('fits 160 GSM-7 characters, Italian accented vowels included, in one SMS', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('Perché è lì: città, più, però')).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });
  it('splits 161 GSM-7 characters into parts of 153', () => {
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSegments('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(smsSegments('a'.repeat(307))).toMatchObject({ segments: 3 });
  });
  it('counts the extension table (€, brackets) as two and never splits one across parts', () => {
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    // 152 + an escape pair would make 154 in the first part: the € moves to the second
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(10)}`)).toMatchObject({ units: 164, segments: 2 });
  });
  it('makes the whole text UCS-2 for one character outside GSM-7 (a curly apostrophe, an ó, an emoji)', () => {
    expect(smsSegments('L’appuntamento')).toMatchObject({ encoding: 'UCS-2', units: 14, segments: 1 });
    expect(smsSegments('ó'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments('ó'.repeat(71))).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    // an emoji is two UTF-16 units, never split: 66 + 2 would make 68 in the first part
    expect(smsSegments(`${'ó'.repeat(66)}🙂${'ó'.repeat(5)}`)).toMatchObject({ units: 73, segments: 2 });
  });
  it('keeps Italian texts in GSM-7 with plain apostrophes and quotes', () => {
    expect(gsmFriendly('L’appuntamento «domani» – ore 9…')).toBe('L\'appuntamento "domani" - ore 9...');
    expect(smsSegments(gsmFriendly('L’appuntamento'))).toMatchObject({ encoding: 'GSM-7' });
  });
  it('is no SMS for no text', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', units: 0, segments: 0 });
  });
});
