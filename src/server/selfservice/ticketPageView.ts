/**
 * The view of SPEC §2's ticket page (/{lang}/ticket, opened through the signed link), read once
 * for the page, and what its two forms do:
 *
 * - `action=passengers` corrects passengers (passengerChanges.ts): before the operator's cut-off
 *   the ticket is issued again and mailed, after it the correction is recorded for Support; either
 *   way the page is shown again (303) with `changed=reissued|requested`, or with its field errors.
 * - `confirm=yes` cancels (src/server/tickets/cancel.ts), then shows the cancelled booking (303);
 *   anything else posted opens the confirm step.
 *
 * The ticket is the booking's own: of a cart paid in parts (issue 26) only its part's legs and
 * extras, with the part's total (src/server/booking/bookedCart.ts). Its refunds are shown as the
 * provider that took the money recorded them.
 */
import { z } from 'zod';
import { isPaid } from '../../domain/booking/lifecycle.ts';
import { formatMoneyValue } from '../../domain/checkout/format.ts';
import { toMoney } from '../../domain/search/money.ts';
import { formatStationTime } from '../../domain/tickets/stationTime.ts';
import type { Translate } from '../../i18n/translate.ts';
import type { ApiErrorCode } from '../api/catalogue.ts';
import { ApiError } from '../api/errors.ts';
import { getBooking } from '../booking/bookings.ts';
import { BookingBusy } from '../booking/lifecycle/locks.ts';
import { travellerContext } from '../booking/requestContext.ts';
import type { Db } from '../db/client.ts';
import { getDbHandle } from '../db/index.ts';
import { eventDispatcher } from '../events/instance.ts';
import { refundsOfBooking, type RefundState } from '../payment/refundStates.ts';
import { getSearchIndex } from '../search/cache.ts';
import { cancelBooking, cancellationPreview } from '../tickets/cancel.ts';
import { loadTicketData, type TicketData } from '../tickets/data.ts';
import { ticketLinks, verifyTicketToken } from '../tickets/links.ts';
import {
  changePassengersAsTraveller,
  isPassengerChangeError,
  passengerChangeErrorKey,
  type PassengerChangeErrorKey,
} from './passengerChanges.ts';
import { correctionsFromForm, passengerFormView, type PassengerFormView } from './ticketForm.ts';

/** The confirm step's form: nothing cancels without the explicit "yes". */
const cancelForm = z.object({ confirm: z.literal('yes') });

/** What a refused passenger change says, by field (`_`: the whole form), as message keys. */
export type ChangeErrorKeys = Record<string, (PassengerChangeErrorKey | `apiError.${ApiErrorCode}`)[]>;

export interface TicketPageInput {
  url: URL;
  request: Request;
  locals: { locale: { code: string; segment: string }; t: Translate; requestId?: string };
}

export type TicketPageView =
  | { kind: 'redirect'; url: string }
  | {
      kind: 'page';
      /** 200; 403 for a link that opens no paid or cancelled ticket; a refused change's 409, 422 or 503. */
      status: number;
      bookingId: number;
      token: string;
      /** The page's own address (with the signed link), where its forms post. */
      self: string;
      ticket: TicketData | undefined;
      paid: boolean;
      cancelled: boolean;
      /** The refund of a cancelled booking, formatted; '' otherwise. */
      refunded: string;
      /** Each refund as the provider that took the money recorded it (amount in the currency charged, formatted). */
      providerRefunds: (Omit<RefundState, 'amountMinor' | 'currency'> & { amount: string })[];
      /** What cancelling would refund, while the booking is paid. */
      refund: { cancellable: boolean; refundMinor: number; amount: string; text: string } | undefined;
      links: ReturnType<typeof ticketLinks> | undefined;
      passengerForm: PassengerFormView | undefined;
      /** Until when passengers can be corrected, in the first departure station's zone; '' when there is no cut-off. */
      changeClose: string;
      changed: 'reissued' | 'requested' | null;
      changeErrors: ChangeErrorKeys | undefined;
      confirming: boolean;
      cancelError: boolean;
    };

export async function ticketPageView(page: TicketPageInput, database?: Db, nowMs = Date.now()): Promise<TicketPageView> {
  const { url, locals } = page;
  const { locale, t } = locals;
  const db = database ?? (await getDbHandle()).db;
  const index = await getSearchIndex(db, nowMs);
  const bookingId = Number(url.searchParams.get('b'));
  const token = url.searchParams.get('t') ?? '';
  const allowed = Number.isInteger(bookingId) && bookingId > 0 && verifyTicketToken(bookingId, token, nowMs);
  const self = `${url.pathname}?b=${String(bookingId)}&t=${encodeURIComponent(token)}`;
  let status = 200;
  let confirming = allowed && url.searchParams.get('cancel') === 'confirm';
  let cancelError = false;
  let changeErrors: ChangeErrorKeys | undefined;
  if (allowed && page.request.method === 'POST') {
    const form = await page.request.formData().catch(() => undefined);
    if (form?.get('action') === 'passengers') {
      const changed = await changePassengers(page, db, bookingId, form, nowMs);
      if ('redirect' in changed) return { kind: 'redirect', url: `${self}&changed=${changed.redirect}#passengers-title` };
      ({ status, changeErrors } = changed);
    } else if (cancelForm.safeParse(form ? Object.fromEntries(form) : {}).success) {
      if (await cancel(page, db, bookingId, nowMs)) return { kind: 'redirect', url: `${self}#cancelled-title` };
      cancelError = true;
    } else confirming = true;
  }
  const now = new Date(nowMs);
  const ticket = allowed ? await loadTicketData(db, index, bookingId, locale.code, t) : undefined;
  const preview = allowed ? await cancellationPreview(db, bookingId, now) : undefined;
  const money = (minor: number, currency: string) => formatMoneyValue(toMoney(minor, currency, index.fx), locale.code);
  // Times in the first departure station's zone, zone named (not the server's UTC).
  const firstLeg = ticket?.legs[0];
  const stationTime = (at: Date | null | undefined) =>
    at && firstLeg ? formatStationTime(at, firstLeg.departure_time_zone, locale.code) : '';
  const paid = ticket !== undefined && isPaid(ticket.status);
  const cancelled = ticket !== undefined && (ticket.status === 'cancelled' || ticket.status === 'refunded');
  if (!paid && !cancelled) status = 403;
  const passengerForm = paid ? await passengerFormView(db, bookingId, now) : undefined;
  const refundAmount = preview ? money(preview.refundMinor, preview.currency) : '';
  return {
    kind: 'page',
    status,
    bookingId,
    token,
    self,
    ticket,
    paid,
    cancelled,
    refunded: cancelled ? money(ticket.refundMinor ?? 0, ticket.total.fxcode) : '',
    providerRefunds: cancelled
      ? (await refundsOfBooking(db, bookingId)).map(({ amountMinor, currency, ...refund }) => ({
          ...refund,
          amount: money(amountMinor, currency),
        }))
      : [],
    refund: preview && {
      cancellable: preview.cancellable,
      refundMinor: preview.refundMinor,
      amount: refundAmount,
      text: preview.full
        ? t('ticket.refundFull', { amount: refundAmount, time: stationTime(preview.deadline) })
        : preview.refundMinor > 0
          ? t('ticket.refundPartial', { amount: refundAmount })
          : t('ticket.refundNone'),
    },
    links: paid ? ticketLinks(locale.segment, bookingId, nowMs) : undefined,
    passengerForm,
    changeClose: stationTime(passengerForm?.closesAt),
    changed: z.enum(['reissued', 'requested']).safeParse(url.searchParams.get('changed')).data ?? null,
    changeErrors,
    confirming,
    cancelError,
  };
}

/** The passenger form's post: the outcome to redirect to, or the refusal to show. */
async function changePassengers(
  page: TicketPageInput,
  db: Db,
  bookingId: number,
  form: FormData,
  nowMs: number,
): Promise<{ redirect: 'reissued' | 'requested' } | { status: number; changeErrors: ChangeErrorKeys }> {
  const now = new Date(nowMs);
  const view = await passengerFormView(db, bookingId, now);
  const parsed = correctionsFromForm(form, view?.passengers.length ?? 0, now.toISOString().slice(0, 10));
  if (!parsed.ok) return { status: 422, changeErrors: errorKeys(parsed.fields) };
  try {
    const outcome = await changePassengersAsTraveller(db, {
      bookingId,
      corrections: parsed.corrections,
      now,
      ctx: await travellerContext(page, db, nowMs),
    });
    // The corrected ticket is mailed now; the events job retries what fails.
    if (outcome.status === 'reissued') await eventDispatcher.deliverSoon(db, bookingId);
    return { redirect: outcome.status };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const status = error.code === 'invalid_passenger_change' ? 422 : error.code === 'booking_busy' ? 503 : 409;
    const fields = error.detail.fields;
    const changeErrors: ChangeErrorKeys =
      error.code === 'invalid_passenger_change' && fields && !(fields instanceof z.ZodError)
        ? errorKeys(fields)
        : { _: [`apiError.${error.code}`] };
    return { status, changeErrors };
  }
}

/** The passenger change's refusals as the message keys they read as. */
function errorKeys(fields: Record<string, string[]>): ChangeErrorKeys {
  return Object.fromEntries(
    Object.entries(fields).map(([field, errors]) => [field, errors.filter(isPassengerChangeError).map(passengerChangeErrorKey)]),
  );
}

/** The confirmed cancel: true when the booking is cancelled now (by this post or an earlier one). */
async function cancel(page: TicketPageInput, db: Db, bookingId: number, nowMs: number): Promise<boolean> {
  // Another change holding the booking too long (BookingBusy) reads as "could not cancel, try again".
  const result = await cancelBooking(db, bookingId, new Date(nowMs), await travellerContext(page, db, nowMs)).catch((error: unknown) => {
    if (error instanceof BookingBusy) return { ok: false as const, code: 'busy' as const };
    throw error;
  });
  // The cancellation's event: its mail and refund go out now (once per booking however often the
  // cancel is repeated — the mail has its own claim); the events job retries what fails.
  await eventDispatcher.deliverSoon(db, bookingId);
  if (!result.ok && result.code !== 'not_cancellable') return false;
  const status = (await getBooking(db, bookingId, new Date(nowMs)))?.status;
  return status === 'cancelled' || status === 'refunded';
}
