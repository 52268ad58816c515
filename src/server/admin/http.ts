/** The process-wide admin API: the process database, its search index, its bus and the content store. */
import { getBus } from '../bus/index.ts';
import { siteOrigin } from '../config.ts';
import { contentStore } from '../content/store.ts';
import { getDbHandle } from '../db/index.ts';
import { getSearchIndex, refreshSearchIndex } from '../search/cache.ts';
import { requestSession } from '../support/session.ts';
import { adminApi } from './api.ts';
import { pageOverridesChanged } from './pageOverrides.ts';

export const adminHttp = adminApi({
  db: async () => (await getDbHandle()).db,
  session: requestSession,
  // The process's own index (undefined db = the process database's cache).
  index: () => getSearchIndex(),
  rebuildIndex: refreshSearchIndex,
  bus: getBus,
  overridesChanged: pageOverridesChanged,
  locateArticle: async (slug) => {
    const store = await contentStore();
    const entry = store.support.get(slug, 'en');
    return entry ? (entry.data.path ?? slug) : undefined;
  },
  origin: () => siteOrigin(),
  now: () => Date.now(),
});
