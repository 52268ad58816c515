/**
 * `npx node scripts/bench/fastestAB.ts [--scale] [--queries N] [--write FILE | --check FILE] [--seconds S]`
 *
 * The fastest-journeys engine on its own, for profiling (`npx node --cpu-prof …`) and for an A/B
 * of its answers across a change: --write records every answer (each journey leg by leg, and the
 * `later` arrivals) of N random queries — some with depart-after or arrive-by — on the default
 * or scale network; --check compares this tree's answers with such a record and fails on the
 * first difference. The whole search (search(), priced, engine `fastest`) is compared too.
 * Without either it just times the engine for --seconds (a profile's workload).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { seedDatabase } from '../seed/index.ts';
import { addDays, dayNumber } from '../../src/domain/search/dates.ts';
import { fastestJourneysAndLater } from '../../src/domain/search/profile.ts';
import { search } from '../../src/domain/search/search.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { openDb } from '../../src/server/db/client.ts';
import { applyMigrations } from '../../src/server/db/migrate.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'boolean', default: false },
    queries: { type: 'string', default: '500' },
    write: { type: 'string' },
    check: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    today: { type: 'string', default: '2026-12-01' },
    /** The absolute path of a copy of the old profile.ts placed next to it: time old and new alternately. */
    before: { type: 'string' },
  },
});

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const handle = await openDb({ pgliteDataDir: 'memory://' });
await applyMigrations(handle);
await seedDatabase(handle, { scale: args.scale, today: args.today });
const index: TimetableIndex = await loadIndex(handle.db);
await handle.close();

const served = [...index.hops.keys()].filter((id) => index.into.has(id));
const next = rng(42);
const pick = () => served[Math.floor(next() * served.length)] ?? 0;
interface Q {
  from: number;
  to: number;
  date: string;
  departAfter?: number;
  arriveBy?: number;
}
const queries: Q[] = [];
while (queries.length < Number(args.queries)) {
  const from = pick();
  const to = pick();
  if (from === to) continue;
  const date = addDays(args.today, 1 + Math.floor(next() * 30));
  const q: Q = { from, to, date };
  const kind = next();
  const dayStart = (dayNumber(date) ?? 0) * 1440;
  if (kind < 0.15) q.departAfter = dayStart + Math.floor(next() * 1440);
  else if (kind < 0.3) q.arriveBy = dayStart + 600 + Math.floor(next() * 2880);
  queries.push(q);
}
const stations = (place: number) => new Set(index.places.get(place)?.stationIds ?? []);
function answer(q: Q): string {
  const a = fastestJourneysAndLater(index, {
    originStations: stations(q.from),
    destinationStations: stations(q.to),
    day: dayNumber(q.date) ?? 0,
    ...(q.departAfter !== undefined ? { departAfter: q.departAfter } : {}),
    ...(q.arriveBy !== undefined ? { arriveBy: q.arriveBy } : {}),
  });
  const journeys = a.journeys.map((j) =>
    j.legs.map((l) => `${l.route.id}/${l.schedule.id}/${l.board}-${l.alight}@${l.serviceDay}:${l.dep}-${l.arr}`).join(' '),
  );
  const whole = search(index, {
    from: { kind: 'place', id: q.from },
    to: { kind: 'place', id: q.to },
    date: q.date,
    people: 2,
    classes: 'all',
    currency: 'USD',
    now: Date.parse(`${args.today}T00:00:00Z`),
    engine: 'fastest',
    ...(q.departAfter !== undefined ? { departAfter: q.departAfter } : {}),
    ...(q.arriveBy !== undefined ? { arriveBy: q.arriveBy } : {}),
  }).trips.map((t) => `${t.key}:${t.params.dep_time}-${t.params.arr_time}`);
  return JSON.stringify({ journeys, horizon: a.horizon, whole });
}

/** An answer as departure, arrival and number of legs of each journey and trip (not which vehicles). */
function shape(answer: string): string {
  const { journeys, horizon, whole } = JSON.parse(answer) as { journeys: string[]; horizon: number; whole: string[] };
  const legs = (j: string) => j.split(' ');
  return JSON.stringify({
    journeys: journeys.map(
      (j) => `${legs(j)[0]?.split(':')[1]?.split('-')[0] ?? ''}-${legs(j).at(-1)?.split('-').at(-1) ?? ''}/${String(legs(j).length)}`,
    ),
    horizon,
    whole: whole.map((t) => `${t.slice(t.indexOf(':', t.lastIndexOf('~') + 1) + 1)}/${String(t.split('~').length)}`).sort(),
  });
}

if (args.write || args.check) {
  const answers = queries.map(answer);
  if (args.write) writeFileSync(args.write, JSON.stringify(answers));
  if (args.check) {
    const expected = JSON.parse(readFileSync(args.check, 'utf8')) as string[];
    let differ = 0;
    let ties = 0;
    answers.forEach((a, i) => {
      if (a === expected[i]) return;
      // The same departures, arrivals and numbers of legs, through other vehicles: as good an answer.
      if (shape(a) === shape(expected[i] ?? '')) ties++;
      else if (differ++ < 3)
        console.log(`query ${String(i)} ${JSON.stringify(queries[i])} differs:\n  was ${expected[i] ?? ''}\n  now ${a}`);
    });
    console.log(
      `${String(answers.length)} queries, ${String(differ)} answers differ, ${String(ties)} more only in which vehicles make equal journeys`,
    );
    if (differ > 0) process.exitCode = 1;
  }
} else if (args.before) {
  // Engine only, this tree against a copy of the engine before the change (--before: its module path), alternately.
  const before = (await import(args.before)) as { fastestJourneysAndLater: typeof fastestJourneysAndLater };
  const engines = { after: fastestJourneysAndLater, before: before.fastestJourneysAndLater };
  for (let round = 0; round < 6; round++)
    for (const [name, engine] of Object.entries(engines)) {
      const times: number[] = [];
      const cpu0 = process.cpuUsage();
      for (const q of queries) {
        const t0 = performance.now();
        engine(index, {
          originStations: stations(q.from),
          destinationStations: stations(q.to),
          day: dayNumber(q.date) ?? 0,
          ...(q.departAfter !== undefined ? { departAfter: q.departAfter } : {}),
          ...(q.arriveBy !== undefined ? { arriveBy: q.arriveBy } : {}),
        });
        times.push(performance.now() - t0);
      }
      const used = process.cpuUsage(cpu0);
      times.sort((a, b) => a - b);
      const p = (x: number) => (times[Math.floor(x * times.length)] ?? 0).toFixed(2);
      console.log(
        `${name}: p50 ${p(0.5)} p95 ${p(0.95)} ms, CPU mean ${((used.user + used.system) / 1000 / queries.length).toFixed(3)} ms`,
      );
    }
} else {
  const until = performance.now() + Number(args.seconds) * 1000;
  let n = 0;
  const cpu0 = process.cpuUsage();
  while (performance.now() < until) {
    const q = queries[n++ % queries.length];
    if (q) answer(q);
  }
  const used = process.cpuUsage(cpu0);
  console.log(`${String(n)} queries, ${((used.user + used.system) / 1000 / n).toFixed(3)} ms CPU each (engine + whole search)`);
}
