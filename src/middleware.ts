/**
 * The request pipeline, in order. Locale first: everything after it may translate. Then the
 * Host check (production refuses a Host other than SITE_URL's, src/server/http/hostCheck.ts).
 */
import { sequence } from 'astro:middleware';
import { i18nMiddleware } from '../integrations/i18n/middleware.ts';
import { accountsMiddleware } from './server/accounts/middleware.ts';
import { checkoutMiddleware } from './server/checkout/middleware.ts';
import { hostMiddleware } from './server/http/hostCheck.ts';

export const onRequest = sequence(i18nMiddleware, hostMiddleware, accountsMiddleware, checkoutMiddleware);
