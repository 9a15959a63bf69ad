/**
 * `attachment` with a file's own name (RFC 6266): an ASCII fallback in `filename` (no quote, backslash or control
 * character can leave the quoted string) and the exact name, UTF-8 and percent-encoded, in `filename*` (RFC 8187).
 */
export function attachmentDisposition(given: string): string {
  // a lone half of a surrogate pair cannot be percent-encoded: it reads as the replacement character
  const name = given.replace(/\p{Cs}/gu, '\ufffd');
  const fallback = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
