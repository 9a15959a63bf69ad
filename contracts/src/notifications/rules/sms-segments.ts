/**
 * How many SMS a text takes (3GPP TS 23.038, the GSM 7-bit default alphabet and its extension table; 3GPP TS 23.040
 * for concatenation): all in GSM-7, up to 160 characters in one SMS, else 153 per part, a character of the extension
 * table counting two and never split across parts; any other character makes the whole text UCS-2, 70 UTF-16 units
 * in one SMS, else 67 per part, a surrogate pair never split.
 */
const GSM7_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '\f^{}\\[~]|€';

export interface SmsSegments {
  encoding: 'GSM-7' | 'UCS-2';
  /** septets (GSM-7, extension characters counting two) or UTF-16 units (UCS-2) */
  units: number;
  segments: number;
}

export function smsSegments(text: string): SmsSegments {
  const chars = [...text];
  const gsm = chars.every((c) => GSM7_BASIC.includes(c) || GSM7_EXTENSION.includes(c));
  const costs = chars.map((c) => (gsm ? (GSM7_EXTENSION.includes(c) ? 2 : 1) : c.length));
  const units = costs.reduce((a, b) => a + b, 0);
  const single = gsm ? 160 : 70;
  const part = gsm ? 153 : 67;
  if (units <= single) return { encoding: gsm ? 'GSM-7' : 'UCS-2', units, segments: units === 0 ? 0 : 1 };
  let segments = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > part) {
      segments++;
      used = 0;
    }
    used += cost;
  }
  return { encoding: gsm ? 'GSM-7' : 'UCS-2', units, segments };
}

/** the typographic marks of Italian texts that GSM-7 lacks, as their plain twins: a message stays in one SMS */
export function gsmFriendly(text: string): string {
  return text
    .replace(/[’‘]/g, "'")
    .replace(/[“”«»]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...');
}
