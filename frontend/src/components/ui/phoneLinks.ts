/**
 * Phone numbers in rich text become tel: links (linkify, under Tiptap's autolink, finds web and mail addresses
 * only). Pure: walks a Tiptap JSON document and splits the text nodes that hold a phone number.
 */
type Mark = { type: string; attrs?: Record<string, unknown> };
type Node = { type: string; text?: string; marks?: Mark[]; content?: Node[]; [key: string]: unknown };

/** "+39 06 1234 5678", "333-123.4567", "(06) 1234567": 6 to 15 digits, an optional leading + */
const PHONE = /(?<![\w+])(\+?\(?\d[\d\s().-]{4,18}\d)(?!\w)/g;

function telHref(text: string): string | null {
  const digits = text.replace(/[\s().-]/g, '');
  return /^\+?\d{6,15}$/.test(digits) ? `tel:${digits}` : null;
}

function splitText(node: Node): Node[] {
  const text = node.text ?? '';
  if (node.marks?.some((m) => m.type === 'link')) return [node];
  const out: Node[] = [];
  let last = 0;
  for (const match of text.matchAll(PHONE)) {
    const href = telHref(match[1]);
    if (!href) continue;
    const start = match.index;
    if (start > last) out.push({ ...node, text: text.slice(last, start) });
    out.push({ ...node, text: match[1], marks: [...(node.marks ?? []), { type: 'link', attrs: { href } }] });
    last = start + match[1].length;
  }
  if (out.length === 0) return [node];
  if (last < text.length) out.push({ ...node, text: text.slice(last) });
  return out;
}

export function linkPhoneNumbers<T>(doc: T): T {
  const walk = (node: Node): Node =>
    node.content ? { ...node, content: node.content.flatMap((child) => (child.type === 'text' ? splitText(child) : [walk(child)])) } : node;
  return doc && typeof doc === 'object' ? (walk(doc as unknown as Node) as unknown as T) : doc;
}
