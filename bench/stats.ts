export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function summary(values: number[]): string {
  const s = [...values].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(2);
  return `n=${s.length} p50=${f(percentile(s, 50))} ms p99=${f(percentile(s, 99))} ms max=${f(s[s.length - 1])} ms`;
}
