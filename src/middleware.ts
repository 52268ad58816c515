/**
 * The request pipeline, in order. Locale first: everything after it may translate. Then the
 * white-label partner of the Host (its words over the locale's, its look on every HTML answer),
 * then the Host check (production refuses a Host other than SITE_URL's, src/server/http/hostCheck.ts),
 * then the request guard (methods, content types, sizes, characters; the API's error envelope),
 * then the visitor's feature flags (which results and station page variant answers).
 */
import { sequence } from 'astro:middleware';
import { i18nMiddleware } from '../integrations/i18n/middleware.ts';
import { accountsMiddleware } from './server/accounts/middleware.ts';
import { requestGuardMiddleware } from './server/api/middleware.ts';
import { checkoutMiddleware } from './server/checkout/middleware.ts';
import { builtPagesMiddleware } from './server/http/builtPages.ts';
import { pageOverridesMiddleware } from './server/admin/middleware.ts';
import { hostMiddleware } from './server/http/hostCheck.ts';
import { islandStyleMiddleware } from './server/http/islandStyle.ts';
import { flagsMiddleware } from './server/flags/middleware.ts';
import { partnerMiddleware } from './server/partners/middleware.ts';
import { renderedPagesMiddleware } from './server/renderedPages.ts';

// Bad requests are refused before anything runs; rendered pages are kept as files after
// everything else has shaped the answer (the island style last, so kept files are valid HTML).
export const onRequest = sequence(
  i18nMiddleware,
  partnerMiddleware,
  hostMiddleware,
  requestGuardMiddleware,
  flagsMiddleware,
  pageOverridesMiddleware,
  builtPagesMiddleware,
  renderedPagesMiddleware,
  accountsMiddleware,
  checkoutMiddleware,
  islandStyleMiddleware,
);
