import fc from 'fast-check';
import nodemailer from 'nodemailer';
import { mailOptions, senderAddress } from './mail-transport';
import { renderMessage, type Decided, type MessageContext } from './messages';

/** any text a stored name might hold, old events included */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1 }),
  fc
    .array(fc.constantFrom('Studio', '\r\n', '\n', '\r', 'Bcc: x@evil.example', '"', '\\', '<', '>', ',', ';', ':', '\u0000', '\u2028', 'è', ' '), {
      minLength: 1,
      maxLength: 10,
    })
    .map((parts) => parts.join('')),
);

const invitation: Decided = {
  notificationId: 'n1',
  kind: 'staff_invitation',
  recipientId: 'u1',
  recipientRole: 'doctor',
  dueAt: '2026-10-01T10:00:00.000Z',
  bookingId: null,
  doctorId: '',
  patientId: '',
  start: null,
  end: null,
  sequence: 0,
  receipt: null,
  offerExpiresAt: null,
  accountLink: { purpose: 'invitation', linkId: 'l1', expiresAt: '2026-10-04T10:00:00.000Z' },
};
const confirmation: Decided = {
  ...invitation,
  kind: 'booking_confirmed',
  recipientRole: 'patient',
  bookingId: 'b1',
  start: '2026-10-26T09:00:00Z',
  end: '2026-10-26T09:30:00Z',
  accountLink: null,
};

const context = (names: { practice: string; recipient: string; doctor: string; patient: string }): MessageContext => ({
  recipient: { email: 'destinatario@example.it', name: names.recipient },
  patientName: names.patient,
  doctorName: names.doctor,
  practiceName: names.practice,
  publicUrl: 'https://studio.example.it',
  timeZone: 'Europe/Rome',
  from: { name: names.practice, email: 'noreply@studio.example.it' },
  organizer: { name: names.practice, email: 'studio@studio.example.it' },
  now: new Date('2026-10-01T10:00:00Z'),
  accountLinkUrl: 'https://studio.example.it/invito#t',
});

/** the message as nodemailer writes it to the SMTP server */
async function wire(n: Decided, ctx: MessageContext): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await transport.sendMail(
    mailOptions({ ...renderMessage(n, ctx), from: senderAddress(ctx.from), messageId: '<m1@studio>', notificationId: 'n1' }),
  );
  return (info.message as Buffer).toString('utf8');
}

/** the top-level header names, unfolded (RFC 5322 §2.2.3) */
function headerNames(message: string): string[] {
  const head = message.slice(0, message.indexOf('\r\n\r\n'));
  return head
    .split('\r\n')
    .filter((line) => !/^[ \t]/.test(line))
    .map((line) => /^([!-9;-~]+):/.exec(line)?.[1].toLowerCase() ?? `not a header: ${line}`);
}

describe('email headers: no stored name adds a header', () => {
  it.each([
    ['the invitation (the practice in the subject)', invitation],
    ['the confirmation (a calendar part inside)', confirmation],
  ])('%s has the same headers, to the same recipient, whatever the practice and the people are called', async (_, n) => {
    const plain = headerNames(await wire(n, context({ practice: 'Studio', recipient: 'Anna', doctor: 'Giulia', patient: 'Anna' })));
    expect(plain).toEqual(expect.arrayContaining(['from', 'to', 'subject', 'message-id']));
    await fc.assert(
      fc.asyncProperty(anyText, anyText, anyText, anyText, async (practice, recipient, doctor, patient) => {
        const message = await wire(n, context({ practice, recipient, doctor, patient }));
        expect(headerNames(message)).toEqual(plain);
        expect(message).toMatch(/\r\nTo: destinatario@example\.it\r\n/);
      }),
      { numRuns: 60 },
    );
  });
});
