/**
 * Where the header's back button goes (SPEC §2). Pure so that the rules are testable; the
 * BackButton component feeds it the page's route name, query and in-app navigation state.
 */
/** The route names pages declare (`<html data-route>`, SPEC §2); partners name them to record sessions on them. */
export const ROUTE_NAMES = [
  'home',
  'search-results',
  'railpass-search',
  'railpass-main',
  'railpass-info',
  'payment-status',
  'pay',
  'support',
  'other',
] as const;
export type RouteName = (typeof ROUTE_NAMES)[number];

export interface BackContext {
  lang: string;
  routeName: RouteName;
  query: URLSearchParams;
  /** The visitor has moved between pages of this site in this tab. */
  navigatedInApp: boolean;
  /** White-label setting hideBackButton. */
  hideBackButton: boolean;
  /** For railpass-info: the country slug of the pass. */
  railpassCountrySlug?: string;
  /** The last search results URL, remembered from the search cookies. */
  lastSearchUrl?: string;
}

export type BackAction = { kind: 'hidden' } | { kind: 'link'; href: string } | { kind: 'history' };

const ALWAYS_HIDDEN: ReadonlySet<RouteName> = new Set(['home', 'search-results', 'railpass-search', 'railpass-main', 'payment-status']);

export function backAction(ctx: BackContext): BackAction {
  if (ctx.hideBackButton || ALWAYS_HIDDEN.has(ctx.routeName)) return { kind: 'hidden' };
  if (ctx.routeName === 'support' && ctx.navigatedInApp) return { kind: 'hidden' };
  if (ctx.query.has('fromCheckout')) return { kind: 'link', href: `/${ctx.lang}/checkout` };
  const checkoutHash = ctx.query.get('checkoutHash');
  if (ctx.routeName === 'pay' && checkoutHash) {
    return { kind: 'link', href: `/${ctx.lang}/checkout/${encodeURIComponent(checkoutHash)}/step/confirmation` };
  }
  if (ctx.routeName === 'railpass-info' && ctx.railpassCountrySlug) {
    return { kind: 'link', href: `/${ctx.lang}/railpass/${encodeURIComponent(ctx.railpassCountrySlug)}` };
  }
  if (ctx.navigatedInApp) return { kind: 'history' };
  return { kind: 'link', href: ctx.lastSearchUrl ?? `/${ctx.lang}` };
}
