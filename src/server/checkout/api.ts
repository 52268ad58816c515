/**
 * Checkout endpoints (SPEC §7): checkout, checkout/split, validate/form, checkout/booking-form,
 * checkout/reserve/{hash}, total/{hash}, total/split/{hash}, paygates/{hash},
 * paygates/split/{hash}. The form is validated here with the same zod rules the island uses.
 * "Split" answers carry one entry per payment part (issue 26: the shop's, and one per operator
 * collecting its own payment; src/server/checkout/payParts.ts), each with its own total, legs,
 * and once reserved its own booking — every part is paid on its own.
 */
import { isHolding } from '../../domain/booking/lifecycle.ts';
import type { ChangeContext } from '../../domain/booking/actor.ts';
import type { APIContext } from 'astro';
import { z } from 'zod';
import { bookingFormSchema, formErrors, addonsSchema, type BookingForm } from '../../domain/checkout/validation.ts';
import { toMoney } from '../../domain/search/money.ts';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import { ApiError } from '../api/errors.ts';
import { endpoints, json, NO_STORE, parseInput, queryObject, readJson } from '../api/http.ts';
import { cartHashQuery } from '../../domain/cart/cartHash.ts';
import type { Db } from '../db/client.ts';
import { cartOpenTo } from '../booking/access.ts';
import { reserveCart } from '../booking/reserve.ts';
import { changeDetails } from '../booking/lifecycle/changes.ts';
import { travellerContext } from '../booking/requestContext.ts';
import { logCheckoutStage } from '../booking/log.ts';
import { siteSetting } from '../settings/settings.ts';
import { PAYGATES } from '../payment/paygates.ts';
import { getSearchIndex } from '../search/cache.ts';
import { cartPaymentParts } from './payParts.ts';
import type { BookingRow } from '../booking/bookings.ts';
import { addonOffer, checkoutContext, priceAddons, totals, type CheckoutContext } from './context.ts';
import { changeCartClass, changeClassBody, type ChangeClassInput, type ChangeClassResult } from '../cart/changeClass.ts';
import { crashPoint } from '../crashPoints.ts';
import { seatMapsOfCart } from '../seats/seatMaps.ts';
import { chosenSeatsOfForm, seatMapView } from '../seats/choice.ts';

type Ctx = Pick<APIContext, 'request' | 'url' | 'locals' | 'params'>;

export interface CheckoutApiOptions {
  db?: Db;
  now?: () => number;
  holdMinutes?: number;
}

/**
 * Request bodies. The envelopes take `hash` and `form` as they come: the hash is then checked by
 * cartHashQuery (its own `invalid_cart` answer) and the form by bookingFormSchema, whose
 * required passenger fields depend on the cart's operators.
 */
export const formEnvelopeBody = z.object({ hash: z.unknown(), form: z.unknown() });
export const reserveBody = z.object({ form: z.unknown() });
export const totalBody = z.object({ addons: addonsSchema.default({ insurance: null, luggage: [], pickup: null }) });

const body = (ctx: Ctx) => readJson(ctx.request);

function bookingView(ctx: CheckoutContext, index: TimetableIndex) {
  const b = ctx.booking;
  return b
    ? {
        id: b.publicId,
        reference: b.reference,
        status: b.status,
        total: toMoney(b.totalMinor, b.currency, index.fx),
        hold_expires_at: b.holdExpiresAt.toISOString(),
      }
    : null;
}

export function createCheckoutApi(options: CheckoutApiOptions = {}) {
  const now = options.now ?? (() => Date.now());
  // The site setting admins may change at run time (src/server/settings/), else the configured default.
  const holdMinutes = async (db: Db) => options.holdMinutes ?? (await siteSetting(db, 'holdMinutes', now()));
  const database = async () => options.db ?? (await import('../db/index.ts').then((m) => m.getDbHandle())).db;

  /** Index + checkout context for the hash. */
  async function load(ctx: Ctx, rawHash: unknown) {
    // Parsed as { hash } so that a refusal names the field.
    const { hash } = parseInput(cartHashQuery, { hash: rawHash }, 'invalid_cart');
    const index = await getSearchIndex(options.db, now());
    const db = await database();
    const cc = await checkoutContext(db, index, hash, ctx.locals.locale.code, new Date(now()));
    // Once the cart has a booking the hash is no key: a stranger is told what an unknown cart is told.
    if (!cc || !(await cartOpenTo(db, ctx.request, cc.loaded.cart.id, new Date(now())))) throw new ApiError('cart_not_found');
    return { index, db, cc, hash };
  }

  /** The form checked against the cart's rules; a failure names every field (formErrors: the island's keys). */
  function validate(cc: CheckoutContext, form: unknown): BookingForm {
    const today = new Date(now()).toISOString().slice(0, 10);
    const result = bookingFormSchema(cc.fields.required, today, cc.loaded.cart.people).safeParse(form);
    if (!result.success) throw new ApiError('invalid_booking_form', { fields: formErrors(result.error) });
    return result.data;
  }

  function addonLines(cc: CheckoutContext, addons: BookingForm['addons']) {
    const lines = priceAddons(cc, addons);
    if (lines === 'unknown_addon') throw new ApiError('unknown_addon');
    return lines;
  }

  return endpoints({
    /** GET checkout?hash=: the cart, required fields, add-on offers and current booking. */
    async checkout(ctx: Ctx): Promise<Response> {
      const loaded = await load(ctx, queryObject(ctx.url).hash);
      const { cc, index } = loaded;
      logCheckoutStage('Checkout View', { cart: loaded.hash });
      const maps = await seatMapsOfCart(loaded.db, cc.loaded, new Date(now()));
      return json(
        {
          cart: cc.view,
          fields: cc.fields,
          addons: addonOffer(cc, index, ctx.locals.t),
          booking: bookingView(cc, index),
          totals: totals(cc, index, []),
          seat_maps: maps.map(seatMapView),
        },
        200,
        NO_STORE,
      );
    },

    async checkoutSplit(ctx: Ctx): Promise<Response> {
      const loaded = await load(ctx, queryObject(ctx.url).hash);
      return json({ parts: await cartPaymentParts(loaded.db, loaded.cc, loaded.index), fields: loaded.cc.fields }, 200, NO_STORE);
    },

    /** POST validate/form {hash, form}: the server's verdict on the form, field by field. */
    async validateForm(ctx: Ctx): Promise<Response> {
      const input = parseInput(formEnvelopeBody, await body(ctx), 'invalid_booking_form');
      const loaded = await load(ctx, input.hash);
      validate(loaded.cc, input.form);
      return json({ valid: true, fields: {} }, 200, NO_STORE);
    },

    /** POST checkout/booking-form {hash, form}: validated form and its totals, nothing held yet. */
    async bookingForm(ctx: Ctx): Promise<Response> {
      const input = parseInput(formEnvelopeBody, await body(ctx), 'invalid_booking_form');
      const loaded = await load(ctx, input.hash);
      const form = validate(loaded.cc, input.form);
      const lines = addonLines(loaded.cc, form.addons);
      return json({ valid: true, form, totals: totals(loaded.cc, loaded.index, lines) }, 200, NO_STORE);
    },

    /** POST total/{hash} {addons?}: fare, priced add-ons, total. */
    async total(ctx: Ctx): Promise<Response> {
      const loaded = await load(ctx, ctx.params.hash);
      const raw = ctx.request.method === 'POST' ? await body(ctx) : {};
      const { addons } = parseInput(totalBody, raw ?? {}, 'invalid_booking_form');
      const lines = addonLines(loaded.cc, addons);
      return json(totals(loaded.cc, loaded.index, lines), 200, NO_STORE);
    },

    async totalSplit(ctx: Ctx): Promise<Response> {
      const loaded = await load(ctx, ctx.params.hash);
      return json({ parts: await cartPaymentParts(loaded.db, loaded.cc, loaded.index) }, 200, NO_STORE);
    },

    /** POST checkout/reserve/{hash} {form}: validate again, then hold every leg's seats. */
    async reserve(ctx: Ctx): Promise<Response> {
      const { cc, index, db, hash } = await load(ctx, ctx.params.hash);
      const input = reserveBody.safeParse(await body(ctx));
      const form = validate(cc, input.success ? input.data.form : undefined);
      addonLines(cc, form.addons);
      if (cc.booking && isHolding(cc.booking.status)) {
        // Back from the confirmation step to change passengers: the seats stay held, the details change.
        const extra = addonLines(cc, form.addons).reduce((s, l) => s + l.amountMinor, 0);
        const changeCtx = await travellerContext(ctx, db, now());
        const details = (totalMinor: number) => ({
          email: form.email,
          passengers: form.passengers.map((p) => ({ ...p })),
          addons: { ...form.addons, phone: form.phone },
          totalMinor,
          now: new Date(now()),
        });
        // A cart paid in parts (issue 26): every part still held takes the new details; each keeps
        // its own fare, and only the part carrying the extras takes the add-ons' price.
        for (const part of cc.bookings)
          if (part.paymentPart !== null && part.id !== cc.booking.id && isHolding(part.status))
            await changeDetails(db, part.id, details(partTotal(cc, part, extra)), changeCtx);
        const updated = await changeDetails(
          db,
          cc.booking.id,
          details(cc.booking.paymentPart === null ? cc.fareMinor + extra : partTotal(cc, cc.booking, extra)),
          changeCtx,
        );
        return json(
          { booking: bookingView({ ...cc, booking: updated ?? cc.booking }, index), pay_url: `/${ctx.locals.locale.segment}/pay/${hash}` },
          200,
          NO_STORE,
        );
      }
      // Places chosen on the seat maps: real places of the leg's vehicle (taken ones are the hold's to refuse).
      const seats = form.seats ? chosenSeatsOfForm(form.seats, await seatMapsOfCart(db, cc.loaded, new Date(now()))) : undefined;
      const traveller = await travellerContext(ctx, db, now());
      const reserved = await reserveCart(db, {
        hash,
        loaded: cc.loaded,
        index,
        now: now(),
        holdMinutes: await holdMinutes(db),
        // A signed-in traveller's booking belongs to their account; a visitor's stays a guest booking.
        userId: traveller.actor.userId,
        ctx: traveller,
        email: form.email,
        passengers: form.passengers.map((p) => ({ ...p })),
        addons: { ...form.addons, phone: form.phone },
        extraMinor: (fare) => {
          const lines = priceAddons(cc, form.addons, fare);
          return lines === 'unknown_addon' ? 0 : lines.reduce((s, l) => s + l.amountMinor, 0);
        },
        ...(seats ? { seats } : {}),
      });
      logCheckoutStage('Create and reserve booking cart', { cart: hash, ok: reserved.ok, ...(reserved.ok ? {} : { code: reserved.code }) });
      if (reserved.ok) {
        crashPoint('after-hold');
        const b = reserved.booking;
        return json(
          {
            booking: {
              id: b.publicId,
              reference: b.reference,
              status: 'reserved',
              total: toMoney(b.totalMinor, b.currency, index.fx),
              hold_expires_at: b.holdExpiresAt.toISOString(),
            },
            pay_url: `/${ctx.locals.locale.segment}/pay/${hash}`,
          },
          201,
          NO_STORE,
        );
      }
      if (reserved.code === 'price_changed') {
        logCheckoutStage('Price Changed', { cart: hash, ...reserved.change });
        const currency = cc.loaded.cart.currency;
        // The change is between the cart's totals (fares of every line for all its travellers).
        throw new ApiError('price_changed', {
          extra: {
            old_total: toMoney(reserved.change.quotedMinor, currency, index.fx),
            new_total: toMoney(reserved.change.currentMinor, currency, index.fx),
          },
        });
      }
      if (reserved.code === 'seat_taken') throw new ApiError('seat_taken', { extra: { seats: reserved.seats } });
      throw new ApiError(reserved.code);
    },

    /**
     * POST checkout/class/{hash} {item, leg, option, expected?}: another class for one leg of the
     * cart, re-quoted; a held reservation's seats move with it, atomically. Answers the cart and totals.
     */
    async changeClass(ctx: Ctx): Promise<Response> {
      const loaded = await load(ctx, ctx.params.hash);
      const input = parseInput(changeClassBody, await body(ctx), 'invalid_class');
      const result = await changeClassInCheckout(
        loaded.db,
        loaded.index,
        loaded.cc,
        input,
        now(),
        await travellerContext(ctx, loaded.db, now()),
      );
      if (!result.ok) throw classChangeError(result, loaded.cc, loaded.index);
      const fresh = await checkoutContext(loaded.db, loaded.index, loaded.hash, ctx.locals.locale.code, new Date(now()));
      if (!fresh) throw new ApiError('cart_not_found');
      return json({ cart: fresh.view, booking: bookingView(fresh, loaded.index), totals: totals(fresh, loaded.index, []) }, 200, NO_STORE);
    },

    /** GET paygates/{hash}: the ways to pay this cart. */
    async paygates(ctx: Ctx): Promise<Response> {
      const loaded = await load(ctx, ctx.params.hash);
      logCheckoutStage('Fetch Paygates', { cart: loaded.hash });
      return json({ paygates: PAYGATES.map((p) => ({ code: p.code, type: p.type, name: ctx.locals.t(p.labelKey) })) }, 200, NO_STORE);
    },

    async paygatesSplit(ctx: Ctx): Promise<Response> {
      const loaded = await load(ctx, ctx.params.hash);
      const gates = PAYGATES.map((p) => ({ code: p.code, type: p.type, name: ctx.locals.t(p.labelKey) }));
      // Every part is paid through the same paygates, each part on its own booking.
      const parts = await cartPaymentParts(loaded.db, loaded.cc, loaded.index);
      return json({ parts: parts.map((p) => ({ ...p, paygates: gates })) }, 200, NO_STORE);
    },
  });
}

/**
 * A class change from the checkout page or the API: the reservation's add-ons (insurance follows
 * the fare) are priced again for its new total.
 */
export function changeClassInCheckout(
  db: Db,
  index: TimetableIndex,
  cc: CheckoutContext,
  input: ChangeClassInput,
  now: number,
  changeCtx: ChangeContext,
) {
  const booked = addonsSchema.safeParse(cc.booking?.addons ?? {});
  return changeCartClass(db, index, {
    ...input,
    loaded: cc.loaded,
    booking: cc.booking,
    now,
    ctx: changeCtx,
    extraMinor: (fare) => {
      const lines = booked.success ? priceAddons(cc, booked.data, fare) : [];
      return lines === 'unknown_addon' ? 0 : lines.reduce((s, l) => s + l.amountMinor, 0);
    },
  });
}

function classChangeError(result: Exclude<ChangeClassResult, { ok: true }>, cc: CheckoutContext, index: TimetableIndex): ApiError {
  if (result.code !== 'price_changed') return new ApiError(result.code);
  const currency = cc.loaded.cart.currency;
  return new ApiError('price_changed', {
    extra: {
      old_price: toMoney(result.expectedMinor, currency, index.fx),
      new_price: toMoney(result.currentMinor, currency, index.fx),
    },
  });
}

/** A part booking's total: its legs' fares for its travellers, plus the cart's products and add-ons when it carries them. */
function partTotal(cc: CheckoutContext, part: BookingRow, extraMinor: number): number {
  const fare =
    (part.partLegs ?? []).reduce((sum, l) => sum + (cc.loaded.items[l.itemIndex]?.legs[l.legIndex]?.unitPriceMinor ?? 0), 0) * part.people;
  const products = cc.loaded.products.reduce((sum, p) => sum + p.priceMinor, 0);
  return fare + (part.partCarriesExtras ? products + extraMinor : 0);
}

export type CheckoutApi = ReturnType<typeof createCheckoutApi>;

export const checkoutApi: CheckoutApi = createCheckoutApi();
