import { SMS_SEGMENT_ESTIMATE_CENTS, phoneText, phoneWhen, smsSegments, type PhoneTextKind, type ReminderTextPreview } from '@studio/contracts';

const SAMPLE_KINDS: PhoneTextKind[] = ['confirmation', 'reminder', 'cancelled_by_reply', 'forwarded'];

/** the texts as they would leave for a sample visit at the practice, with their SMS parts and an estimated cost */
export function reminderPreviews(practice: { name: string; address: string }): ReminderTextPreview[] {
  const sample = {
    practiceName: practice.name,
    doctorName: 'Dott.ssa Rossi',
    when: phoneWhen('2030-03-05T09:00:00Z'),
    place: practice.address,
    refunded: true,
  };
  return SAMPLE_KINDS.map((kind) => {
    const text = phoneText(kind, sample);
    const { encoding, segments } = smsSegments(text);
    return { kind, text, encoding, segments, estimatedCents: segments * SMS_SEGMENT_ESTIMATE_CENTS };
  });
}
