/**
 * Everything a checkout step needs about one cart: the cart with display details, the
 * passenger fields its operators require, the add-on options priced in the cart's currency,
 * and the booking holding its seats, if any.
 */
import {
  addonLines,
  addonValueOfRows,
  INSURANCE_OPTIONS,
  localMinus,
  LUGGAGE_OPTIONS,
  luggageLabel,
  MAX_ADDON_QUANTITY,
  pickupOptions,
  type AddonLine,
} from '../../domain/checkout/addons.ts';
import { passengerFields, type FieldSet } from '../../domain/checkout/fields.ts';
import { classChoices, type ClassChoice } from '../../domain/cart/quote.ts';
import { addonsSchema, type Addons } from '../../domain/checkout/validation.ts';
import { convertMinor, toMoney, type Money } from '../../domain/search/money.ts';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import type { Translate } from '../../i18n/translate.ts';
import { cartTotal, loadCart, type LoadedCart } from '../cart/cart.ts';
import { cartViewV2, type CartViewV2 } from '../cart/view.ts';
import type { Db } from '../db/client.ts';
import { bookingsOfCart, leadBooking, type BookingRow } from '../booking/bookings.ts';
import type { AddonOffer } from '../../domain/checkout/addonOffer.ts';

export type { AddonOffer };

export interface CheckoutContext {
  loaded: LoadedCart;
  view: CartViewV2;
  fields: FieldSet;
  /** The booking the step acts on: the cart's booking, or of a cart paid in parts the next part to pay. */
  booking: BookingRow | undefined;
  /** Every booking of the cart: one, or one per payment part (issue 26), a lapsed part included as released. */
  bookings: BookingRow[];
  fromThb: (thbMinor: number) => number;
  pickups: ReturnType<typeof pickupOptions>;
  fareMinor: number;
  /** BCP 47 code of the traveller's language (names, class names, units) */
  localeCode: string;
}

/**
 * The checkout route's data, read once per request by the checkout middleware (src/server/checkout/
 * middleware.ts) and kept on `Astro.locals.checkout`: the cart this visitor may open, its bookings.
 */
export interface CheckoutRoute {
  hash: string;
  loaded: LoadedCart;
  bookings: BookingRow[];
}

export async function checkoutContext(
  db: Db,
  index: TimetableIndex,
  hash: string,
  localeCode: string,
  now: Date,
): Promise<CheckoutContext | undefined> {
  const loaded = await loadCart(db, hash);
  if (!loaded) return undefined;
  return checkoutContextOf({ loaded, bookings: await bookingsOfCart(db, loaded.cart.id, now) }, index, localeCode);
}

/** The context shaped from a cart and its bookings already read (the checkout middleware's, on `locals.checkout`). */
export function checkoutContextOf(
  { loaded, bookings }: Pick<CheckoutRoute, 'loaded' | 'bookings'>,
  index: TimetableIndex,
  localeCode: string,
): CheckoutContext {
  const view = cartViewV2(loaded, index, localeCode);
  // Each leg's class and each other product's kind decide the passenger details asked for
  // (src/domain/checkout/fields.ts: a rail pass asks the birth date its age-based fare rests on).
  const classes = [...view.items.flatMap((i) => i.legs.map((l) => l.vehclass ?? 'bus')), ...loaded.products.map((p) => p.kind)];
  const first = view.items[0]?.legs[0];
  const currency = loaded.cart.currency;
  return {
    loaded,
    view,
    fields: passengerFields(classes),
    booking: leadBooking(bookings),
    bookings,
    fromThb: (thb) => convertMinor(thb, 'THB', currency, index.fx) ?? thb,
    pickups: first ? pickupOptions(first.dep_time, first.from.name, localMinus) : [],
    fareMinor: cartTotal(loaded),
    localeCode,
  };
}

export function addonOffer(ctx: CheckoutContext, index: TimetableIndex, t: Translate): AddonOffer {
  const currency = ctx.loaded.cart.currency;
  const money = (minor: number) => toMoney(minor, currency, index.fx);
  return {
    insurance: INSURANCE_OPTIONS.map((o) => ({
      value: o.value,
      text: t(o.text),
      data: { pack: o.data.pack, label: t(o.data.label) },
      price: money(Math.round((ctx.fareMinor * o.pct) / 100)),
    })),
    luggage: {
      options: LUGGAGE_OPTIONS.map((o) => ({
        value: o.value,
        label: luggageLabel(o.value, ctx.localeCode),
        price: money(ctx.fromThb(o.thbMinor)),
      })),
      max: MAX_ADDON_QUANTITY,
      // What the held booking chose (a traveller back from confirmation), in the field's comma-separated form.
      value: addonValueOfRows(addonsSchema.safeParse(ctx.booking?.addons).data?.luggage ?? []),
    },
    pickup: ctx.pickups.map((p) => ({
      value: p.value,
      arrival_datetime: p.arrival_datetime,
      arrival_station_name: p.arrival_station_name,
      price: money(ctx.fromThb(p.thbMinor)),
    })),
  };
}

export function priceAddons(ctx: CheckoutContext, addons: Addons, fareMinor = ctx.fareMinor): AddonLine[] | 'unknown_addon' {
  return addonLines(addons, { fromThb: ctx.fromThb, fareMinor, people: ctx.loaded.cart.people }, ctx.pickups);
}

export interface Totals {
  fare: Money;
  addons: (AddonLine & { amount: Money })[];
  total: Money;
}

export function totals(ctx: CheckoutContext, index: TimetableIndex, lines: readonly AddonLine[]): Totals {
  const currency = ctx.loaded.cart.currency;
  const extra = lines.reduce((s, l) => s + l.amountMinor, 0);
  return {
    fare: toMoney(ctx.fareMinor, currency, index.fx),
    addons: lines.map((l) => ({ ...l, amount: toMoney(l.amountMinor, currency, index.fx) })),
    total: toMoney(ctx.fareMinor + extra, currency, index.fx),
  };
}

/** The classes a traveller may switch each leg of the cart to (shown where there is a choice). */
export interface LegClassChoices {
  item: number;
  leg: number;
  from: string;
  to: string;
  current: number;
  options: (Omit<ClassChoice, 'unitPriceMinor' | 'currency' | 'fullRefundUntil'> & { price: Money; refundable: boolean })[];
}

export function legClassChoices(ctx: CheckoutContext, index: TimetableIndex, now: number): LegClassChoices[] {
  const { cart } = ctx.loaded;
  const roundTrip = ctx.loaded.items.length === 2;
  return ctx.loaded.items.flatMap((item, i) =>
    item.legs.map((leg) => {
      const details = ctx.view.items[i]?.legs[leg.legIndex];
      const options = classChoices(index, item.tripKey.split('~')[leg.legIndex] ?? '', {
        currency: cart.currency,
        now,
        roundTrip,
        people: cart.people,
        current: leg.travelOptionId,
      });
      return {
        item: i,
        leg: leg.legIndex,
        from: details?.from.name ?? '',
        to: details?.to.name ?? '',
        current: leg.travelOptionId,
        options: options.map(({ unitPriceMinor, currency, fullRefundUntil, ...o }) => ({
          ...o,
          price: toMoney(unitPriceMinor, currency, index.fx),
          refundable: fullRefundUntil !== null,
        })),
      };
    }),
  );
}
