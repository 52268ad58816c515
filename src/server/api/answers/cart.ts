/** Success answers of the cart and checkout calls (server/cart/view.ts, server/checkout/context.ts). */
import { z } from 'zod';
import { FIELD_ORDER, type PassengerField } from '../../../domain/checkout/fields.ts';
import type { CartView, CartViewV2 } from '../../cart/view.ts';
import type { AddonOffer } from '../../checkout/context.ts';
import { describes, instant, moneySchema } from './common.ts';

const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
const passengerField = z.enum(FIELD_ORDER as [PassengerField, ...PassengerField[]]);

const cartBase = {
  hash: z.string(),
  status: z.string(),
  frozen: z.boolean(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  people: z.number().int().positive(),
  unit_price: moneySchema.meta({ description: 'What each passenger pays for the departure seats.' }),
  total: moneySchema.meta({ description: "The seats for every passenger plus each other product line's own total." }),
};
/**
 * A product line as its product stores it (a pass, an add-on): each product kind has its own
 * fields (server/products), so the line is open-ended here.
 */
const productLine = z.object({ kind: z.string(), line: z.record(z.string(), z.unknown()), price: moneySchema });

export const cartAnswer = describes<CartView>()(
  z.object({
    ...cartBase,
    items: z.array(
      z.object({
        trip_key: z.string(),
        option_ids: z.array(z.number().int()),
        legs: z.array(
          z.object({ schedule_id: z.number().int(), travel_option_id: z.number().int(), service_date: z.iso.date(), price: moneySchema }),
        ),
      }),
    ),
    products: z.array(productLine),
  }),
);

const station = z.object({
  id: z.number().int(),
  name: z.string(),
  local_name: z.string().meta({ description: 'The name a driver reads.' }),
});
const legDetails = z.object({
  from: station,
  to: station,
  dep_time: localDateTime,
  arr_time: localDateTime,
  departure_time_zone: z.string(),
  arrival_time_zone: z.string(),
  operator: z.object({ id: z.number().int(), name: z.string(), confirmation: z.enum(['instant', 'manual']) }).nullable(),
  class_name: z.string(),
  vehclass: z.string().nullable(),
  price: moneySchema,
  departure_at: instant,
  arrival_at: instant,
});

export const cartV2Answer = describes<CartViewV2>()(
  z.object({
    ...cartBase,
    items: z.array(
      z.object({
        trip_key: z.string(),
        option_ids: z.array(z.number().int()),
        direction: z.enum(['outbound', 'return']),
        legs: z.array(legDetails),
      }),
    ),
    products: z.array(
      productLine.extend({
        title: z.string(),
        details: z.array(z.string()),
        validFrom: z.iso.date(),
        validUntil: z.iso.date().nullable(),
        holders: z.array(z.string()).optional(),
      }),
    ),
  }),
);

/** The passenger fields the cart's operators require, and those the form shows. */
export const fieldSet = z.object({ required: z.array(passengerField), shown: z.array(passengerField) });

const addonLine = z.object({
  kind: z.enum(['insurance', 'luggage', 'pickup']),
  value: z.string(),
  quantity: z.number().int(),
  amountMinor: z.number().int(),
  amount: moneySchema,
});
export const totalsAnswer = z.object({ fare: moneySchema, addons: z.array(addonLine), total: moneySchema });

export const checkoutBooking = z
  .object({ id: z.uuid(), reference: z.string(), status: z.string(), total: moneySchema, hold_expires_at: instant })
  .nullable()
  .meta({ description: "The cart's held booking, null before the traveller reserves." });

const seatMap = z.object({
  leg: z.number().int().positive().meta({ description: 'The cart leg; the booking form names it in `seats[].leg`.' }),
  vehicle: z.string(),
  taken: z.array(z.string()).meta({ description: 'Places another booking holds or bought.' }),
  decks: z.array(
    z.object({
      deck: z.enum(['main', 'lower', 'upper']),
      kind: z.enum(['seat', 'berth']),
      pattern: z.string().meta({ description: 'Letters across the vehicle, `_` for the aisle.' }),
      rows: z.array(
        z.object({
          row: z.number().int().positive(),
          places: z.array(z.object({ code: z.string(), position: z.enum(['window', 'aisle', 'middle']) }).nullable()),
        }),
      ),
    }),
  ),
});
/** The add-ons the checkout offers (server/checkout/context.ts AddonOffer), priced in the cart's currency. */
const addonOffer = describes<AddonOffer>()(
  z.object({
    insurance: z.array(
      z.object({ value: z.string(), text: z.string(), data: z.object({ pack: z.string(), label: z.string() }), price: moneySchema }),
    ),
    luggage: z.object({
      options: z.array(z.object({ value: z.string(), label: z.string(), price: moneySchema })),
      max: z.number().int(),
      value: z.string().meta({ description: "The held booking's choice, comma-separated." }),
    }),
    pickup: z.array(z.object({ value: z.string(), arrival_datetime: z.string(), arrival_station_name: z.string(), price: moneySchema })),
  }),
);

/**
 * Issue 26 split payment: one payment part of a checkout — the shop's, or an operator's that
 * collects its own payment — with its legs, its money and, once reserved, its own booking.
 */
export const paymentPartAnswer = z.object({
  key: z.string().meta({ description: '`shop`, or `operator:{id}` for an operator collecting its own payment.' }),
  collector: z.string().nullable().meta({ description: 'The collecting operator’s name; null when the shop collects.' }),
  legs: z.array(
    z.object({ item: z.number().int().min(0), leg: z.number().int().min(0), from: z.string(), to: z.string(), dep_time: z.string() }),
  ),
  fare: moneySchema,
  addons: moneySchema.meta({ description: 'Add-ons and other products this part carries (the first part carries them).' }),
  total: moneySchema,
  booking: z.object({ id: z.uuid(), status: z.string() }).nullable().meta({ description: 'The part’s booking once reserved.' }),
});

export const CART_ANSWERS = {
  /** GET checkout: the cart, the fields its operators require, the add-ons, the held booking, the totals and the seat maps. */
  checkout: z.object({
    cart: cartV2Answer,
    fields: fieldSet,
    addons: addonOffer,
    booking: checkoutBooking,
    totals: totalsAnswer,
    seat_maps: z.array(seatMap),
  }),
  cart: cartAnswer,
  cartV2: cartV2Answer,
  checkoutSplit: z.object({ parts: z.array(paymentPartAnswer), fields: fieldSet }),
  bookingForm: z.object({
    valid: z.literal(true),
    // The form as parsed with this cart's rules (bookingFormSchema, built per cart): its shape is the request's.
    form: z.looseObject({ passengers: z.array(z.record(z.string(), z.unknown())) }),
    totals: totalsAnswer,
  }),
  classChanged: z.object({ cart: cartV2Answer, booking: checkoutBooking, totals: totalsAnswer }),
} as const;

export type CartAnswer = z.output<typeof cartAnswer>;
export type CartV2Answer = z.output<typeof cartV2Answer>;
export type TotalsAnswer = z.output<typeof totalsAnswer>;
export type CheckoutAnswer = z.output<typeof CART_ANSWERS.checkout>;
export type CheckoutSplitAnswer = z.output<typeof CART_ANSWERS.checkoutSplit>;
export type ClassChangedAnswer = z.output<typeof CART_ANSWERS.classChanged>;
