/**
 * The API's error catalogue (issue 19): every code the API answers, once, with its HTTP status
 * and the fields it may carry beside `code`, `message` and `fields`. The message is translated
 * with the key `apiError.<code>` in all 24 locales (catalogue.test.ts holds them to it).
 *
 * Codes never change once shipped, and a code has exactly one status. Where a code used to be
 * sent with two statuses, the code was kept and its status fixed to the case a traveller or an
 * app meets (docs/ARCHITECTURE.md, "Errors"):
 * - `invalid_code` 401 (was also 400 for a malformed two-factor body): a code that does not
 *   check out is an authentication failure (SPEC §8: a 401 shows the server's message); a
 *   malformed one is the same failure, and still names the field.
 * - `invalid_link` 401 (was also 400), likewise for one-time sign-in links.
 * - `captcha_failed` 401 (was 400 on the password-reset request): the login island treats it as
 *   a sign-in refusal, by code, on every call.
 * - `invalid_ticket_link` 403 (was also 400 for a garbled link): a ticket link that does not open
 *   a ticket is refused whatever is wrong with it; a garbled one still names its fields.
 * - `invalid_booking_form` 422 (was also 400 when the envelope or the add-ons did not parse):
 *   the island shows the failing fields either way.
 * - `invalid_class` 422 (was also 400 for a body that did not parse).
 * - `invalid_webhook` 400 for a body that is not an event; a signature that does not check out
 *   (missing, malformed, wrong, stale) is the new `invalid_signature` 401 — server to server,
 *   the gateway retries both.
 */
import { z } from 'zod';
import { moneySchema as money } from './answers/common.ts';

export interface CatalogueEntry {
  status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 421 | 422 | 429 | 500 | 503;
  /** What the code means, for the API reference. */
  about: string;
  /** Fields the envelope's `error` object carries beside code, message and fields. */
  extra?: z.ZodObject;
}

export const API_ERRORS = {
  // Refused by the request guard before any handler (api/middleware.ts, scripts/lib/requestRules.ts).
  not_found: { status: 404, about: 'No such path, or no such item of the signed-in user.' },
  method_not_allowed: { status: 405, about: 'The path does not serve this method; `Allow` lists those it does.' },
  unsupported_media_type: { status: 415, about: "The body is not the operation's JSON or form." },
  payload_too_large: { status: 413, about: "The body is larger than the operation's limit." },
  invalid_json: { status: 400, about: 'The body does not parse as JSON, or nests too deep.' },
  invalid_characters: { status: 400, about: 'Control characters or unpaired surrogates in the query or the body.' },
  invalid_encoding: { status: 400, about: 'The address does not percent-decode.' },
  unknown_host: { status: 421, about: "The request's Host is not the site's." },
  cross_site: { status: 403, about: 'A state-changing call from another site.' },
  internal_error: { status: 500, about: 'The server failed; nothing was changed that the client must know about.' },

  // Search, typeahead and network content.
  invalid_search: { status: 400, about: 'The search query does not parse.' },
  invalid_recheck: { status: 400, about: 'The recheck token or connector does not parse.' },
  invalid_query: { status: 400, about: 'The query does not parse.' },
  unknown_place: { status: 404, about: 'No such place or station.' },
  unknown_trip: { status: 404, about: 'No such trip or route.' },
  unknown_operator: { status: 404, about: 'No such operator.' },
  unknown_document: { status: 404, about: 'No such document.' },
  search_unavailable: { status: 503, about: 'The search index is not ready yet; retry shortly.' },

  // Cart and checkout.
  invalid_cart: { status: 400, about: 'The cart hash does not parse.' },
  cart_not_found: { status: 404, about: 'No such cart, or it is booked by someone else.' },
  invalid_booking_form: { status: 422, about: 'The booking form (or its envelope) fails the rules; `fields` names each failure.' },
  unknown_addon: { status: 422, about: 'An add-on the cart does not offer.' },
  invalid_class: { status: 422, about: 'The class change does not parse, or the leg has no such class.' },
  unknown_option: { status: 404, about: 'The travel option is gone.' },
  no_price: { status: 404, about: 'The leg has no fare on this date.' },
  unknown_product: { status: 404, about: 'A product of the cart is no longer sold.' },
  price_changed: {
    status: 409,
    about:
      'The fare moved since the traveller saw it: a reservation carries `old_total`/`new_total`, a class change `old_price`/`new_price`.',
    extra: z.object({
      old_total: money.optional(),
      new_total: money.optional(),
      old_price: money.optional(),
      new_price: money.optional(),
    }),
  },
  sold_out: { status: 409, about: 'Not enough seats left.' },
  seat_taken: {
    status: 409,
    about: 'A place chosen on the seat map was taken by another booking first; `seats` names them. Nothing is held.',
    extra: z.object({ seats: z.array(z.string()) }),
  },
  sales_closed: { status: 409, about: 'The departure no longer takes bookings.' },
  class_locked: { status: 409, about: 'The booking is past the step where the class can change.' },
  cart_closed: { status: 409, about: 'A booking was made from the cart already; nothing can be added to it.' },
  cart_full: { status: 409, about: 'The cart holds as many product lines as it can.' },

  // Rail passes.
  railpass_not_found: { status: 404, about: 'No such rail pass.' },
  invalid_railpass_purchase: { status: 400, about: 'The rail pass purchase does not parse; `fields` names each failure.' },
  railpass_not_sellable: {
    status: 422,
    about: 'The pass cannot be sold with these details (start date, travellers, residence, class); `fields` names each failure.',
  },
  travellers_mismatch: { status: 422, about: 'A pass added to an open cart needs one traveller per person of the cart.' },

  // Bookings and payment.
  invalid_booking: { status: 400, about: 'The booking reference or id does not parse.' },
  booking_not_found: { status: 404, about: 'No such booking, or not yours.' },
  invalid_order: { status: 400, about: 'The order body does not parse.' },
  idempotency_key_required: { status: 400, about: 'The Idempotency-Key header is missing or malformed.' },
  idempotency_key_reused: { status: 422, about: 'The Idempotency-Key was used with another body.' },
  idempotency_in_progress: { status: 409, about: 'The first call with this Idempotency-Key is still running.' },
  already_paid: { status: 409, about: 'The booking is paid already.' },
  booking_not_payable: { status: 409, about: 'The booking cannot be paid in its status.' },
  not_cancellable: { status: 409, about: 'The booking cannot be cancelled.' },
  invalid_webhook: { status: 400, about: 'The webhook body is not an event.' },
  invalid_signature: { status: 401, about: 'The webhook signature is missing, malformed, wrong or outside the replay window.' },
  payment_not_found: { status: 404, about: 'No payment with this reference.' },
  amount_mismatch: { status: 422, about: 'The event does not match the payment.' },
  payment_provider_unavailable: { status: 503, about: 'The payment provider did not answer; nothing was charged. Retry shortly.' },
  invalid_card_bin: { status: 400, about: 'The first digits of the card do not parse (6 to 8 digits).' },
  transition_not_allowed: { status: 409, about: "The booking's status does not allow this change." },
  booking_busy: { status: 503, about: 'Another change holds the booking; retry after `Retry-After` seconds. Nothing changed.' },

  // Tickets.
  invalid_ticket_link: { status: 403, about: 'The ticket link is garbled, forged or expired.' },

  // Accounts.
  invalid_login: { status: 400, about: 'The sign-in body does not parse.' },
  invalid_registration: { status: 400, about: 'The registration body does not parse.' },
  invalid_reset: { status: 400, about: 'The password-reset body does not parse.' },
  invalid_profile: { status: 400, about: 'The profile change does not parse.' },
  invalid_credentials: { status: 401, about: 'Wrong e-mail or password.' },
  invalid_code: { status: 401, about: 'The two-factor or recovery code is wrong, used or malformed.' },
  invalid_google: { status: 401, about: 'The Google credential does not check out.' },
  invalid_link: { status: 401, about: 'The one-time link is unknown, used or expired.' },
  captcha_required: { status: 401, about: 'Solve the captcha and send its token as `captcha`.' },
  captcha_failed: { status: 401, about: 'The captcha token does not check out.' },
  not_signed_in: { status: 401, about: 'Sign in first.' },
  reauthentication_failed: { status: 401, about: 'The password given to confirm the change is wrong.' },
  two_factor_on: { status: 409, about: 'Two-factor sign-in is on already.' },
  too_many_attempts: { status: 429, about: 'Too many attempts; retry after `Retry-After` seconds.' },

  // Support self-service and mail preferences.
  invalid_passenger_change: {
    status: 422,
    about:
      'The passenger correction does not parse, changes nothing, or names a field that cannot be corrected; `fields` names each failure.',
  },
  invalid_unsubscribe_link: { status: 403, about: 'The unsubscribe link is garbled or its hash does not match the type and address.' },

  // Analytics and operations (issue 25).
  invalid_analytics: { status: 400, about: 'The analytics, client-error or replay batch does not parse; `fields` names each failure.' },
  invalid_bug_report: {
    status: 400,
    about: 'The bug report does not parse (recipients are staff roles; the message 10 to 5000 characters).',
  },

  // Preferences.
  invalid_currency: { status: 400, about: 'Not a supported currency, or an unsafe return path.' },

  // Support cases and uploads (src/server/support/; SPEC §5 file messages).
  file_not_loaded: { status: 400, about: 'The upload carried no file (an empty body).' },
  file_wrong_format: {
    status: 415,
    about: 'The file is not an accepted type by its content (PNG, JPEG, WebP, GIF or PDF), whatever its name.',
  },
  file_too_large: { status: 413, about: 'The file is larger than the upload size limit.' },
  invalid_case: {
    status: 422,
    about: 'The case does not parse, lacks an e-mail address, or names an upload that is unknown or already used.',
  },
  case_booking_not_found: { status: 404, about: 'No booking with this reference and e-mail address (or of the signed-in traveller).' },
  // Live chat (chatProxy/{userId}).
  invalid_chat: {
    status: 422,
    about:
      'The chat line or query does not parse, or a first line lacks the e-mail address Support can answer to; `fields` names each failure.',
  },
  chat_forbidden: { status: 403, about: 'This chat belongs to another traveller (sign in, or use the browser that started it).' },
  chat_not_found: { status: 404, about: 'This traveller has no open chat to answer.' },

  // The admin calls of SPEC §7 (issue 22, src/server/admin/): staff only, by the role table.
  staff_only: { status: 403, about: "The signed-in account's role may not make this call (the role table of the operators area)." },
  two_factor_required: { status: 403, about: 'Staff turn on two-factor sign-in in their profile before making staff calls.' },
  invalid_admin_input: { status: 422, about: "The admin call's query or body fails its rules; `fields` names each failure." },
  proxy_unavailable: { status: 503, about: 'The site did not answer the proxied request in time; nothing was changed.' },
} as const satisfies Record<string, CatalogueEntry>;

export type ApiErrorCode = keyof typeof API_ERRORS;

export const API_ERROR_CODES = Object.keys(API_ERRORS) as ApiErrorCode[];

export function isApiErrorCode(code: string): code is ApiErrorCode {
  return Object.hasOwn(API_ERRORS, code);
}

export function statusOf(code: ApiErrorCode): number {
  return API_ERRORS[code].status;
}
