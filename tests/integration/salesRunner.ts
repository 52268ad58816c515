/**
 * A server process's search for tests/integration/opsSales.multiprocess.test.ts, run as a child
 * (`node tests/integration/salesRunner.ts follow|no-bus`, DATABASE_URL and SEARCH_DATE in its
 * environment): it holds the search index as the server does and prints `version N trips K` — how
 * many trips a search Bangkok → Chumphon on SEARCH_DATE offers — whenever the index changes. Its
 * clock is frozen at its start, so the index's periodic version check never comes due: a change can only
 * arrive through the bus. `no-bus` is the negative control (the index asked with a database
 * handle passed in, which does not follow the bus).
 */
import { search } from '../../src/domain/search/search.ts';
import { markServingProcess } from '../../src/server/bus/index.ts';
import { getDbHandle } from '../../src/server/db/index.ts';
import { getSearchIndex } from '../../src/server/search/cache.ts';

const mode = process.argv[2];
if (mode !== 'follow' && mode !== 'no-bus') throw new Error('usage: salesRunner.ts follow|no-bus');

const date = process.env.SEARCH_DATE;
if (!date) throw new Error('SEARCH_DATE is not set');

markServingProcess();
const frozen = Date.now();
const db = mode === 'no-bus' ? (await getDbHandle()).db : undefined;
let shown: string | undefined;
for (;;) {
  const index = await getSearchIndex(db, frozen);
  const { trips } = search(index, {
    from: { kind: 'place', id: index.placesBySlug.get('bangkok')?.id ?? -1 },
    to: { kind: 'place', id: index.placesBySlug.get('chumphon')?.id ?? -1 },
    date,
    people: 1,
    classes: 'all',
    currency: 'THB',
    now: frozen,
  });
  const line = `version ${String(index.version)} trips ${String(trips.length)}`;
  if (line !== shown) {
    shown = line;
    console.log(line);
  }
  await new Promise((resolve) => setTimeout(resolve, 25));
}
