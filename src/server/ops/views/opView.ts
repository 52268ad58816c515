/**
 * The shape every op page's view model shares (src/pages/[lang]/op/*.astro → one function here →
 * the services of src/server/ops and the features). The page passes its `Astro` (request, address,
 * locals), renders the view, and sets the status it carries; after a POST that changed something
 * it follows the redirect instead (303, so a reload does not post again).
 */
import type { OpDecision } from '../access.ts';

/** What of `Astro` an op view model reads: the request, its address, the session and the locale. */
export interface OpAstro {
  request: Request;
  url: URL;
  locals: Pick<App.Locals, 'locale' | 'session' | 'requestId'>;
}

export type OpPageView<T> = { kind: 'redirect'; to: string } | ({ kind: 'page'; status: number; gate: OpDecision } & T);

export const redirectTo = (to: string) => ({ kind: 'redirect', to }) as const;

/** The page rendered: refused by its gate is a 403 whatever else happened, else the status the view chose. */
export function pageView<T extends object>(gate: OpDecision, data: T, status = 200) {
  return { kind: 'page', status: gate.kind === 'allowed' ? status : 403, gate, ...data } as const;
}

/** The op page's own address (`/{lang}/op/{page}`), where its forms post and its redirects go. */
export const opPath = (astro: OpAstro, page: string) => `/${astro.locals.locale.segment}/op/${page}`;
