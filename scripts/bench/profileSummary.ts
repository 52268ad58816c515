/**
 * `node scripts/bench/profileSummary.ts <file.cpuprofile> [--top N]`: where a V8 CPU profile's
 * time went, without a browser — self time per function and per package or source folder, as
 * shares of the sampled time. For bench:booking's BENCH_CPU_PROF and any `node --cpu-prof` run.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' } } });
const file = positionals[0];
if (!file) {
  console.error('usage: node scripts/bench/profileSummary.ts <file.cpuprofile> [--top N]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

/** Microseconds of self time per node id. */
const selfTime = new Map<number, number>();
profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfTime.values()].reduce((a, b) => a + b, 0);

/** The package (node_modules/<name>), node internals, or the project folder a frame belongs to. */
function area(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  if (url.startsWith('node:')) return url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  const chunk = /\/(dist\/server\/[^/]+|src\/[^/]+\/[^/]+|scripts\/[^/]+)/.exec(url);
  return chunk?.[1] ?? url;
}

const perFunction = new Map<string, number>();
const perArea = new Map<string, number>();
for (const [id, us] of selfTime) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = area(url, functionName);
  const fn = `${functionName || '(anonymous)'} ${url ? `${url.split('/').slice(-2).join('/')}:${String(lineNumber + 1)}` : ''}`;
  perFunction.set(fn, (perFunction.get(fn) ?? 0) + us);
  perArea.set(where, (perArea.get(where) ?? 0) + us);
}

const top = Number(values.top);
const show = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
};
console.log(`${(total / 1e6).toFixed(1)} s sampled`);
show('self time by area', perArea);
show('self time by function', perFunction);
