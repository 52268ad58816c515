/**
 * The request pipeline, in order. Locale first: everything after it may translate.
 */
import { sequence } from 'astro:middleware';
import { i18nMiddleware } from '../integrations/i18n/middleware.ts';
import { accountsMiddleware } from './server/accounts/middleware.ts';
import { checkoutMiddleware } from './server/checkout/middleware.ts';
import { renderedPagesMiddleware } from './server/renderedPages.ts';

// Rendered pages are kept (outermost but the locale) after everything else has shaped the answer.
export const onRequest = sequence(i18nMiddleware, renderedPagesMiddleware, accountsMiddleware, checkoutMiddleware);
