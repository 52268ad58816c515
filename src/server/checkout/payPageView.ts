/**
 * The view of SPEC §2's pay step (/{lang}/pay/{hash}), read once for the page: the held booking
 * with its total and hold, the paygates (each form with its own Idempotency-Key for this view of
 * the page, so a double submit places one order) and, for a cart paid in parts (issue 26), one
 * entry per part: its collector, legs, total and state, with its ticket once paid.
 */
import { randomUUID } from 'node:crypto';
import { checkoutPath } from '../../domain/checkout/steps.ts';
import { toMoney, type Money } from '../../domain/search/money.ts';
import type { Translate } from '../../i18n/translate.ts';
import { isApiErrorCode } from '../api/catalogue.ts';
import { logCheckoutStage } from '../booking/log.ts';
import type { BookingRow } from '../booking/bookings.ts';
import type { Db } from '../db/client.ts';
import { getDbHandle } from '../db/index.ts';
import { PAYGATES } from '../payment/paygates.ts';
import { getSearchIndex } from '../search/cache.ts';
import { ticketLinks } from '../tickets/links.ts';
import { checkoutContext, checkoutContextOf, type CheckoutRoute } from './context.ts';
import { payPartsView, type PayPartView } from './payParts.ts';

export interface PaygateChoice {
  code: string;
  type: string;
  name: string;
  /** The Idempotency-Key its form posts. */
  key: string;
}

/** One booking to pay (the cart's, or one part's) as the page shows it. */
export interface PayBookingView {
  booking: Pick<BookingRow, 'id' | 'publicId' | 'reference'>;
  total: Money;
  minutesLeft: number;
}

export type PayPageView =
  /** No held booking: the checkout's first step. */
  | { kind: 'redirect'; url: string }
  | {
      kind: 'pay';
      hash: string;
      /** The booking paid next (of a cart paid in parts: the first part still to pay). */
      lead: PayBookingView & { paygates: PaygateChoice[] };
      /** A cart paid in parts: one entry per part, else empty. */
      parts: (PayBookingView &
        Omit<PayPartView, 'booking'> & {
          paygates: PaygateChoice[];
          ticketUrl: string | null;
          /** The paygate form's refusal, shown with the part it was about. */
          error: string | null;
        })[];
      /** The refusal the paygate form (pay/[hash]/place.ts) came back with, translated. */
      payError: string | null;
    };

export async function payPageView(
  page: {
    hashParam: string;
    url: URL;
    locale: { code: string; segment: string };
    t: Translate;
    /** The cart and bookings the checkout middleware read for this request (`locals.checkout`): not read again. */
    route?: CheckoutRoute | undefined;
  },
  database?: Db,
  now = new Date(),
): Promise<PayPageView> {
  const { locale, t } = page;
  const hash = page.hashParam.replace(/^new-/, '');
  const db = database ?? (await getDbHandle()).db;
  const index = await getSearchIndex(db, now.getTime());
  const cc = page.route ? checkoutContextOf(page.route, index, locale.code) : await checkoutContext(db, index, hash, locale.code, now);
  const lead = cc?.booking;
  if (!cc || !lead) return { kind: 'redirect', url: checkoutPath(locale.segment, hash, 1) };
  logCheckoutStage('Fetch Paygates', { cart: hash, booking: lead.id });
  const paygates = () => PAYGATES.map((p) => ({ code: p.code, type: p.type, name: t(p.labelKey), key: randomUUID() }));
  const toPay = (booking: BookingRow): PayBookingView => ({
    booking,
    total: toMoney(booking.totalMinor, booking.currency, index.fx),
    minutesLeft: Math.max(0, Math.floor((booking.holdExpiresAt.getTime() - now.getTime()) / 60_000)),
  });
  const payError = refusal(page.url.searchParams.get('pay_error'), t);
  const parts =
    cc.bookings.length > 1
      ? payPartsView(cc).map((part) => ({
          ...part,
          ...toPay(part.booking),
          paygates: part.state === 'to_pay' ? paygates() : [],
          ticketUrl: part.state === 'paid' ? ticketLinks(locale.segment, part.booking.id, now.getTime()).page : null,
          error: part.booking.id === lead.id ? payError : null,
        }))
      : [];
  return { kind: 'pay', hash, lead: { ...toPay(lead), paygates: paygates() }, parts, payError };
}

function refusal(code: string | null, t: Translate): string | null {
  if (code === null) return null;
  return isApiErrorCode(code) && t(`apiError.${code}`) !== `apiError.${code}` ? t(`apiError.${code}`) : t('checkout.submitFailed');
}
