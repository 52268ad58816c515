/**
 * The request pipeline, in order. Locale first: everything after it may translate. Then the
 * Host check (production refuses a Host other than SITE_URL's, src/server/http/hostCheck.ts),
 * then the request guard (methods, content types, sizes, characters; the API's error envelope).
 */
import { sequence } from 'astro:middleware';
import { i18nMiddleware } from '../integrations/i18n/middleware.ts';
import { accountsMiddleware } from './server/accounts/middleware.ts';
import { requestGuardMiddleware } from './server/api/middleware.ts';
import { checkoutMiddleware } from './server/checkout/middleware.ts';
import { hostMiddleware } from './server/http/hostCheck.ts';
import { islandStyleMiddleware } from './server/http/islandStyle.ts';
import { renderedPagesMiddleware } from './server/renderedPages.ts';

// Bad requests are refused before anything runs; rendered pages are kept as files after
// everything else has shaped the answer (the island style last, so kept files are valid HTML).
export const onRequest = sequence(
  i18nMiddleware,
  hostMiddleware,
  requestGuardMiddleware,
  renderedPagesMiddleware,
  accountsMiddleware,
  checkoutMiddleware,
  islandStyleMiddleware,
);
