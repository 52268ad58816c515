/**
 * `npx node scripts/bench/typeahead.ts [--rounds N]`
 *
 * Typeahead latency on the default network: seeds an in-memory PGlite, builds the index and
 * times `typeahead()` over a fixed mix of queries — prefixes of place names in several scripts
 * (Latin, Thai, Arabic, Chinese, Cyrillic), aliases, typos and misses — after one warm-up
 * round (which also builds the name keys). Prints p50/p95/p99 in microseconds.
 */
import { parseArgs } from 'node:util';
import { seedDatabase } from '../seed/index.ts';
import { typeahead } from '../../src/domain/search/typeahead.ts';
import { openDb } from '../../src/server/db/client.ts';
import { applyMigrations } from '../../src/server/db/migrate.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '200' } } });
const ROUNDS = Number(args.rounds);

const QUERIES: [string, string][] = [
  ['b', 'en'],
  ['ba', 'en'],
  ['Bangk', 'en'],
  ['Bangkok', 'en'],
  ['chiang m', 'en'],
  ['chiangmai', 'en'],
  ['Koh T', 'en'],
  ['Ko Samui', 'en'],
  ['Bangkik', 'en'],
  ['Chaing Mai', 'en'],
  ['phnom', 'en'],
  ['saigon', 'en'],
  ['Da Nang', 'en'],
  ['Đà Nẵng', 'vi'],
  ['hà nội', 'vi'],
  ['กรุงเทพ', 'th'],
  ['เชียง', 'th'],
  ['بانكوك', 'ar-ae'],
  ['بان', 'ar-ae'],
  ['تشيانغ ماي', 'ar-ae'],
  ['曼谷', 'zh-CN'],
  ['清迈', 'zh-CN'],
  ['Бангкок', 'ru'],
  ['Пху', 'ru'],
  ['バンコク', 'ja'],
  ['방콕', 'ko'],
  ['zzqxw', 'en'],
  ['airport', 'en'],
  ['BKK', 'en'],
  ['Krung Thep', 'en'],
];

const handle = await openDb({ pgliteDataDir: 'memory://' });
await applyMigrations(handle);
await seedDatabase(handle, {});
const index = await loadIndex(handle.db);
await handle.close();

for (const [q, code] of QUERIES) typeahead(index, q, code);
const times: number[] = [];
for (let round = 0; round < ROUNDS; round++)
  for (const [q, code] of QUERIES) {
    const start = process.hrtime.bigint();
    typeahead(index, q, code);
    times.push(Number(process.hrtime.bigint() - start) / 1000);
  }
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN;
console.log(
  `typeahead, ${String(index.places.size)} places, ${String(index.stations.size)} stations, ${String(times.length)} queries: ` +
    `p50 ${at(50).toFixed(0)} µs, p95 ${at(95).toFixed(0)} µs, p99 ${at(99).toFixed(0)} µs`,
);
