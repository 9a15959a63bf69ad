// the text of the diet's notes and the links typed in them, without zod: the patient's diet sheet shows them on /home

export const NOTES_MAX_LENGTH = 3000;

/** the links the notes keep: web, mail and phone */
export const SAFE_HREF = /^(https?:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+|tel:\+?[0-9]{4,20})$/i;

/** the plain text of a notes document, for its length */
export function notesText(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const n = node as { text?: unknown; content?: unknown };
  if (typeof n.text === 'string') return n.text;
  return Array.isArray(n.content) ? n.content.map(notesText).join('') : '';
}

/**
 * What a link typed in the notes points to: an email-like text becomes mailto:, a phone-like one
 * tel:, a bare host gets https://; web, mail and phone links are kept; anything else (javascript:,
 * data:, …) is refused with null.
 */
export function normalizeLink(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  if (/^(https?:\/\/|mailto:|tel:)/i.test(text)) return SAFE_HREF.test(text) ? text : null;
  if (/^[^\s@/:]+@[^\s@/:]+\.[a-z]{2,}$/i.test(text)) return `mailto:${text}`;
  const digits = text.replace(/[\s().-]/g, '');
  if (/^\+?[0-9]{6,15}$/.test(digits) && /^[+0-9\s().-]+$/.test(text)) return `tel:${digits}`;
  if (/^([a-z0-9-]+\.)+[a-z]{2,}(:\d{1,5})?([/?#]\S*)?$/i.test(text)) return `https://${text}`;
  return null;
}
