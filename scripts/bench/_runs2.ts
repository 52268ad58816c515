import { seedDatabase } from '../seed/index.ts';
import { addDays, dayNumber } from '../../src/domain/search/dates.ts';
import { fastestJourneysAndLater } from '../../src/domain/search/profile.ts';
import { openDb } from '../../src/server/db/client.ts';
import { applyMigrations } from '../../src/server/db/migrate.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
const handle = await openDb({ pgliteDataDir: 'memory://' });
await applyMigrations(handle);
await seedDatabase(handle, { scale: false, today: '2026-12-01' });
const index = await loadIndex(handle.db);
await handle.close();
let s = 7;
const next = () => ((s = (s * 1664525 + 1013904223) >>> 0), s / 2 ** 32);
const served = [...index.hops.keys()].filter((id) => index.into.has(id));
const qs: { from: number; to: number; date: string }[] = [];
while (qs.length < 1000) { const a = served[Math.floor(next() * served.length)]!, b = served[Math.floor(next() * served.length)]!; if (a !== b) qs.push({ from: a, to: b, date: addDays('2026-12-01', 1 + Math.floor(next() * 30)) }); }
const st = (p: number) => new Set(index.places.get(p)?.stationIds ?? []);
const g = globalThis as any;
const rows: any[] = [];
for (const q of qs) {
  g.__rides = {}; g.__run = undefined; g.__productive = new Set(); g.__byRound = {};
  const t0 = performance.now();
  fastestJourneysAndLater(index, { originStations: st(q.from), destinationStations: st(q.to), day: dayNumber(q.date)! });
  const t = performance.now() - t0;
  const r = g.__rides; const total = Object.values(r).reduce((a: number, b: any) => a + b, 0) as number;
  let prod = 0; for (const k of g.__productive) prod += r[k] ?? 0;
  rows.push({ t, total, first: r[0] ?? 0, after: r.after ?? 0, runs: Object.keys(r).length, productiveRuns: g.__productive.size, prodRides: prod, byRound: g.__byRound });
}
rows.sort((a, b) => b.t - a.t);
const top = rows.slice(0, 50);
const avg = (f: (r: any) => number, rs: any[]) => (rs.reduce((a, r) => a + f(r), 0) / rs.length).toFixed(0);
console.log('top50 rides', avg((r) => r.total, top), 'first run', avg((r) => r.first, top), 'after', avg((r) => r.after, top), 'runs', avg((r) => r.runs, top), 'productive runs', avg((r) => r.productiveRuns, top), 'their rides', avg((r) => r.prodRides, top));
console.log('by round', [1,2,3,4].map((k) => avg((r) => r.byRound[k] ?? 0, top)));
