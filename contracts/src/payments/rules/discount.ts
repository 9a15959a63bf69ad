/**
 * "Discounted price = price minus price times percentage/100". In cents: the discount is an amount of its
 * own (it appears on the receipt), rounded to the nearest cent, half up.
 */
export function discountedCents(priceCents: number, percentage: number | null | undefined): number {
  if (!percentage) return priceCents;
  return priceCents - Math.round((priceCents * percentage) / 100);
}
