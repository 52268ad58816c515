/**
 * The OpenAPI 3.1 document of the API (ARCHITECTURE: The API), built from the zod schemas the
 * handlers parse with: each operation below names the exported schema its handler uses, so the
 * document cannot drift from what the server accepts. Served at GET /api/openapi.json.
 *
 * Responses are described generically (most answers have no schema of their own); the error
 * answers are the one envelope of errors.ts, with the codes each operation can send.
 * A test (openapi.test.ts) walks src/pages/api/ and fails for any route missing here.
 */
import { z } from 'zod';
import pkg from '../../../package.json' with { type: 'json' };
import { bookingFormSchema, passengerSchema } from '../../domain/checkout/validation.ts';
import { slugSchema } from '../../domain/content/schemas.ts';
import { SEGMENTS } from '../../i18n/locales.ts';
import { currencyPreferenceBody } from '../../domain/currencyPreference.ts';
import {
  deleteBody,
  emailLinkBody,
  googleBody,
  loginBody,
  otptBody,
  profileBody,
  registerBody,
  resetBody,
  twoFactorBody,
  twoFactorOffBody,
} from '../accounts/http.ts';
import { cartHashQuery, cartHashSchema } from '../../domain/cart/cartHash.ts';
import { bookingReferenceQuery } from '../cart/api.ts';
import { siteOrigin } from '../config.ts';
import { formEnvelopeBody, reserveBody, totalBody } from '../checkout/api.ts';
import { changeClassBody } from '../cart/changeClass.ts';
import { guidesQuery } from '../content/api.ts';
import {
  operatorQuery,
  operatorSlugQuery,
  pageQuery,
  polymorphQuery,
  stationQuery,
  travelReviewsQuery,
  travelRoutesQuery,
} from '../network/api.ts';
import {
  cartRailpassBody,
  railpassCurrencyQuery,
  railpassHybridQuery,
  railpassInfoQuery,
  railpassPageDataQuery,
  railpassRecheckQuery,
  railpassReviewsQuery,
  railpassSearchQuery,
  railpassTypeaheadQuery,
} from '../railpass/api.ts';
import {
  paymentResultQuery,
  placeOrderBody,
  placeOrderByCartHashBody,
  resolveCardBody,
  webhookEventSchema,
  yunoSessionBody,
} from '../payment/api.ts';
import { paymentWebhook } from '../payment/yuno/shapes.ts';
import { webFormCallback } from '../payment/finapi/shapes.ts';
import { finapiCallbackQuery } from '../payment/finapi/callbackSignature.ts';
import { YUNO_SIGNATURE_HEADER } from '../payment/yuno/signature.ts';
import { IDEMPOTENCY_KEY } from '../payment/idempotency.ts';
import { SIGNATURE_HEADER } from '../payment/signature.ts';
import { pageDataQuery, recheckQuery, tripInfoQuery, typeaheadFetchQuery, typeaheadPrefetchQuery } from '../search/api.ts';
import { searchSchema } from '../search/params.ts';
import { ticketLinkQuery } from '../tickets/api.ts';
import { articleQuery, articlesQuery } from '../support/api.ts';
import { sendCaseBody } from '../support/cases.ts';
import { chatLineBody, chatQuery, chatUserIdParam } from '../support/chat.ts';
import { oneClickBody } from '../mail/api.ts';
import { changePassengersBody } from '../selfservice/api.ts';
import { unsubscribeQuery } from '../mail/preferences.ts';
import { API_ERRORS, type ApiErrorCode } from './catalogue.ts';
import { bugReportAnswer, pingAnswer, recordedAnswer } from '../analytics/api.ts';
import { bugReportBody, clientErrorsBody, externalBody, replayBody, visitlogBody } from '../analytics/schemas.ts';
import { ANSWERS } from './answers.ts';
import { ACCOUNT_ANSWERS } from './answers/accounts.ts';
import { BOOKING_ANSWERS } from './answers/booking.ts';
import { CART_ANSWERS } from './answers/cart.ts';
import { CONTENT_ANSWERS } from './answers/content.ts';
import { healthAnswer } from './answers/meta.ts';
import { NETWORK_ANSWERS } from './answers/network.ts';
import { RAILPASS_ANSWERS } from './answers/railpass.ts';
import { ADMIN_ANSWERS, ADMIN_CHANGE_ANSWERS } from '../admin/answers.ts';
import { articleAdminQuery, articleInput } from '../admin/articles.ts';
import { proxyQuery } from '../admin/proxy.ts';
import { seoInput, seoQuery } from '../admin/seo.ts';
import { adminTripInfoQuery } from '../admin/tripInfo.ts';
import { apiErrorBodySchema } from './errors.ts';

type JsonSchema = Record<string, unknown>;
type Method = 'get' | 'post' | 'delete';

/** One operation of the API: where it is, what it reads (as zod schemas) and how it answers. */
export interface ApiOperation {
  method: Method;
  /** OpenAPI path template, e.g. /api/nuxt/{lang}/total/{hash}. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Query strings; each schema is an object whose properties become query parameters. */
  query?: readonly z.ZodType[];
  /** Path parameters other than {lang}; `null` is a raw string the handler checks itself. */
  params?: Readonly<Record<string, z.ZodType | null>>;
  headers?: readonly { name: string; required: boolean; description: string; schema: JsonSchema }[];
  body?: { schema: z.ZodType; type?: 'json' | 'form'; required?: boolean };
  ok: SuccessAnswer;
  /** Adds 304: the answer carries an ETag and honours If-None-Match (api/cachedJson.ts). */
  etag?: boolean;
  /**
   * The codes of the error catalogue (catalogue.ts) the handler may raise; their statuses come
   * from the catalogue. The request guard's codes are added for every operation (declaredCodes).
   */
  errors: readonly ApiErrorCode[];
}

/**
 * How an operation answers success. A JSON answer names its schema (answers/): it is documented,
 * and under the test runner every answer is parsed with it (declared.ts) — an operation cannot be
 * listed without one. Files, pages and redirects name their media type instead.
 */
export type SuccessAnswer =
  { status: number; description: string; type?: 'json'; schema: z.ZodType } | { status: number; description: string; type: NonJsonAnswer };

/** Media types of the answers that are not JSON values; `openapi` is this document (JSON, described by the OpenAPI 3.1 specification). */
const NON_JSON_MEDIA_TYPES = {
  pdf: 'application/pdf',
  ics: 'text/calendar',
  html: 'text/html',
  openapi: 'application/json',
  redirect: undefined,
} as const;
type NonJsonAnswer = keyof typeof NON_JSON_MEDIA_TYPES;

/** The media type a success answer must have (none for a redirect: it has no body). */
export function answerMediaType(ok: SuccessAnswer): string | undefined {
  return ok.type === undefined || ok.type === 'json' ? 'application/json' : NON_JSON_MEDIA_TYPES[ok.type];
}

const nuxt = (path: string) => `/api/nuxt/{lang}/${path}`;

/** Every admin call refuses a visitor, a role the table does not allow, and staff without two-factor. */
const ADMIN_REFUSALS = ['not_signed_in', 'staff_only', 'two_factor_required'] as const satisfies readonly ApiErrorCode[];

/**
 * The checkout form as the document shows it. The handler builds bookingFormSchema per cart
 * (required passenger fields from its operators, one passenger per traveller), so the document
 * shows every passenger field optional and at least one passenger.
 */
const documentedBookingForm = bookingFormSchema([], '1970-01-01', 1).extend({
  passengers: z.array(passengerSchema([], '1970-01-01')).min(1).meta({
    description:
      "One entry per traveller of the cart. Which fields are required depends on the cart's operators: see `fields.required` in GET checkout.",
  }),
});
const documentedFormEnvelope = formEnvelopeBody.extend({ hash: cartHashSchema, form: documentedBookingForm });

const cartHashParam = { hash: cartHashSchema };
const searchQueryNote =
  'One of fromId/fromSlug and one of toId/toSlug is required: a place id (`12`), a station id (`s34`) or a place or station slug.';

const SEARCH_ERRORS: readonly ApiErrorCode[] = ['invalid_search', 'unknown_place', 'search_unavailable'];
const CART_ERRORS: readonly ApiErrorCode[] = ['invalid_cart', 'cart_not_found', 'search_unavailable'];
const NETWORK_ERRORS: readonly ApiErrorCode[] = ['invalid_query', 'search_unavailable'];
const TICKET_ERRORS: readonly ApiErrorCode[] = ['invalid_ticket_link', 'booking_not_found', 'search_unavailable'];
const SIGN_IN_ERRORS: readonly ApiErrorCode[] = ['too_many_attempts'];

export const API_OPERATIONS: readonly ApiOperation[] = [
  // Trips and typeahead (server/search/api.ts)
  ...(['trips/search', 'tripsV2/search'] as const).map((path): ApiOperation => ({
    method: 'get',
    path: nuxt(path),
    tag: 'trips',
    summary: 'Search trips between two places on a date, with recheck URLs and token',
    description: searchQueryNote,
    query: [searchSchema],
    ok: {
      schema: ANSWERS.tripsSearch,
      status: 200,
      description:
        'Trips from the in-memory index; `tripsRecheck` lists the recheck URLs to call with `recheckToken`; `filters` and `transportationTabs` as the results page first shows them.',
    },
    etag: true,
    errors: SEARCH_ERRORS,
  })),
  ...(['trips/recheck', 'tripsV2/recheck'] as const).map((path): ApiOperation => ({
    method: 'get',
    path: nuxt(path),
    tag: 'trips',
    summary: 'Live seats and prices for the trips of one connector',
    query: [recheckQuery],
    ok: { schema: ANSWERS.recheck, status: 200, description: 'The rechecked trips by key, to merge into the search answer.' },
    errors: ['invalid_recheck', 'search_unavailable'],
  })),
  {
    method: 'get',
    path: nuxt('trips/next-dates'),
    tag: 'trips',
    summary: 'The next days with service after the asked one',
    description: searchQueryNote,
    query: [searchSchema],
    ok: { schema: ANSWERS.nextDates, status: 200, description: 'Dates with a localized title.' },
    etag: true,
    errors: SEARCH_ERRORS,
  },
  {
    method: 'get',
    path: nuxt('trips/facts-on-dates'),
    tag: 'trips',
    summary: 'Route facts for a date',
    description: searchQueryNote,
    query: [searchSchema],
    ok: {
      schema: ANSWERS.facts,
      status: 200,
      description:
        'A list of facts — travel facts, the recommended-trip banner and the trip-groups banner (empty when they cannot be computed).',
    },
    etag: true,
    errors: SEARCH_ERRORS,
  },
  {
    method: 'get',
    path: nuxt('trips/page-data'),
    tag: 'trips',
    summary: 'Page data of the search results page',
    description: searchQueryNote,
    query: [searchSchema, pageDataQuery],
    ok: { schema: ANSWERS.tripsPageData, status: 200, description: 'From, to, date, people and the SEO experiment flags.' },
    etag: true,
    errors: SEARCH_ERRORS,
  },
  {
    method: 'get',
    path: nuxt('tripinfo'),
    tag: 'trips',
    summary: 'One trip by its key, with every stop',
    query: [tripInfoQuery],
    ok: { schema: ANSWERS.tripInfo, status: 200, description: 'The trip with its legs, stops and prices.' },
    etag: true,
    errors: ['invalid_search', 'unknown_trip', 'search_unavailable'],
  },
  {
    method: 'get',
    path: nuxt('common-data'),
    tag: 'trips',
    summary: 'Vehicle classes, seat classes, operators and stations',
    ok: {
      schema: ANSWERS.commonData,
      status: 200,
      description:
        "The reference data the client keeps: `classes` (vehicle classes), `seat_classes` `{ id, name, vehclasses }` (the classes a travel option's `class_id` names, in the request's language), `operators`, `stations`.",
    },
    etag: true,
    errors: ['search_unavailable'],
  },
  {
    method: 'get',
    path: nuxt('typeahead/prefetch'),
    tag: 'typeahead',
    summary: 'Popular destinations from a place, or popular departures without fromId',
    query: [typeaheadPrefetchQuery],
    ok: { schema: ANSWERS.typeahead, status: 200, description: 'Suggested places and stations.' },
    etag: true,
    errors: SEARCH_ERRORS,
  },
  {
    method: 'get',
    path: nuxt('typeahead/fetch'),
    tag: 'typeahead',
    summary: 'Places and stations by name in any language',
    query: [typeaheadFetchQuery],
    ok: { schema: ANSWERS.typeahead, status: 200, description: 'Matching places and stations.' },
    etag: true,
    errors: ['invalid_search', 'search_unavailable'],
  },

  // Cart (server/cart/api.ts)
  {
    method: 'get',
    path: nuxt('cart'),
    tag: 'cart',
    summary: 'The cart by hash (compact shape)',
    query: [cartHashQuery],
    ok: { schema: CART_ANSWERS.cart, status: 200, description: 'The cart.' },
    errors: CART_ERRORS,
  },
  {
    method: 'get',
    path: nuxt('cartV2'),
    tag: 'cart',
    summary: 'The cart by hash with stations, operators, classes and local times',
    query: [cartHashQuery],
    ok: { schema: CART_ANSWERS.cartV2, status: 200, description: 'The cart.' },
    errors: CART_ERRORS,
  },
  {
    method: 'post',
    path: nuxt('cart/freeze'),
    tag: 'cart',
    summary: 'Freeze a cart so that it keeps its prices',
    body: { schema: cartHashQuery },
    ok: { schema: ANSWERS.freeze, status: 200, description: '`{ hash, frozen }`.' },
    errors: ['invalid_cart', 'cart_not_found'],
  },
  {
    method: 'get',
    path: nuxt('booking/getBookingCartHashByBID'),
    tag: 'cart',
    summary: 'A booking by its reference and its e-mail or lead surname: a short-lived link to it',
    query: [bookingReferenceQuery],
    ok: {
      schema: ANSWERS.bookingLink,
      status: 200,
      description:
        'A paid booking: `{ ticket_url, expires_in }` (a signed ticket link valid 30 minutes); a held one: `{ resume_url, expires_in }` (lets the opening browser continue to pay). A wrong pair answers as an unknown reference.',
    },
    errors: ['invalid_booking', 'booking_not_found', 'too_many_attempts'],
  },

  // Checkout (server/checkout/api.ts)
  {
    method: 'get',
    path: nuxt('checkout'),
    tag: 'checkout',
    summary: 'The cart, the passenger fields its operators require, add-on offers and the current booking',
    query: [cartHashQuery],
    ok: {
      schema: CART_ANSWERS.checkout,
      status: 200,
      description:
        "`{ cart, fields, addons, booking, totals, seat_maps }`: `seat_maps` has one map per leg whose operator assigns seats (its `leg` is what the form's `seats` names), with decks, places and the places taken.",
    },
    errors: CART_ERRORS,
  },
  {
    method: 'get',
    path: nuxt('checkout/split'),
    tag: 'checkout',
    summary: 'The checkout per trip of the cart',
    query: [cartHashQuery],
    ok: { schema: CART_ANSWERS.checkoutSplit, status: 200, description: '`{ parts, fields }`.' },
    errors: CART_ERRORS,
  },
  {
    method: 'post',
    path: nuxt('validate/form'),
    tag: 'checkout',
    summary: 'Field-by-field verdict on the booking form',
    body: { schema: documentedFormEnvelope },
    ok: { schema: ANSWERS.validForm, status: 200, description: '`{ valid: true, fields: {} }`; an invalid form is the 422 answer.' },
    errors: [...CART_ERRORS, 'invalid_booking_form', 'invalid_cart'],
  },
  {
    method: 'post',
    path: nuxt('checkout/booking-form'),
    tag: 'checkout',
    summary: 'Server validation of the passengers form, with totals (nothing held yet)',
    body: { schema: documentedFormEnvelope },
    ok: { schema: CART_ANSWERS.bookingForm, status: 200, description: '`{ valid: true, form, totals }`.' },
    errors: [...CART_ERRORS, 'invalid_booking_form', 'invalid_cart', 'unknown_addon'],
  },
  {
    method: 'post',
    path: nuxt('checkout/reserve/{hash}'),
    tag: 'checkout',
    summary: "Validate the form again and hold every leg's seats",
    description:
      'A `price_changed` answer carries `old_total` and `new_total` in its `error` object. Back from the confirmation step, the held booking keeps its seats and takes the new details (200). `form.seats` (optional) chooses places on the seat maps of GET checkout: one entry per leg `{ leg, seats: ["12A", …] }` with one place per passenger; an empty or short choice is a 422 naming `seats.<i>` (field-error-seats-empty, field-error-seats-not-enough), a place taken meanwhile a 409 `seat_taken` with `seats`. Without it, the operator seats travellers. `form.addons.luggage` takes the structured rows `[{ option, quantity }]` or the addon field\'s comma-separated value (`"20kg:2,30kg"`: option and count, a bare option is one piece); GET checkout\'s `addons.luggage.value` gives the held booking\'s choice in that form.',
    params: cartHashParam,
    body: { schema: reserveBody.extend({ form: documentedBookingForm }) },
    ok: { schema: ANSWERS.reserved, status: 201, description: '`{ booking, pay_url }`: the booking with its hold expiry.' },
    errors: [
      ...CART_ERRORS,
      'cart_not_found',
      'unknown_trip',
      'unknown_option',
      'no_price',
      'unknown_product',
      'price_changed',
      'sold_out',
      'seat_taken',
      'sales_closed',
      'invalid_booking_form',
      'unknown_addon',
    ],
  },
  {
    method: 'post',
    path: nuxt('checkout/class/{hash}'),
    tag: 'checkout',
    summary: 'Change the class of one leg of the cart',
    description:
      "The leg is quoted again as the cart charges it. With `expected` (the per-person price the traveller saw, in minor units) a moved price is refused: `price_changed` carries `old_price` and `new_price`. A reservation's held seats move to the new class in the same transaction. Answers `{ cart, booking, totals }`.",
    params: cartHashParam,
    body: { schema: changeClassBody },
    ok: { schema: CART_ANSWERS.classChanged, status: 200, description: '`{ cart, booking, totals }` after the change.' },
    errors: [
      ...CART_ERRORS,
      'invalid_cart',
      'invalid_class',
      'cart_not_found',
      'unknown_trip',
      'no_price',
      'price_changed',
      'sold_out',
      'sales_closed',
      'class_locked',
    ],
  },
  ...(['get', 'post'] as const).map((method): ApiOperation => ({
    method,
    path: nuxt('total/{hash}'),
    tag: 'checkout',
    summary: method === 'get' ? 'Fare and total of the cart' : 'Fare, the chosen add-ons priced, and total',
    params: cartHashParam,
    ...(method === 'post' ? { body: { schema: totalBody, required: false } } : {}),
    ok: { schema: ANSWERS.totals, status: 200, description: 'The totals.' },
    errors: [...CART_ERRORS, 'invalid_cart', 'invalid_booking_form', 'unknown_addon'],
  })),
  {
    method: 'get',
    path: nuxt('total/split/{hash}'),
    tag: 'checkout',
    summary: 'The total per trip of the cart',
    params: cartHashParam,
    ok: { schema: ANSWERS.totalSplit, status: 200, description: '`{ parts }`.' },
    errors: CART_ERRORS,
  },
  {
    method: 'get',
    path: nuxt('paygates/{hash}'),
    tag: 'checkout',
    summary: 'The ways to pay this cart',
    params: cartHashParam,
    ok: { schema: ANSWERS.paygates, status: 200, description: '`{ paygates }`.' },
    errors: CART_ERRORS,
  },
  {
    method: 'get',
    path: nuxt('paygates/split/{hash}'),
    tag: 'checkout',
    summary: 'The ways to pay each trip of the cart',
    params: cartHashParam,
    ok: { schema: ANSWERS.paygatesSplit, status: 200, description: '`{ parts }`, each with its paygates.' },
    errors: CART_ERRORS,
  },

  // Payment (server/payment/api.ts)
  {
    method: 'get',
    path: nuxt('pay'),
    tag: 'payment',
    summary: 'The booking to pay and its paygates',
    query: [cartHashQuery],
    ok: { schema: BOOKING_ANSWERS.pay, status: 200, description: '`{ booking, paygates }`.' },
    errors: ['invalid_cart', 'cart_not_found', 'booking_not_found'],
  },
  {
    method: 'get',
    path: nuxt('pay/split/{hash}'),
    tag: 'payment',
    summary: 'The amount per trip of the booking',
    params: cartHashParam,
    ok: { schema: ANSWERS.paySplit, status: 200, description: '`{ booking_id, parts }`.' },
    errors: ['invalid_cart', 'cart_not_found', 'booking_not_found'],
  },
  ...(
    [
      ['pay/place-order', placeOrderBody, 'Start paying a booking'],
      ['pay/place-order-by-booking-cart-hash', placeOrderByCartHashBody, "Start paying a cart's booking"],
    ] as const
  ).map(([path, schema, summary]): ApiOperation => ({
    method: 'post',
    path: nuxt(path),
    tag: 'payment',
    summary,
    description:
      "A retry with the same Idempotency-Key and body replays the first answer (header `idempotent-replayed: true`). Only the browser that made the booking (its `cart_session` cookie) or its signed-in owner may pay it; anyone else gets 404. `booking_id` is the booking's public id (a uuid).",
    headers: [
      {
        name: 'Idempotency-Key',
        required: true,
        description: 'One key per order attempt: a retried call never places two orders.',
        schema: { type: 'string', pattern: IDEMPOTENCY_KEY.source },
      },
    ],
    body: { schema },
    ok: {
      schema: ANSWERS.placedOrder,
      status: 201,
      description: '`{ payment_id, booking_id, paygate, redirect_url, reference, expires_at }`.',
    },
    errors: [
      'invalid_order',
      'idempotency_key_required',
      'booking_not_found',
      'already_paid',
      'booking_not_payable',
      'idempotency_in_progress',
      'idempotency_key_reused',
    ],
  })),
  {
    method: 'get',
    path: nuxt('pay/payment-result'),
    tag: 'payment',
    summary: "Where a booking's payment stands",
    query: [paymentResultQuery],
    ok: {
      schema: BOOKING_ANSWERS.paymentResult,
      status: 200,
      description:
        "The booking and its latest payment; `final` ends polling. `booking` is the public id; only the booking's browser or signed-in owner gets an answer (others: 404).",
    },
    errors: ['invalid_booking', 'booking_not_found'],
  },
  {
    method: 'post',
    path: '/api/paygates/sandbox-card/webhook',
    tag: 'payment',
    summary: "The sandbox card gateway's signed webhook",
    description: 'Server to server: signed with HMAC-SHA256 over the raw body, 5-minute replay window; each event applies once.',
    headers: [
      { name: SIGNATURE_HEADER, required: true, description: 'The gateway signature of the raw body.', schema: { type: 'string' } },
    ],
    body: { schema: webhookEventSchema },
    ok: { schema: ANSWERS.webhook, status: 200, description: '`{ received: true, result }`.' },
    errors: ['invalid_webhook', 'invalid_signature', 'payment_not_found', 'amount_mismatch'],
  },
  {
    method: 'post',
    path: nuxt('checkout/resolve-card-payment-method'),
    tag: 'payment',
    summary: 'Which provider takes a card, and its fee',
    description:
      "From the card's first 6 to 8 digits: scheme, issuing country (null when the table does not say), card type, the paygate that takes it and its fee in basis points. The project ships the table; Admin maintains ranges over it.",
    body: { schema: resolveCardBody },
    ok: { schema: ANSWERS.cardMethod, status: 200, description: '`{ scheme, issuer_country, card_type, paygate, fee_basis_points }`.' },
    errors: ['invalid_card_bin'],
  },
  {
    method: 'post',
    path: nuxt('checkout/payment-session/yuno'),
    tag: 'payment',
    summary: 'A Yuno checkout session for a booking',
    description:
      "Opens a Yuno checkout session for the booking's total (one open session per booking and paygate). `checkout_session` and `public_api_key` are what Yuno's Web SDK needs to mount its form; `redirect_url` is the local sandbox's hosted page when no Yuno keys are configured. Only the booking's browser or signed-in owner may open one.",
    headers: [
      {
        name: 'Idempotency-Key',
        required: true,
        description: 'One key per attempt; it is also sent to Yuno as the X-Idempotency-Key of the session call.',
        schema: { type: 'string', pattern: IDEMPOTENCY_KEY.source },
      },
    ],
    body: { schema: yunoSessionBody },
    ok: {
      schema: ANSWERS.yunoSession,
      status: 201,
      description: '`{ payment_id, booking_id, paygate, redirect_url, checkout_session, public_api_key, country, expires_at }`.',
    },
    errors: [
      'invalid_order',
      'idempotency_key_required',
      'idempotency_key_reused',
      'idempotency_in_progress',
      'booking_not_found',
      'already_paid',
      'booking_not_payable',
      'payment_provider_unavailable',
    ],
  },
  {
    method: 'get',
    path: nuxt('checkout/payment-status/yuno'),
    tag: 'payment',
    summary: "Where a booking's Yuno payment stands, asked of Yuno",
    description:
      'Polls Yuno for the latest Yuno payment of the booking and applies a final answer (once, whether the webhook brought it first or not). Answers like pay/payment-result; `final` ends polling.',
    query: [paymentResultQuery],
    ok: { schema: BOOKING_ANSWERS.paymentResult, status: 200, description: 'The booking and its latest payment, as pay/payment-result.' },
    errors: ['invalid_booking', 'booking_not_found', 'payment_not_found', 'amount_mismatch', 'payment_provider_unavailable'],
  },
  {
    method: 'post',
    path: '/api/paygates/yuno/webhook',
    tag: 'payment',
    summary: "Yuno's signed payment webhook",
    description:
      "Server to server, Yuno's webhook v2. `x-hmac-signature` is the base64 HMAC-SHA256 of the raw body with YUNO_WEBHOOK_SECRET; each payment status applies once (a replay changes nothing) and the amount must match the payment.",
    headers: [
      { name: YUNO_SIGNATURE_HEADER, required: true, description: "Yuno's HMAC signature of the raw body.", schema: { type: 'string' } },
    ],
    body: { schema: paymentWebhook },
    ok: { schema: ANSWERS.webhook, status: 200, description: '`{ received: true, result }`.' },
    errors: ['invalid_webhook', 'invalid_signature', 'payment_not_found', 'amount_mismatch'],
  },
  {
    method: 'get',
    path: nuxt('pay/finapi-payment-result'),
    tag: 'payment',
    summary: 'The traveller back from the finAPI bank-transfer web form',
    description:
      "Where finAPI's web form sends the traveller after approving, failing or cancelling the transfer. Asks finAPI where the web form and its payment stand and applies a final answer (once, whether finAPI's callback brought it first or not). A browser (`Accept: text/html`) is sent on (303) to the payment status page — also one that is not the booking's (approved in the bank's app on another device), without asking finAPI; a script gets the pay/payment-result answer, and a stranger 404.",
    query: [paymentResultQuery],
    ok: {
      schema: BOOKING_ANSWERS.paymentResult,
      status: 200,
      description: 'The booking and its latest payment, as pay/payment-result (303 to the status page for a browser).',
    },
    errors: ['invalid_booking', 'booking_not_found', 'payment_not_found', 'amount_mismatch', 'payment_provider_unavailable'],
  },
  {
    method: 'post',
    path: '/api/paygates/finapi/callback',
    tag: 'payment',
    summary: "finAPI's web form callback",
    description:
      "Server to server: Web Form 2.0's `finalised` callback `{ webFormId, status }`. finAPI does not sign it, so the callback URL the shop registers carries the booking and an HMAC-SHA256 of it with FINAPI_CALLBACK_SECRET; the body is not believed — the web form's status and the payment's amount are asked of finAPI, each payment status applies once and the amount must match.",
    query: [finapiCallbackQuery],
    body: { schema: webFormCallback },
    ok: { schema: ANSWERS.webhook, status: 200, description: '`{ received: true, result }`.' },
    errors: ['invalid_webhook', 'invalid_signature', 'payment_not_found', 'amount_mismatch', 'payment_provider_unavailable'],
  },

  // Tickets behind a signed link (server/tickets/api.ts)
  {
    method: 'get',
    path: nuxt('ticket/extended-receipt'),
    tag: 'tickets',
    summary: 'The paid booking in full, with a refund preview',
    query: [ticketLinkQuery],
    ok: { schema: BOOKING_ANSWERS.receipt, status: 200, description: '`{ receipt, refund_preview }`.' },
    errors: TICKET_ERRORS,
  },
  {
    method: 'get',
    path: nuxt('ticket/pdf'),
    tag: 'tickets',
    summary: 'The e-ticket PDF of a paid booking',
    query: [ticketLinkQuery],
    ok: { status: 200, description: 'The e-ticket (attachment).', type: 'pdf' },
    errors: TICKET_ERRORS,
  },
  {
    method: 'get',
    path: nuxt('ticket/ics'),
    tag: 'tickets',
    summary: "The booking's legs as a calendar file (RFC 5545)",
    query: [ticketLinkQuery],
    ok: { status: 200, description: 'The calendar file (attachment).', type: 'ics' },
    errors: TICKET_ERRORS,
  },

  // Network content (server/network/api.ts)
  {
    method: 'get',
    path: nuxt('home'),
    tag: 'content',
    summary: 'Network size, popular operators and places, the first travel guides',
    ok: { schema: NETWORK_ANSWERS.home, status: 200, description: 'The home page data.' },
    errors: ['search_unavailable'],
  },
  {
    method: 'get',
    path: nuxt('operators'),
    tag: 'content',
    summary: 'Every operator with its rating and transport',
    ok: { schema: NETWORK_ANSWERS.operators, status: 200, description: '`{ operators }`.' },
    errors: ['search_unavailable'],
  },
  {
    method: 'get',
    path: nuxt('operator'),
    tag: 'content',
    summary: 'An operator with its classes, routes and latest reviews',
    query: [operatorSlugQuery],
    ok: { schema: NETWORK_ANSWERS.operator, status: 200, description: '`{ operator, classes, routes, reviews }`.' },
    errors: [...NETWORK_ERRORS, 'unknown_operator'],
  },
  {
    method: 'get',
    path: nuxt('operator/timetable'),
    tag: 'content',
    summary: "The operator's timetable rows, optionally from one place",
    query: [operatorQuery],
    ok: { schema: NETWORK_ANSWERS.operatorTimetable, status: 200, description: '`{ operator, timetable }`.' },
    errors: [...NETWORK_ERRORS, 'unknown_operator', 'unknown_place'],
  },
  {
    method: 'get',
    path: nuxt('station'),
    tag: 'content',
    summary: 'A station with departures, routes, operators and nearby stations',
    description: 'One of `id` and `slug` is required.',
    query: [stationQuery],
    ok: { schema: NETWORK_ANSWERS.station, status: 200, description: 'The station page data.' },
    errors: [...NETWORK_ERRORS, 'unknown_place'],
  },
  {
    method: 'get',
    path: nuxt('station/new'),
    tag: 'content',
    summary: 'The new station page data: departures grouped by destination',
    description: 'One of `id` and `slug` is required.',
    query: [stationQuery],
    ok: { schema: NETWORK_ANSWERS.stationNew, status: 200, description: 'The station page data.' },
    errors: [...NETWORK_ERRORS, 'unknown_place'],
  },
  {
    method: 'get',
    path: nuxt('travel/routes'),
    tag: 'content',
    summary: 'Places reachable directly from a place, busiest first',
    query: [travelRoutesQuery],
    ok: { schema: NETWORK_ANSWERS.travelRoutes, status: 200, description: '`{ from, routes }`.' },
    errors: [...NETWORK_ERRORS, 'unknown_place'],
  },
  {
    method: 'get',
    path: nuxt('travel/polymorph'),
    tag: 'content',
    summary: 'Whether a slug names a place, a station or an operator',
    query: [polymorphQuery],
    ok: { schema: NETWORK_ANSWERS.travelPolymorph, status: 200, description: 'The named thing, with `type` place, station or operator.' },
    errors: [...NETWORK_ERRORS, 'unknown_place'],
  },
  {
    method: 'get',
    path: nuxt('reviews'),
    tag: 'reviews',
    summary: 'The latest reviews',
    query: [pageQuery],
    ok: { schema: NETWORK_ANSWERS.reviewPage, status: 200, description: '`{ total, limit, offset, pageAverage, reviews }`.' },
    errors: NETWORK_ERRORS,
  },
  {
    method: 'get',
    path: nuxt('reviews/operator/{operator}'),
    tag: 'reviews',
    summary: "An operator's reviews, newest first",
    params: { operator: slugSchema },
    query: [pageQuery],
    ok: { schema: NETWORK_ANSWERS.reviewPage, status: 200, description: '`{ total, limit, offset, pageAverage, reviews }`.' },
    errors: [...NETWORK_ERRORS, 'unknown_operator'],
  },
  {
    method: 'get',
    path: nuxt('reviews/trip/{trip}'),
    tag: 'reviews',
    summary: 'Reviews of the route a trip runs on',
    description: '`{trip}` is a route id or a search result trip key.',
    params: { trip: null },
    query: [pageQuery],
    ok: { schema: NETWORK_ANSWERS.reviewPage, status: 200, description: '`{ total, limit, offset, pageAverage, reviews }`.' },
    errors: [...NETWORK_ERRORS, 'unknown_trip'],
  },
  {
    method: 'get',
    path: nuxt('reviews/travel'),
    tag: 'reviews',
    summary: 'Reviews of every route between two places',
    query: [travelReviewsQuery, pageQuery],
    ok: { schema: NETWORK_ANSWERS.reviewPage, status: 200, description: '`{ total, limit, offset, pageAverage, reviews }`.' },
    errors: [...NETWORK_ERRORS, 'unknown_place'],
  },

  // Content documents (server/content/api.ts)
  ...(
    [
      ['legal/privacy-policy', 'The privacy policy'],
      ['legal/cancellation-policy', 'The cancellation policy'],
    ] as const
  ).map(([path, summary]): ApiOperation => ({
    method: 'get',
    path: nuxt(path),
    tag: 'content',
    summary: `${summary} in the request's language`,
    ok: {
      schema: CONTENT_ANSWERS.contentPage,
      status: 200,
      description: 'The document (HTML body), with `fallback` when it is the English text.',
    },
    errors: ['unknown_document'],
  })),
  {
    method: 'get',
    path: nuxt('legal/terms/{slug}'),
    tag: 'content',
    summary: 'A terms document (`general` is the site terms)',
    params: { slug: slugSchema },
    ok: {
      schema: CONTENT_ANSWERS.contentPage,
      status: 200,
      description: 'The document (HTML body), with `fallback` when it is the English text.',
    },
    errors: ['unknown_document'],
  },
  {
    method: 'get',
    path: nuxt('travel/guides'),
    tag: 'content',
    summary: 'The travel guides, optionally only those about one place',
    query: [guidesQuery],
    ok: { schema: CONTENT_ANSWERS.guides, status: 200, description: '`{ guides }`.' },
    errors: ['invalid_query'],
  },
  {
    method: 'get',
    path: nuxt('support'),
    tag: 'support',
    summary: 'The help centre: sections with their article counts, the frequent questions and how to reach Support',
    ok: { status: 200, description: 'The help centre.', schema: ANSWERS.supportHome },
    errors: [],
  },
  {
    method: 'get',
    path: nuxt('support/articles'),
    tag: 'support',
    summary: "The support articles (of one section) in the request's language, English where a translation is missing",
    query: [articlesQuery],
    ok: { status: 200, description: '`{ articles }`.', schema: ANSWERS.supportArticles },
    errors: ['invalid_query'],
  },
  {
    method: 'get',
    path: nuxt('support/article'),
    tag: 'support',
    summary: 'One support article by its id (`slug`) or its address under /support/ (`path`), with its HTML',
    query: [articleQuery],
    ok: { status: 200, description: 'The article; `fallback` when it is the English text.', schema: ANSWERS.supportArticle },
    errors: ['invalid_query', 'unknown_document'],
  },
  {
    method: 'post',
    path: nuxt('support/send-case'),
    tag: 'support',
    summary: 'Open a support case: topic, message, optionally a booking and the tokens of files uploaded to POST /{lang}/file/upload',
    description:
      'The traveller gets a mail with the case number and a signed link to the thread. Signed in, the e-mail and the ownership of the booking come from the account.',
    body: { schema: sendCaseBody },
    ok: { status: 201, description: 'The case.', schema: ANSWERS.caseOpened },
    errors: ['invalid_case', 'case_booking_not_found'],
  },
  {
    method: 'get',
    path: nuxt('chatProxy/{userId}'),
    tag: 'support',
    summary: 'The live chat with Support: its lines after `after`; with `wait`, held until a line arrives (long-poll)',
    description:
      "`userId` is the caller's own chat: their account id, or a visitor's `g-…` id proven by the chat cookie; `me` names whichever it is. Staff who may answer cases read any traveller's chat. A line written on any server process ends the wait at once. `needs_email`: a visitor's first line must carry `email`.",
    params: { userId: chatUserIdParam },
    query: [chatQuery],
    ok: { status: 200, description: '`{ user_id, case, needs_email, messages }`.', schema: ANSWERS.chatLines },
    errors: ['invalid_chat', 'chat_forbidden'],
  },
  {
    method: 'post',
    path: nuxt('chatProxy/{userId}'),
    tag: 'support',
    summary: "Write a line in the live chat with Support; a traveller's first line opens a support case (or continues the open one)",
    description:
      "A visitor without a chat yet posts to `me` and gets the chat cookie (HttpOnly) and their `user_id`. `ticket` (the ticket page's signed link: booking id and token) ties the case to that booking and its e-mail. Staff answering a traveller's chat post to the traveller's id.",
    params: { userId: chatUserIdParam },
    body: { schema: chatLineBody },
    ok: { status: 201, description: '`{ user_id, case, message }`.', schema: ANSWERS.chatPosted },
    errors: ['invalid_chat', 'chat_forbidden', 'chat_not_found', 'too_many_attempts'],
  },
  {
    method: 'get',
    path: nuxt('about'),
    tag: 'content',
    summary: "The about page and the network's size",
    ok: { schema: CONTENT_ANSWERS.about, status: 200, description: 'The document with `stats`.' },
    errors: ['unknown_document'],
  },
  {
    method: 'get',
    path: nuxt('transport/options'),
    tag: 'content',
    summary: 'The ways to travel, with the guides for each',
    ok: { schema: CONTENT_ANSWERS.transportOptions, status: 200, description: 'The document with `classes`.' },
    errors: ['unknown_document'],
  },

  // Accounts (server/accounts/http.ts)
  {
    method: 'post',
    path: nuxt('user'),
    tag: 'user',
    summary: 'Sign in with email and password, or complete two-factor sign-in with token and code',
    body: { schema: loginBody },
    ok: {
      schema: ACCOUNT_ANSWERS.signedIn,
      status: 200,
      description: '`{ user }` with the session cookies, or `{ token }` when a second factor is needed.',
    },
    errors: [...SIGN_IN_ERRORS, 'invalid_login', 'invalid_credentials', 'invalid_code', 'captcha_required', 'captcha_failed'],
  },
  {
    method: 'post',
    path: nuxt('register'),
    tag: 'user',
    summary: 'Register by email: a verification link is mailed',
    body: { schema: registerBody },
    ok: { schema: ANSWERS.sent, status: 200, description: '`{ sent: true }`, the same for an address already known.' },
    errors: [...SIGN_IN_ERRORS, 'invalid_registration'],
  },
  {
    method: 'post',
    path: nuxt('reset-password'),
    tag: 'user',
    summary: 'Ask for a password reset link ({email}), or set the new password ({token, password})',
    body: { schema: resetBody },
    ok: { schema: ACCOUNT_ANSWERS.reset, status: 200, description: '`{ sent: true }`, or `{ user }` signed in after a reset.' },
    errors: [...SIGN_IN_ERRORS, 'invalid_reset', 'captcha_failed', 'invalid_link'],
  },
  {
    method: 'post',
    path: nuxt('login-with-email'),
    tag: 'user',
    summary: 'Mail a single-use sign-in link',
    body: { schema: emailLinkBody },
    ok: { schema: ANSWERS.sent, status: 200, description: '`{ sent: true }`.' },
    errors: [...SIGN_IN_ERRORS, 'invalid_login'],
  },
  {
    method: 'post',
    path: nuxt('login-with-google'),
    tag: 'user',
    summary: 'Sign in with a Google ID token',
    body: { schema: googleBody },
    ok: {
      schema: ACCOUNT_ANSWERS.signedIn,
      status: 200,
      description: '`{ user }` with the session cookies, or `{ token }` when a second factor is needed.',
    },
    errors: [...SIGN_IN_ERRORS, 'invalid_login', 'invalid_google'],
  },
  {
    method: 'post',
    path: nuxt('user/otpt'),
    tag: 'user',
    summary: 'Redeem a one-time token from a mail or ticket link',
    body: { schema: otptBody },
    ok: {
      schema: ACCOUNT_ANSWERS.signedIn,
      status: 200,
      description: '`{ user }` with the session cookies, or `{ token }` when a second factor is needed.',
    },
    errors: [...SIGN_IN_ERRORS, 'invalid_link'],
  },
  {
    method: 'get',
    path: nuxt('logout'),
    tag: 'user',
    summary: 'End the session and clear the account cookies',
    ok: { schema: ANSWERS.ok, status: 200, description: '`{ ok: true }`.' },
    errors: [],
  },
  {
    method: 'get',
    path: nuxt('user-data'),
    tag: 'user',
    summary: "The user (or null), the last search's places, the currency and an agent's co-branding",
    ok: {
      schema: ACCOUNT_ANSWERS.userData,
      status: 200,
      description: '`{ user, searchForm: { from, to }, fxcode, agent: { operator: { id, logo, name } } | null }`.',
    },
    errors: [],
  },
  {
    method: 'get',
    path: nuxt('user/profile'),
    tag: 'user',
    summary: 'The signed-in user profile and saved passengers',
    ok: { schema: ACCOUNT_ANSWERS.profile, status: 200, description: '`{ profile, passengers }`.' },
    errors: ['not_signed_in'],
  },
  {
    method: 'post',
    path: nuxt('user/profile'),
    tag: 'user',
    summary: 'Change details, password or email, or add or remove a saved passenger (by `action`)',
    body: { schema: profileBody },
    ok: {
      schema: ACCOUNT_ANSWERS.profileChanged,
      status: 200,
      description: '`{ ok: true }`, `{ sent: true }` or `{ passengers }`, by action.',
    },
    errors: [...SIGN_IN_ERRORS, 'invalid_profile', 'not_signed_in', 'reauthentication_failed', 'not_found'],
  },
  {
    method: 'delete',
    path: nuxt('user/profile'),
    tag: 'user',
    summary: 'Delete the account',
    body: { schema: deleteBody },
    ok: { schema: ANSWERS.ok, status: 200, description: '`{ ok: true }`, with the account cookies cleared.' },
    errors: [...SIGN_IN_ERRORS, 'invalid_profile', 'not_signed_in', 'reauthentication_failed'],
  },
  {
    method: 'post',
    path: nuxt('user/two-factor'),
    tag: 'user',
    summary: 'Start two-factor enrolment, or confirm it with a code',
    body: { schema: twoFactorBody },
    ok: { schema: ACCOUNT_ANSWERS.twoFactor, status: 200, description: 'The enrolment secret (start) or `{ recoveryCodes }` (confirm).' },
    errors: ['invalid_code', 'not_signed_in', 'two_factor_on'],
  },
  {
    method: 'delete',
    path: nuxt('user/two-factor'),
    tag: 'user',
    summary: 'Turn two-factor sign-in off with a code',
    body: { schema: twoFactorOffBody },
    ok: { schema: ANSWERS.ok, status: 200, description: '`{ ok: true }`.' },
    errors: ['invalid_code', 'not_signed_in'],
  },
  {
    method: 'get',
    path: nuxt('user/bookings'),
    tag: 'user',
    summary: "The signed-in traveller's bookings",
    ok: { schema: ACCOUNT_ANSWERS.bookings, status: 200, description: '`{ bookings }`.' },
    errors: ['not_signed_in'],
  },
  {
    method: 'get',
    path: nuxt('user/review'),
    tag: 'user',
    summary: 'Trips the traveller can review',
    ok: { schema: ACCOUNT_ANSWERS.reviewable, status: 200, description: '`{ trips }`.' },
    errors: ['not_signed_in'],
  },

  // Support self-service (server/selfservice/api.ts)
  {
    method: 'post',
    path: nuxt('support/change-passengers-details'),
    tag: 'support',
    summary: 'Correct passenger names or documents of a paid booking; the ticket is issued again',
    description:
      "Name the booking by its ticket link (`b`, `t`) or, for the browser that booked it or its signed-in owner, by its public id (`booking`). Always 200: before the operator's cut-off the passengers change and the new ticket is mailed (`status: reissued`); after it the correction is recorded for Support (`status: requested`).",
    body: { schema: changePassengersBody, required: true },
    ok: {
      schema: BOOKING_ANSWERS.passengersChanged,
      status: 200,
      description: '`{ status: "reissued" }`, or `{ status: "requested", requestId }` after the cut-off.',
    },
    errors: ['invalid_passenger_change', 'invalid_ticket_link', 'booking_not_found', 'transition_not_allowed', 'booking_busy'],
  },

  // Mail preferences (server/mail/api.ts)
  {
    method: 'get',
    path: nuxt('unsubscribe'),
    tag: 'user',
    summary: 'Stop one type of non-transactional mail (reminders, surveys, news) for an address',
    description: 'The link of the mail: `hash` signs the type and the address. Tickets and refunds are always sent.',
    query: [unsubscribeQuery],
    ok: { schema: ANSWERS.unsubscribed, status: 200, description: '`{ unsubscribed: true, type }`.' },
    errors: ['invalid_unsubscribe_link'],
  },
  {
    method: 'post',
    path: nuxt('unsubscribe'),
    tag: 'user',
    summary: 'One-click unsubscribe (RFC 8058), the `List-Unsubscribe` URL of the mail',
    description: 'Sent by mail clients with the form body `List-Unsubscribe=One-Click`; no cookies, no Origin needed.',
    query: [unsubscribeQuery],
    body: { schema: oneClickBody, type: 'form', required: true },
    ok: { schema: ANSWERS.unsubscribed, status: 200, description: '`{ unsubscribed: true, type }`.' },
    errors: ['invalid_unsubscribe_link'],
  },

  // Outside /api/nuxt
  {
    method: 'post',
    path: '/api/preferences/currency',
    tag: 'preferences',
    summary: "Store the visitor's currency (1-year cookie) and go back",
    description: 'A form post, so the currency selector works without JavaScript.',
    body: { schema: currencyPreferenceBody, type: 'form' },
    ok: { status: 303, description: 'Back to `returnTo` (a same-site path) or the home page.', type: 'redirect' },
    errors: ['invalid_currency'],
  },
  {
    method: 'post',
    path: nuxt('analytics/visitlog'),
    tag: 'analytics',
    summary: "A batch of the consent-gated collector's events (page views, searches, tabs, checkout stages, search failures, click paths)",
    description:
      'Sent with sendBeacon by the collector, which runs only when the visitor allowed statistics and never for bots. The server records the host and its own clock (the day partition) and works out the funnel stage of each event.',
    body: { schema: visitlogBody },
    ok: { schema: recordedAnswer, status: 202, description: '`{ recorded }`: how many events were kept.' },
    errors: ['invalid_analytics'],
  },
  {
    method: 'post',
    path: nuxt('analytics/external'),
    tag: 'analytics',
    summary: 'An arrival from outside: the referring site, the partner affiliate id and ad click ids (gclid, fbclid…)',
    body: { schema: externalBody },
    ok: { schema: recordedAnswer, status: 202, description: '`{ recorded: 1 }`.' },
    errors: ['invalid_analytics'],
  },
  {
    method: 'post',
    path: nuxt('analytics/client-errors'),
    tag: 'analytics',
    summary: "Client errors batched by the collector's worker, after its ignore list (extensions, aborted requests…)",
    body: { schema: clientErrorsBody },
    ok: { schema: recordedAnswer, status: 202, description: '`{ recorded }`: how many distinct errors were kept.' },
    errors: ['invalid_analytics'],
  },
  {
    method: 'post',
    path: nuxt('analytics/replay'),
    tag: 'analytics',
    summary: 'A chunk of session replay events (rrweb) of a sampled session (3 %, every session on the payment pages)',
    body: { schema: replayBody },
    ok: { schema: recordedAnswer, status: 202, description: '`{ recorded }`: the events in the chunk.' },
    errors: ['invalid_analytics'],
  },
  {
    method: 'get',
    path: nuxt('ping'),
    tag: 'meta',
    summary: 'The server process answers (the database is not asked: see /api/health)',
    ok: { schema: pingAnswer, status: 200, description: '`{ pong: true, time }`.' },
    errors: [],
  },
  // The admin calls of SPEC §7 (issue 22, src/server/admin/): staff only, by the operators area's role table.
  {
    method: 'get',
    path: nuxt('admin/tripinfo'),
    tag: 'admin',
    summary:
      "A trip's legs, stops, fares, seats per class, holds and sales closure, and why search shows it or not (Support, Manager, Admin)",
    description: "Read from the database; `search_index` says what this server process's search index answers for the same key.",
    query: [adminTripInfoQuery],
    ok: { status: 200, description: 'The trip as staff see it.', schema: ADMIN_ANSWERS.tripInfo },
    errors: [...ADMIN_REFUSALS, 'invalid_admin_input', 'unknown_trip', 'search_unavailable'],
  },
  {
    method: 'get',
    path: nuxt('admin/seo'),
    tag: 'admin',
    summary: "The pages' search-engine title, description and heading overrides (Admin)",
    query: [seoQuery],
    ok: { status: 200, description: '`{ overrides }`.', schema: ADMIN_ANSWERS.seoList },
    errors: [...ADMIN_REFUSALS, 'invalid_admin_input'],
  },
  {
    method: 'post',
    path: nuxt('admin/seo'),
    tag: 'admin',
    summary: "Save one page's search-engine texts; with every text empty, remove the page's override (Admin)",
    description:
      'Shown on the page at once in every server process, and in `trips/page-data` (`seo`) when `seoOverrideExperiment=y`. Audited (network_audit).',
    body: { schema: seoInput },
    ok: { status: 200, description: '`{ result, override }`.', schema: ADMIN_CHANGE_ANSWERS.seoSaved },
    errors: [...ADMIN_REFUSALS, 'invalid_admin_input'],
  },
  {
    method: 'post',
    path: nuxt('admin/warmup'),
    tag: 'admin',
    summary: 'Rebuild the search index and the answer caches in every server process (Manager, Admin)',
    description: 'A new inventory version announced on the bus; the answer comes after this process rebuilt its index.',
    ok: { status: 200, description: 'The new version and how long the build took.', schema: ADMIN_ANSWERS.warmup },
    errors: [...ADMIN_REFUSALS, 'search_unavailable'],
  },
  {
    method: 'get',
    path: nuxt('admin/article'),
    tag: 'admin',
    summary: 'Support articles published from the operators area (Manager, Admin)',
    query: [articleAdminQuery],
    ok: { status: 200, description: '`{ articles }`.', schema: ADMIN_CHANGE_ANSWERS.articles },
    errors: [...ADMIN_REFUSALS, 'invalid_admin_input'],
  },
  {
    method: 'post',
    path: nuxt('admin/article'),
    tag: 'admin',
    summary: "Publish a support article's new title, summary and text in one language without a deploy, or unpublish it (Manager, Admin)",
    description: 'The help page and `support/article` show it at once in every server process. Audited (network_audit).',
    body: { schema: articleInput },
    ok: { status: 200, description: '`{ result, article }`.', schema: ADMIN_CHANGE_ANSWERS.articleChanged },
    errors: [...ADMIN_REFUSALS, 'invalid_admin_input', 'unknown_document'],
  },
  {
    method: 'get',
    path: nuxt('admin/proxy'),
    tag: 'admin',
    summary:
      "What a partner's host or an app gets for a GET of a path of this site, without the caller's cookies (Support, Manager, Admin)",
    description: "The request goes to this site's own origin with the partner's Host and the `x-client-platform` header.",
    query: [proxyQuery],
    ok: { status: 200, description: 'The status, headers and body the partner or app would get.', schema: ADMIN_ANSWERS.proxy },
    errors: [...ADMIN_REFUSALS, 'invalid_admin_input', 'proxy_unavailable'],
  },
  {
    method: 'post',
    path: nuxt('bug-report'),
    tag: 'meta',
    summary: 'A bug report mailed to the staff of the roles in `recipients`; a repeat within the hour is not mailed again unless `force`',
    body: { schema: bugReportBody },
    ok: { schema: bugReportAnswer, status: 202, description: '`{ received: true, mailed, duplicate }`.' },
    errors: ['invalid_bug_report', 'too_many_attempts'],
  },
  {
    method: 'get',
    path: '/api/health',
    tag: 'meta',
    summary: "Database and background jobs: each job's last run, lag and last error",
    description:
      "Answered by any server process from the jobs' run record. `status` is `ok`, `degraded` (a job never ran or lags more than twice its interval) or `down`: the database does not answer, and the status is 503 with the same body. Never cached.",
    ok: {
      schema: healthAnswer,
      status: 200,
      description:
        'The health report: `status`, `database.ok`, and `jobs[]` with `last_started_at`, `last_finished_at`, `lag_ms`, `last_error`.',
    },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'meta',
    summary: 'This document',
    ok: { status: 200, description: 'The OpenAPI 3.1 document of the API.', type: 'openapi' },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/docs',
    tag: 'meta',
    summary: 'The API reference for people: this document as an HTML page, with the error catalogue',
    ok: { status: 200, description: 'The reference (HTML, no script).', type: 'html' },
    errors: [],
  },
  // Rail passes (server/railpass/api.ts)
  {
    method: 'get',
    path: nuxt('railpasses/pageData'),
    tag: 'railpasses',
    summary: "A rail pass destination page's data, optionally one issuer's passes",
    query: [railpassPageDataQuery],
    ok: {
      schema: RAILPASS_ANSWERS.pageData,
      status: 200,
      description: '`{ destination, operator, operators, passes, filters, total, currency }`.',
    },
    errors: [...NETWORK_ERRORS, 'railpass_not_found', 'unknown_operator'],
  },
  {
    method: 'get',
    path: nuxt('railpasses/search'),
    tag: 'railpasses',
    summary: "A destination's passes with the filters (comma-separated lists), the filterBy alias and the sort",
    description:
      'Filters: nothing selected passes all; else a pass matches one selected value in each non-empty group. `filterBy` (operator-…, region-…, …-day(s)) selects its value on a landing without lists and is answered back only while selected.',
    query: [railpassSearchQuery],
    ok: {
      schema: RAILPASS_ANSWERS.search,
      status: 200,
      description: '`{ passes, filters, total, sortedBy, selected, filterBy, recheckUrls, currency }`.',
    },
    errors: NETWORK_ERRORS,
  },
  {
    method: 'get',
    path: nuxt('railpasses/recheck'),
    tag: 'railpasses',
    summary: "One issuer's passes of a destination at live prices, to merge into the results by slug",
    query: [railpassRecheckQuery],
    ok: { schema: RAILPASS_ANSWERS.passes, status: 200, description: '`{ passes, currency }`.' },
    errors: NETWORK_ERRORS,
  },
  {
    method: 'get',
    path: nuxt('railpasses/hybridSearch'),
    tag: 'railpasses',
    summary: "Passes valid in both places' countries",
    query: [railpassHybridQuery],
    ok: { schema: RAILPASS_ANSWERS.passes, status: 200, description: '`{ passes, currency }`.' },
    errors: [...NETWORK_ERRORS, 'unknown_place'],
  },
  {
    method: 'get',
    path: nuxt('railpasses/destinations'),
    tag: 'railpasses',
    summary: 'Rail pass destinations with their pass count and lowest price',
    query: [railpassCurrencyQuery],
    ok: { schema: RAILPASS_ANSWERS.destinations, status: 200, description: '`{ destinations, currency }`.' },
    errors: NETWORK_ERRORS,
  },
  {
    method: 'get',
    path: nuxt('railpasses/info'),
    tag: 'railpasses',
    summary: 'One pass in full: classes and fares per passenger kind, validity, activation window, residence and refund rules, photos',
    query: [railpassInfoQuery],
    ok: { schema: RAILPASS_ANSWERS.info, status: 200, description: '`{ pass, currency }`.' },
    errors: [...NETWORK_ERRORS, 'railpass_not_found'],
  },
  {
    method: 'get',
    path: nuxt('railpasses'),
    tag: 'railpasses',
    summary: 'Every pass of the catalogue',
    query: [railpassCurrencyQuery],
    ok: { schema: RAILPASS_ANSWERS.passes, status: 200, description: '`{ passes, currency }`.' },
    errors: NETWORK_ERRORS,
  },
  {
    method: 'get',
    path: nuxt('railpasses/seo-index'),
    tag: 'railpasses',
    summary: 'Every rail pass page path in this language',
    query: [railpassCurrencyQuery],
    ok: { schema: RAILPASS_ANSWERS.seoIndex, status: 200, description: '`{ pages }`.' },
    errors: NETWORK_ERRORS,
  },
  {
    method: 'get',
    path: nuxt('reviews/railpass/{slug}'),
    tag: 'reviews',
    summary: "A rail pass's reviews, newest first",
    params: { slug: slugSchema },
    query: [railpassReviewsQuery],
    ok: { schema: RAILPASS_ANSWERS.reviews, status: 200, description: '`{ total, limit, offset, rating, reviews }`.' },
    errors: [...NETWORK_ERRORS, 'railpass_not_found'],
  },
  {
    method: 'get',
    path: nuxt('railpassTypeahead'),
    tag: 'railpasses',
    summary: 'Destinations and passes whose name contains the query (at most 60)',
    query: [railpassTypeaheadQuery],
    ok: { schema: RAILPASS_ANSWERS.typeahead, status: 200, description: '`{ records: [{ kind, slug, name, countryCode, url }] }`.' },
    errors: NETWORK_ERRORS,
  },
  {
    method: 'get',
    path: nuxt('railpassTypeahead/popular'),
    tag: 'railpasses',
    summary: 'The most popular passes',
    query: [railpassCurrencyQuery],
    ok: { schema: RAILPASS_ANSWERS.passes, status: 200, description: '`{ passes, currency }`.' },
    errors: NETWORK_ERRORS,
  },
  {
    method: 'post',
    path: nuxt('cart/railpass'),
    tag: 'cart',
    summary: 'A rail pass into a new cart, or beside the trips of an open cart (its travellers are the cart’s people)',
    body: { schema: cartRailpassBody },
    ok: {
      schema: RAILPASS_ANSWERS.addedToCart,
      status: 201,
      description: '`{ hash, price, checkout_url }`; sets the cart session cookie.',
    },
    errors: [
      'invalid_railpass_purchase',
      'railpass_not_found',
      'cart_not_found',
      'unknown_product',
      'cart_closed',
      'cart_full',
      'railpass_not_sellable',
      'travellers_mismatch',
      'sales_closed',
      'unknown_option',
      'no_price',
      'search_unavailable',
    ],
  },
];

/** The JSON Schema of what a caller sends (zod's input side: defaults optional, before transforms). */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  // The dialect is the document's (OpenAPI 3.1 is JSON Schema 2020-12): no need to repeat it per schema.
  delete json.$schema;
  return json;
}

/** The JSON Schema of what the server answers (zod's output side). */
function outputJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

const ERROR_REF = '#/components/schemas/ApiError';

function queryParameters(schema: z.ZodType) {
  const json = inputJsonSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: 'query',
      required: required.has(name),
      schema: propertySchema,
      ...(typeof description === 'string' ? { description } : {}),
    };
  });
}

const langParameter = {
  name: 'lang',
  in: 'path',
  required: true,
  description: `The answer's language: ${SEGMENTS.join(', ')}. \`api\` and anything unsupported mean en; longer values are cut to two letters.`,
  schema: { type: 'string', examples: ['en'] },
};

function pathParameters(op: ApiOperation) {
  return [...op.path.matchAll(/\{([^}]+)\}/g)].map(([, name = '']) => {
    if (name === 'lang') return langParameter;
    const schema = op.params?.[name];
    if (schema === undefined) throw new Error(`openapi: ${op.method} ${op.path} does not describe {${name}}`);
    return { name, in: 'path', required: true, schema: schema ? inputJsonSchema(schema) : { type: 'string' } };
  });
}

function successResponse(ok: SuccessAnswer) {
  if (ok.type === undefined || ok.type === 'json')
    return { description: ok.description, content: { 'application/json': { schema: outputJsonSchema(ok.schema) } } };
  if (ok.type === 'redirect') return { description: ok.description, headers: { Location: { required: true, schema: { type: 'string' } } } };
  const schema =
    ok.type === 'openapi'
      ? {
          type: 'object',
          required: ['openapi', 'info', 'paths'],
          description: 'An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0).',
        }
      : ok.type === 'pdf'
        ? { type: 'string', contentMediaType: 'application/pdf' }
        : { type: 'string' };
  return { description: ok.description, content: { [NON_JSON_MEDIA_TYPES[ok.type]]: { schema } } };
}

/**
 * The operation's own codes, and those the request guard (api/middleware.ts) answers for every
 * operation before its handler: unsafe characters, a wrong method, and for a body a wrong
 * content type, a body too large or not JSON. State-changing calls from another site are
 * refused too (accounts/middleware.ts), and any state-changing call may meet a booking change
 * that is busy (503, Retry-After) or not allowed from the booking's status (409).
 */
export function declaredCodes(op: ApiOperation): ReadonlySet<ApiErrorCode> {
  const codes = new Set<ApiErrorCode>([...op.errors, 'invalid_encoding', 'invalid_characters', 'method_not_allowed', 'internal_error']);
  if (op.body) {
    if (op.body.type !== 'form') codes.add('invalid_json');
    codes.add('payload_too_large');
    codes.add('unsupported_media_type');
  }
  const changesState = op.method !== 'get' || op.path.endsWith('/logout');
  if (changesState) {
    // A booking change waits for another one's row locks only so long (booking/lifecycle/locks.ts),
    // and one the lifecycle table does not allow from the booking's status is refused.
    codes.add('booking_busy');
    codes.add('transition_not_allowed');
    codes.add('cross_site');
  }
  return codes;
}

/** The operation's codes by their catalogue status. */
function errorsOf(op: ApiOperation): Map<number, ApiErrorCode[]> {
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of declaredCodes(op)) byStatus.set(API_ERRORS[code].status, [...(byStatus.get(API_ERRORS[code].status) ?? []), code]);
  return new Map([...byStatus.entries()].sort(([a], [b]) => a - b));
}

function errorResponse(codes: readonly string[]) {
  return {
    description: codes.map((c) => `\`${c}\``).join(', '),
    content: {
      'application/json': {
        schema: { allOf: [{ $ref: ERROR_REF }, { properties: { error: { properties: { code: { enum: [...codes] } } } } }] },
      },
    },
  };
}

function operationId(op: ApiOperation): string {
  const words = op.path
    .replace(/^\/api\/(nuxt\/\{lang\}\/)?/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return op.method + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

function operationObject(op: ApiOperation) {
  const parameters = [
    ...pathParameters(op),
    ...(op.query ?? []).flatMap(queryParameters),
    ...(op.headers ?? []).map((h) => ({ name: h.name, in: 'header', required: h.required, description: h.description, schema: h.schema })),
  ];
  const responses: Record<string, unknown> = { [String(op.ok.status)]: successResponse(op.ok) };
  if (op.etag) responses['304'] = { description: 'Unchanged since the ETag sent in If-None-Match.' };
  for (const [status, codes] of errorsOf(op)) responses[String(status)] = errorResponse(codes);
  return {
    operationId: operationId(op),
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: op.body.required ?? true,
            content: Object.fromEntries(
              (op.body.type === 'form' ? ['application/x-www-form-urlencoded', 'multipart/form-data'] : ['application/json']).map(
                (type) => [type, { schema: inputJsonSchema(op.body?.schema ?? z.object({})) }],
              ),
            ),
          },
        }
      : {}),
    responses,
  };
}

export function buildOpenApiDocument(operations: readonly ApiOperation[] = API_OPERATIONS, serverUrl = siteOrigin()) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const item = (paths[op.path] ??= {});
    if (item[op.method]) throw new Error(`openapi: ${op.method} ${op.path} is listed twice`);
    item[op.method] = operationObject(op);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Roamly API',
      version: pkg.version,
      description:
        'The API of the web site and the mobile apps (SPEC §7). Every endpoint parses its input with the zod schema this document is generated from, answers JSON, and on failure answers `{ "error": { "code", "message", "fields" } }` with the status shown; `message` is translated into {lang}.',
    },
    // The configured origin (SITE_URL), never the Host a request came in under.
    servers: [{ url: serverUrl }],
    tags: [...new Set(operations.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: { schemas: { ApiError: inputJsonSchema(apiErrorBodySchema) } },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

let cached: string | undefined;

/** The document as served: built once per process (it changes only with a deploy). */
export function openApiJson(): string {
  cached ??= JSON.stringify(buildOpenApiDocument());
  return cached;
}
