/**
 * The view models of the checkout steps' pages (src/pages/[lang]/checkout/): what each step shows,
 * shaped from the cart and bookings the checkout middleware read once for the request
 * (`locals.checkout`). A page calls one of these and renders; it never opens the database.
 */
import { formatMoneyValue } from '../../domain/checkout/format.ts';
import { formFromBooking } from '../../domain/checkout/savedPassengers.ts';
import { checkoutPath, unknownCartPath } from '../../domain/checkout/steps.ts';
import { toMoney } from '../../domain/search/money.ts';
import type { Translate } from '../../i18n/translate.ts';
import { cartHashSchema } from '../../domain/cart/cartHash.ts';
import { cartOpenTo, cartSessionKey, newCartSessionKey, ownsCart } from '../booking/access.ts';
import { resumeHeldBooking } from '../booking/resume.ts';
import { travellerContext } from '../booking/requestContext.ts';
import { changeClassBody } from '../cart/changeClass.ts';
import { getDbHandle } from '../db/index.ts';
import { getSearchIndex } from '../search/cache.ts';
import { seatMapView } from '../seats/choice.ts';
import { seatMapsOfCart } from '../seats/seatMaps.ts';
import { changeClassInCheckout } from './api.ts';
import { addonOffer, checkoutContext, checkoutContextOf, legClassChoices, type CheckoutRoute } from './context.ts';
import { stepNoticeQuery } from './notices.ts';

interface StepRequest {
  /** `Astro.locals`: the locale and the middleware's `checkout`. */
  locals: Pick<App.Locals, 'locale' | 'checkout'>;
  hash: string;
}

/** The middleware's cart for this hash; absent means the middleware did not pass this request for this cart. */
function routeOf({ locals, hash }: StepRequest): CheckoutRoute | undefined {
  return locals.checkout?.hash === hash ? locals.checkout : undefined;
}

/** Step 0, the trip: the notices its address carries, the fare moved since the cards, the class choices. */
export async function tripStepView(request: StepRequest & { url: URL }, now = Date.now()) {
  const { locale } = request.locals;
  const route = routeOf(request);
  if (!route) return { kind: 'redirect', to: unknownCartPath(locale.segment) } as const;
  const index = await getSearchIndex();
  const cc = checkoutContextOf(route, index, locale.code);
  const notice = stepNoticeQuery.safeParse(Object.fromEntries(request.url.searchParams));
  const query = notice.success ? notice.data : {};
  const money = (minor: number) => formatMoneyValue(toMoney(minor, cc.loaded.cart.currency, index.fx), locale.code);
  const unitMinor = cc.view.unit_price.minor;
  // The cards said another price per person than the fare quoted now: both, and why, before anything is held.
  const moved =
    query.seen !== undefined && query.seen !== unitMinor && !cc.booking ? { old: money(query.seen), new: money(unitMinor) } : undefined;
  return { kind: 'page', cc, query, money, moved, choices: legClassChoices(cc, index, now) } as const;
}

/** Step 1, passengers: the add-on offer, the held booking's details for whoever owns the cart, the seat maps. */
export async function passengersStepView(request: StepRequest & { request: Request; t: Translate }, now = new Date()) {
  const route = routeOf(request);
  if (!route) return { kind: 'redirect', to: unknownCartPath(request.locals.locale.segment) } as const;
  const { db } = await getDbHandle();
  const index = await getSearchIndex(db);
  const cc = checkoutContextOf(route, index, request.locals.locale.code);
  const offer = addonOffer(cc, index, request.t);
  const booking = cc.booking;
  // The middleware let through whoever may open the cart; the passengers shown need its owner.
  const held =
    booking &&
    (booking.status === 'reserved' || booking.status === 'awaiting_payment') &&
    (await ownsCart(db, request.request, cc.loaded.cart.id, now))
      ? formFromBooking(booking, cc.loaded.cart.people, offer.luggage.options[0]?.value ?? '20kg')
      : undefined;
  // Seat maps of the legs whose operator assigns seats; a held booking keeps the places it has.
  const legViews = cc.view.items.flatMap((item) => item.legs);
  const cartLegIds = cc.loaded.items.flatMap((item) => item.legs.map((leg) => leg.id));
  const seatMaps = held
    ? []
    : (await seatMapsOfCart(db, cc.loaded, now)).map((map) => {
        const view = legViews[cartLegIds.indexOf(map.leg)];
        return { ...seatMapView(map), from: view?.from.name ?? '', to: view?.to.name ?? '' };
      });
  return { kind: 'page', cc, offer, held, seatMaps } as const;
}

/** Step 2, confirmation: the held booking and the minutes its hold has left; without one, back to passengers. */
export async function confirmationStepView(request: StepRequest, now = Date.now()) {
  const { locale } = request.locals;
  const route = routeOf(request);
  const index = await getSearchIndex();
  const cc = route ? checkoutContextOf(route, index, locale.code) : undefined;
  const booking = cc?.booking;
  if (!cc || !booking) return { kind: 'redirect', to: checkoutPath(locale.segment, request.hash, 1) } as const;
  const minutesLeft = Math.max(0, Math.floor((booking.holdExpiresAt.getTime() - now) / 60_000));
  const total = formatMoneyValue(toMoney(booking.totalMinor, booking.currency, index.fx), locale.code);
  return { kind: 'page', cc, booking, minutesLeft, total } as const;
}

/**
 * The trip page's "Change class" form (src/pages/[lang]/checkout/[hash]/class.ts): the same change
 * as the checkout/class API; the answer is where to go next (the trip with `class=changed` or the reason).
 */
export async function changeClassFromForm({
  hashParam,
  request,
  locals,
}: {
  hashParam: string | undefined;
  request: Request;
  locals: App.Locals;
}): Promise<string> {
  const lang = locals.locale.segment;
  const hash = cartHashSchema.safeParse(hashParam);
  if (!hash.success) return unknownCartPath(lang);
  const back = (query: string) => `${checkoutPath(lang, hash.data, 0)}?${query}`;
  let form: Record<string, unknown>;
  try {
    form = Object.fromEntries(await request.formData());
  } catch {
    return back('class=invalid_class');
  }
  // A radio's value is "class:price per person" (the price the page showed for it).
  const [option, expected] = typeof form.choice === 'string' ? form.choice.split(':') : [];
  const number = (value: unknown) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : undefined);
  const input = changeClassBody.safeParse({
    item: number(form.item),
    leg: number(form.leg),
    option: number(option),
    expected: number(expected),
  });
  if (!input.success) return back('class=invalid_class');
  const { db } = await getDbHandle();
  const index = await getSearchIndex(db);
  const now = Date.now();
  const cc = await checkoutContext(db, index, hash.data, locals.locale.code, new Date(now));
  if (!cc || !(await cartOpenTo(db, request, cc.loaded.cart.id, new Date(now)))) return unknownCartPath(lang);
  const result = await changeClassInCheckout(db, index, cc, input.data, now, await travellerContext({ request, locals }, db, now));
  if (result.ok) return back('class=changed');
  if (result.code === 'price_changed')
    return back(`class=price_changed&was=${String(result.expectedMinor)}&is=${String(result.currentMinor)}`);
  return back(`class=${result.code}`);
}

/**
 * `/checkout?resume=` (src/pages/[lang]/checkout/index.astro): the booking lookup's signed link lets
 * this browser continue the held booking. The cart's hash and this browser's cart-session key, or
 * undefined when the link is bad or spent.
 */
export async function resumeFromLink(
  token: string,
  request: Request,
  now = new Date(),
): Promise<{ hash: string; sessionKey: string } | undefined> {
  const { db } = await getDbHandle();
  const sessionKey = cartSessionKey(request) ?? newCartSessionKey();
  const hash = await resumeHeldBooking(db, token, sessionKey, now);
  return hash ? { hash, sessionKey } : undefined;
}
