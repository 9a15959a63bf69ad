/**
 * A date with its article, as Italian writes it: "il 5 dic 2026", but "l’8 dic 2026", "l’11 …", "l’1 …" (the article
 * elides before the vowel sound of otto, undici, uno). `date` starts with its day number, as formatDateTime and
 * formatDay print it.
 */
export const theDate = (date: string) => (/^(8|11|1)(?!\d)/.test(date.trim()) ? `l’${date}` : `il ${date}`);
