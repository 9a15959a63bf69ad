import { checkPushEndpoint, isPrivateAddress } from './outbound-guard';

// ranges from the IANA special-purpose registries (RFC 6890): IPv4 and IPv6
describe('the push endpoint guard', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    'fc00::1',
    '::ffff:10.0.0.1',
    '::ffff:a00:1',
    '::ffff:7f00:1',
  ])('%s is private', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['8.8.8.8', '172.32.0.1', '142.250.180.10', '2a00:1450:4002:402::200e', '::ffff:8.8.8.8', '::ffff:808:808'])('%s is public', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );

  it('accepts a public https endpoint and an allowed private origin; refuses a name resolving to a private address', async () => {
    await expect(checkPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', [], async () => ['142.250.180.10'])).resolves.toBeInstanceOf(URL);
    await expect(checkPushEndpoint('https://127.0.0.1:8443/x', ['https://127.0.0.1:8443'])).resolves.toBeInstanceOf(URL);
    await expect(checkPushEndpoint('https://push.example.it/x', [], async () => ['142.250.180.10', '10.0.0.2'])).rejects.toThrow(
      'Indirizzo del servizio di notifica non ammesso: deve essere https e pubblico.',
    );
    await expect(checkPushEndpoint('https://user:pw@push.example.it/x', [], async () => ['142.250.180.10'])).rejects.toThrow(/non ammesso/);
  });
});
