/**
 * What the consent-gated collector records (issue 25 item 4, SPEC §4 and §9), shared by the
 * browser collector and the server's zod schemas. Plain TypeScript on purpose: this is bundled
 * into the collector, which must stay tiny (no zod in the browser).
 */

/** Every event kind the collector sends to `analytics/visitlog`. */
export const EVENT_KINDS = ['page_view', 'search', 'tab', 'checkout_stage', 'search_failure', 'click'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** The funnel the operators area shows, in order (searches → add to cart → passengers → payment → paid). */
export const FUNNEL_STAGES = ['search', 'add_to_cart', 'passengers', 'payment', 'paid'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** SPEC §4 "checkout process stages for logging", as the islands report them. */
export const CHECKOUT_STAGES = [
  'Payment',
  'Payment only',
  'Checkout View',
  'Price Changed',
  'Fetch Paygates',
  'Add to Cart',
  'Create and reserve booking cart',
  'Internal Paygate Processing',
] as const;
export type CheckoutStage = (typeof CHECKOUT_STAGES)[number];

/** SPEC §9: click path capture is limited to 100 ancestors. */
export const CLICK_PATH_MAX_ANCESTORS = 100;

/** One event as the collector queues it; the server adds host, partner and its own clock. */
export interface CollectedEvent {
  kind: EventKind;
  /** Milliseconds since the epoch, the browser's clock. */
  at: number;
  path: string;
  data?: Record<string, string | number | boolean | string[]>;
}

/**
 * The funnel stage a page proves by being shown, from its path (after the language segment):
 * a results page is a search; the cart's checkout page (`checkout/{hash}`, where `add-to-cart/…`
 * sends the browser with a 303 once the cart is made, so the add-to-cart address itself never
 * renders) is the add to cart; the passengers step, the payment page, and the success page that
 * only a paid booking's owner reaches.
 */
export function funnelStageOfPath(pathname: string, routeName: string | undefined): FunnelStage | undefined {
  if (routeName === 'search-results') return 'search';
  const rest = pathname.replace(/^\/[a-z]{2}(?=\/|$)/, '');
  if (rest.startsWith('/add-to-cart/') || /^\/checkout\/[^/]+\/?$/.test(rest)) return 'add_to_cart';
  if (/^\/checkout\/[^/]+\/step\/passengers\/?$/.test(rest)) return 'passengers';
  if (/^\/pay\/[^/]+\/?$/.test(rest)) return 'payment';
  if (/^\/order\/[^/]+\/payment\/[^/]+\/success\/?$/.test(rest)) return 'paid';
  return undefined;
}

/** The funnel stage a reported checkout stage (SPEC §4) counts for. */
export function funnelStageOfCheckoutStage(stage: string): FunnelStage | undefined {
  if (stage === 'Add to Cart') return 'add_to_cart';
  if (stage === 'Checkout View') return 'passengers';
  if (stage === 'Fetch Paygates' || stage === 'Payment' || stage === 'Payment only') return 'payment';
  return undefined;
}

interface PathElement {
  tagName: string;
  id: string;
  parentElement: PathElement | null;
  getAttribute(name: string): string | null;
}

/**
 * The clicked element and its ancestors as short selectors, innermost first, at most
 * CLICK_PATH_MAX_ANCESTORS of them (SPEC §9). Only tag, id and data-analytics names: never text
 * or values, which could hold what a traveller typed.
 */
export function clickPath(target: PathElement | null): string[] {
  const path: string[] = [];
  for (let node = target; node && path.length < CLICK_PATH_MAX_ANCESTORS; node = node.parentElement) {
    const name = node.tagName.toLowerCase();
    const mark = node.getAttribute('data-analytics');
    path.push(`${name}${node.id ? `#${node.id}` : ''}${mark ? `[${mark}]` : ''}`);
  }
  return path;
}

/** Ad click ids kept from a landing address (Google, Microsoft, Meta, TikTok, Yandex, X, LinkedIn…). */
export const CLICK_ID_PARAMS = [
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'msclkid',
  'fbclid',
  'ttclid',
  'yclid',
  'twclid',
  'li_fat_id',
] as const;

/** The ad click ids of a landing address's query, each cut to 200 characters. */
export function clickIdsFrom(search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const ids: Record<string, string> = {};
  for (const name of CLICK_ID_PARAMS) {
    const value = params.get(name);
    if (value) ids[name] = value.slice(0, 200);
  }
  return ids;
}

/** The partner's affiliate id a landing address may carry (`?aid=` or `?affiliate_id=`). */
export function affiliateIdFrom(search: string): string | undefined {
  const params = new URLSearchParams(search);
  const value = params.get('aid') ?? params.get('affiliate_id');
  return value && /^[\w.-]{1,64}$/.test(value) ? value : undefined;
}
