/**
 * Prints the top self-time entries of a V8 CPU profile (node --cpu-prof): `node -r @swc-node/register
 * bench/cpu-profile-top.ts <file.cpuprofile> [count]`. Entries are grouped by function, file and line.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

export function topSelfTime(file: string, count = 25): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byNode.get(id)!;
    const f = node.callFrame;
    const where = f.url ? `${f.url.replace(/^.*\/(node_modules|src|bench|dist)\//, '$1/')}:${f.lineNumber + 1}` : '';
    const key = `${f.functionName || '(anonymous)'} ${where}`.trim();
    const dt = profile.timeDeltas[i] ?? 0;
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`);
}

if (require.main === module) {
  const [file, count] = process.argv.slice(2);
  console.log(topSelfTime(file, Number(count ?? 25)).join('\n'));
}
