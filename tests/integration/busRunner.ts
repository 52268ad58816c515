/**
 * A server process's search index for tests/integration/bus.multiprocess.test.ts, run as a child
 * (`node tests/integration/busRunner.ts follow|no-bus`, DATABASE_URL and maybe REDIS_URL in its
 * environment). It builds the index the way the server does and prints `version N` whenever the
 * index it is given changes. The clock it passes is frozen at its start, so the index's periodic
 * version check never comes due: a new version can only arrive through the bus.
 * `no-bus` is the negative control: the same index, asked with the database handle passed in,
 * which does not follow the bus (as for tests and scripts).
 */
import { markServingProcess } from '../../src/server/bus/index.ts';
import { getDbHandle } from '../../src/server/db/index.ts';
import { getSearchIndex } from '../../src/server/search/cache.ts';

const mode = process.argv[2];
if (mode !== 'follow' && mode !== 'no-bus') throw new Error('usage: busRunner.ts follow|no-bus');

markServingProcess();
const frozen = Date.now();
const db = mode === 'no-bus' ? (await getDbHandle()).db : undefined;
let shown: number | undefined;
for (;;) {
  const index = await getSearchIndex(db, frozen);
  if (index.version !== shown) {
    shown = index.version;
    console.log(`version ${String(shown)}`);
  }
  await new Promise((resolve) => setTimeout(resolve, 25));
}
