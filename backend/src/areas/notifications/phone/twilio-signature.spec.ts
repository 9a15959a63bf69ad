import { twilioSignature, validTwilioSignature } from './twilio-signature';

// Twilio's documented example ("Validating requests are coming from Twilio"): auth token 12345, this URL and these
// parameters sign to 0/KCTR6DLpKmkAf8muzZqo1nDgQ=
const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const params = { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' };

describe('X-Twilio-Signature', () => {
  it('is the published signature of Twilio’s example', () => {
    expect(twilioSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });
  it('sorts the parameters by name whatever their order', () => {
    const reversed = Object.fromEntries(Object.entries(params).reverse());
    expect(twilioSignature('12345', url, reversed)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });
  it('is not valid for another token, another URL, a changed value or no header', () => {
    const signature = twilioSignature('12345', url, params);
    expect(validTwilioSignature('12345', url, params, signature)).toBe(true);
    expect(validTwilioSignature('54321', url, params, signature)).toBe(false);
    expect(validTwilioSignature('12345', `${url}&baz=3`, params, signature)).toBe(false);
    expect(validTwilioSignature('12345', url, { ...params, Digits: '1235' }, signature)).toBe(false);
    expect(validTwilioSignature('12345', url, params, undefined)).toBe(false);
  });
});
