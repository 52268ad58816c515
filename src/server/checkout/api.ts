/**
 * Checkout endpoints (SPEC §7): checkout, checkout/split, validate/form, checkout/booking-form,
 * checkout/reserve/{hash}, total/{hash}, total/split/{hash}, paygates/{hash},
 * paygates/split/{hash}. The form is validated here with the same zod rules the island uses.
 * "Split" answers carry one part per trip of the cart (outbound, return), each with its own
 * total, for paying them separately.
 */
import { isHolding } from '../../domain/booking/lifecycle.ts';
import type { ChangeContext } from '../../domain/booking/actor.ts';
import type { APIContext } from 'astro';
import { z } from 'zod';
import { bookingFormSchema, formErrors, addonsSchema, type BookingForm } from '../../domain/checkout/validation.ts';
import { toMoney } from '../../domain/search/money.ts';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import { apiError } from '../api/errors.ts';
import { cartHashQuery } from '../cart/api.ts';
import type { Db } from '../db/client.ts';
import { cartOpenTo } from '../booking/access.ts';
import { reserveCart } from '../booking/reserve.ts';
import { changeDetails } from '../booking/lifecycle/changes.ts';
import { travellerContext } from '../booking/requestContext.ts';
import { logCheckoutStage } from '../booking/log.ts';
import { parseBookingEnv } from '../booking/config.ts';
import { PAYGATES } from '../payment/paygates.ts';
import { getSearchIndex } from '../search/cache.ts';
import { indexError, json } from '../search/http.ts';
import { queryObject } from '../search/params.ts';
import { addonOffer, checkoutContext, priceAddons, totals, type CheckoutContext } from './context.ts';
import { changeCartClass, changeClassBody, type ChangeClassInput, type ChangeClassResult } from '../cart/changeClass.ts';
import { crashPoint } from '../crashPoints.ts';

type Ctx = Pick<APIContext, 'request' | 'url' | 'locals' | 'params'>;

export interface CheckoutApiOptions {
  db?: Db;
  now?: () => number;
  holdMinutes?: number;
}

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * Request bodies. The envelopes take `hash` and `form` as they come: the hash is then checked by
 * cartHashQuery (its own `invalid_cart` answer) and the form by bookingFormSchema, whose
 * required passenger fields depend on the cart's operators.
 */
export const formEnvelopeBody = z.object({ hash: z.unknown(), form: z.unknown() });
export const reserveBody = z.object({ form: z.unknown() });
export const totalBody = z.object({ addons: addonsSchema.default({ insurance: null, luggage: [], pickup: null }) });

async function body(ctx: Ctx): Promise<unknown> {
  try {
    return await ctx.request.json();
  } catch {
    return undefined;
  }
}

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
  const holdMinutes = () => options.holdMinutes ?? parseBookingEnv().HOLD_MINUTES;
  const database = async () => options.db ?? (await import('../db/index.ts').then((m) => m.getDbHandle())).db;

  /** Index + checkout context for the hash, or the error answer. */
  async function load(ctx: Ctx, rawHash: unknown) {
    // Parsed as { hash } so that a refusal names the field.
    const parsed = cartHashQuery.safeParse({ hash: rawHash });
    if (!parsed.success) return apiError(ctx.locals.t, 'invalid_cart', 400, parsed.error);
    const hash = { data: parsed.data.hash };
    let index: TimetableIndex;
    try {
      index = await getSearchIndex(options.db, now());
    } catch (error) {
      return indexError(ctx.locals.t, error);
    }
    const db = await database();
    const cc = await checkoutContext(db, index, hash.data, ctx.locals.locale.code, new Date(now()));
    // Once the cart has a booking the hash is no key: a stranger is told what an unknown cart is told.
    if (!cc || !(await cartOpenTo(db, ctx.request, cc.loaded.cart.id, new Date(now()))))
      return apiError(ctx.locals.t, 'cart_not_found', 404);
    return { index, db, cc, hash: hash.data };
  }

  function validate(cc: CheckoutContext, form: unknown) {
    const today = new Date(now()).toISOString().slice(0, 10);
    return bookingFormSchema(cc.fields.required, today, cc.loaded.cart.people).safeParse(form);
  }

  function formError(ctx: Ctx, error: z.ZodError): Response {
    const response = apiError(ctx.locals.t, 'invalid_booking_form', 422);
    return new Response(
      JSON.stringify({
        error: { code: 'invalid_booking_form', message: ctx.locals.t('apiError.invalid_booking_form'), fields: formErrors(error) },
      }),
      { status: response.status, headers: response.headers },
    );
  }

  function parts(cc: CheckoutContext, index: TimetableIndex) {
    const currency = cc.loaded.cart.currency;
    return cc.loaded.items.map((item, i) => {
      const fare = item.legs.reduce((s, l) => s + l.unitPriceMinor, 0) * cc.loaded.cart.people;
      return { part: i, trip_key: item.tripKey, direction: i === 0 ? 'outbound' : 'return', total: toMoney(fare, currency, index.fx) };
    });
  }

  return {
    /** GET checkout?hash=: the cart, required fields, add-on offers and current booking. */
    async checkout(ctx: Ctx): Promise<Response> {
      const loaded = await load(ctx, queryObject(ctx.url).hash);
      if (loaded instanceof Response) return loaded;
      const { cc, index } = loaded;
      logCheckoutStage('Checkout View', { cart: loaded.hash });
      return json(
        {
          cart: cc.view,
          fields: cc.fields,
          addons: addonOffer(cc, index, ctx.locals.t),
          booking: bookingView(cc, index),
          totals: totals(cc, index, []),
        },
        200,
        NO_STORE,
      );
    },

    async checkoutSplit(ctx: Ctx): Promise<Response> {
      const loaded = await load(ctx, queryObject(ctx.url).hash);
      if (loaded instanceof Response) return loaded;
      return json({ parts: parts(loaded.cc, loaded.index), fields: loaded.cc.fields }, 200, NO_STORE);
    },

    /** POST validate/form {hash, form}: the server's verdict on the form, field by field. */
    async validateForm(ctx: Ctx): Promise<Response> {
      const input = formEnvelopeBody.safeParse(await body(ctx));
      if (!input.success) return apiError(ctx.locals.t, 'invalid_booking_form', 400, input.error);
      const loaded = await load(ctx, input.data.hash);
      if (loaded instanceof Response) return loaded;
      const result = validate(loaded.cc, input.data.form);
      return result.success ? json({ valid: true, fields: {} }, 200, NO_STORE) : formError(ctx, result.error);
    },

    /** POST checkout/booking-form {hash, form}: validated form and its totals, nothing held yet. */
    async bookingForm(ctx: Ctx): Promise<Response> {
      const input = formEnvelopeBody.safeParse(await body(ctx));
      if (!input.success) return apiError(ctx.locals.t, 'invalid_booking_form', 400, input.error);
      const loaded = await load(ctx, input.data.hash);
      if (loaded instanceof Response) return loaded;
      const result = validate(loaded.cc, input.data.form);
      if (!result.success) return formError(ctx, result.error);
      const lines = priceAddons(loaded.cc, result.data.addons);
      if (lines === 'unknown_addon') return apiError(ctx.locals.t, 'unknown_addon', 422);
      return json({ valid: true, form: result.data, totals: totals(loaded.cc, loaded.index, lines) }, 200, NO_STORE);
    },

    /** POST total/{hash} {addons?}: fare, priced add-ons, total. */
    async total(ctx: Ctx): Promise<Response> {
      const loaded = await load(ctx, ctx.params.hash);
      if (loaded instanceof Response) return loaded;
      const raw = ctx.request.method === 'POST' ? await body(ctx) : {};
      const addons = totalBody.safeParse(raw ?? {});
      if (!addons.success) return apiError(ctx.locals.t, 'invalid_booking_form', 400, addons.error);
      const lines = priceAddons(loaded.cc, addons.data.addons);
      if (lines === 'unknown_addon') return apiError(ctx.locals.t, 'unknown_addon', 422);
      return json(totals(loaded.cc, loaded.index, lines), 200, NO_STORE);
    },

    async totalSplit(ctx: Ctx): Promise<Response> {
      const loaded = await load(ctx, ctx.params.hash);
      if (loaded instanceof Response) return loaded;
      return json({ parts: parts(loaded.cc, loaded.index) }, 200, NO_STORE);
    },

    /** POST checkout/reserve/{hash} {form}: validate again, then hold every leg's seats. */
    async reserve(ctx: Ctx): Promise<Response> {
      const loaded = await load(ctx, ctx.params.hash);
      if (loaded instanceof Response) return loaded;
      const { cc, index, db, hash } = loaded;
      const input = reserveBody.safeParse(await body(ctx));
      const result = validate(cc, input.success ? input.data.form : undefined);
      if (!result.success) return formError(ctx, result.error);
      const form: BookingForm = result.data;
      if (priceAddons(cc, form.addons) === 'unknown_addon') return apiError(ctx.locals.t, 'unknown_addon', 422);
      if (cc.booking && isHolding(cc.booking.status)) {
        // Back from the confirmation step to change passengers: the seats stay held, the details change.
        const lines = priceAddons(cc, form.addons);
        const extra = lines === 'unknown_addon' ? 0 : lines.reduce((s, l) => s + l.amountMinor, 0);
        const updated = await changeDetails(
          db,
          cc.booking.id,
          {
            email: form.email,
            passengers: form.passengers.map((p) => ({ ...p })),
            addons: { ...form.addons, phone: form.phone },
            totalMinor: cc.fareMinor + extra,
            now: new Date(now()),
          },
          await travellerContext(ctx, db, now()),
        );
        return json(
          { booking: bookingView({ ...cc, booking: updated ?? cc.booking }, index), pay_url: `/${ctx.locals.locale.segment}/pay/${hash}` },
          200,
          NO_STORE,
        );
      }
      const traveller = await travellerContext(ctx, db, now());
      const reserved = await reserveCart(db, {
        hash,
        loaded: cc.loaded,
        index,
        now: now(),
        holdMinutes: holdMinutes(),
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
        const people = cc.loaded.cart.people;
        const response = apiError(ctx.locals.t, 'price_changed', 409);
        const errorBody = (await response.json()) as { error: Record<string, unknown> };
        return json(
          {
            error: {
              ...errorBody.error,
              old_total: toMoney(reserved.change.quotedMinor * people, currency, index.fx),
              new_total: toMoney(reserved.change.currentMinor * people, currency, index.fx),
            },
          },
          409,
          NO_STORE,
        );
      }
      if (reserved.code === 'sold_out') return apiError(ctx.locals.t, 'sold_out', 409);
      if (reserved.code === 'sales_closed') return apiError(ctx.locals.t, 'sales_closed', 409);
      return apiError(ctx.locals.t, reserved.code, 404);
    },

    /**
     * POST checkout/class/{hash} {item, leg, option, expected?}: another class for one leg of the
     * cart, re-quoted; a held reservation's seats move with it, atomically. Answers the cart and totals.
     */
    async changeClass(ctx: Ctx): Promise<Response> {
      const loaded = await load(ctx, ctx.params.hash);
      if (loaded instanceof Response) return loaded;
      const input = changeClassBody.safeParse(await body(ctx));
      if (!input.success) return apiError(ctx.locals.t, 'invalid_class', 400, input.error);
      const result = await changeClassInCheckout(
        loaded.db,
        loaded.index,
        loaded.cc,
        input.data,
        now(),
        await travellerContext(ctx, loaded.db, now()),
      );
      if (!result.ok) return classChangeError(ctx, result, loaded.cc, loaded.index);
      const fresh = await checkoutContext(loaded.db, loaded.index, loaded.hash, ctx.locals.locale.code, new Date(now()));
      if (!fresh) return apiError(ctx.locals.t, 'cart_not_found', 404);
      return json({ cart: fresh.view, booking: bookingView(fresh, loaded.index), totals: totals(fresh, loaded.index, []) }, 200, NO_STORE);
    },

    /** GET paygates/{hash}: the ways to pay this cart. */
    async paygates(ctx: Ctx): Promise<Response> {
      const loaded = await load(ctx, ctx.params.hash);
      if (loaded instanceof Response) return loaded;
      logCheckoutStage('Fetch Paygates', { cart: loaded.hash });
      return json({ paygates: PAYGATES.map((p) => ({ code: p.code, type: p.type, name: ctx.locals.t(p.labelKey) })) }, 200, NO_STORE);
    },

    async paygatesSplit(ctx: Ctx): Promise<Response> {
      const loaded = await load(ctx, ctx.params.hash);
      if (loaded instanceof Response) return loaded;
      const gates = PAYGATES.map((p) => ({ code: p.code, type: p.type, name: ctx.locals.t(p.labelKey) }));
      return json({ parts: parts(loaded.cc, loaded.index).map((p) => ({ ...p, paygates: gates })) }, 200, NO_STORE);
    },
  };
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

function classChangeError(ctx: Ctx, result: Exclude<ChangeClassResult, { ok: true }>, cc: CheckoutContext, index: TimetableIndex) {
  if (result.code !== 'price_changed') {
    const status = result.code === 'invalid_class' ? 422 : result.code === 'unknown_trip' || result.code === 'no_price' ? 404 : 409;
    return apiError(ctx.locals.t, result.code, status);
  }
  const currency = cc.loaded.cart.currency;
  return json(
    {
      error: {
        code: 'price_changed',
        message: ctx.locals.t('apiError.price_changed'),
        old_price: toMoney(result.expectedMinor, currency, index.fx),
        new_price: toMoney(result.currentMinor, currency, index.fx),
      },
    },
    409,
    NO_STORE,
  );
}

export type CheckoutApi = ReturnType<typeof createCheckoutApi>;

export const checkoutApi: CheckoutApi = createCheckoutApi();
