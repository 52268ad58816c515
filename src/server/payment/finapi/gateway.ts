/**
 * The finAPI bank-transfer paygate on the provider interface (../paygates.ts), in the shape of
 * finAPI's Web Form 2.0 payment flow:
 *
 * - start: a web form for a standalone payment of the booking's total to the shop's account
 *   (POST /api/webForms/standalonePayment), created server-side; the traveller is redirected to
 *   the form's URL (their bank login and approval happen there, at finAPI), with our
 *   `pay/finapi-payment-result` as the redirect for success, error and abort. The web form's id
 *   is the payment's reference; finAPI calls our signed callback URL when the form is finalised.
 * - status: the web form (GET /api/webForms/{id}), and once it is completed the payment it made
 *   (GET /api/v2/payments?ids=); the event id is finAPI's payment id and status, so the same news
 *   from the callback and from the traveller's return is applied once.
 * - refund: a money transfer from the shop's finAPI account back to the IBAN the money came from,
 *   partial when asked for less than was paid, in the currency charged.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { Paygate, PaymentStart, ProviderStatus, RefundAnswer, RefundRequest, StartedPayment } from '../paygates.ts';
import { fromYunoValue as fromMajorValue, toYunoValue as toMajorValue } from '../yuno/amounts.ts';
import { finapiCallbackUrl } from './callbackSignature.ts';
import { createFinapiClient, FinapiError, type Fetch, type FinapiClient } from './client.ts';
import { finapiSettings, type FinapiSettings } from './config.ts';
import type { FinapiPayment, WebForm } from './shapes.ts';

/** finAPI's SEPA payments carry no currency of their own: they are euros. */
const SEPA_CURRENCY = 'EUR';

/** The traveller's return from the web form (SPEC §7 pay/finapi-payment-result). */
export function finapiReturnUrl(origin: string, lang: string, bookingPublicId: string): string {
  return `${origin}/api/nuxt/${lang}/pay/finapi-payment-result?booking=${bookingPublicId}`;
}

/** The shop's word for a web form and its payment: an event confirm.ts applies, or nothing yet. */
export function statusOfWebForm(form: WebForm, payment: FinapiPayment | undefined): ProviderStatus {
  if (form.status === 'ABORTED' || form.status === 'EXPIRED' || form.status === 'COMPLETED_WITH_ERROR')
    return {
      state: 'failed',
      eventId: `finapi_form_${form.id}_${form.status}`,
      amountMinor: 0,
      currency: SEPA_CURRENCY,
      failureCode: (form.payload?.errorCode ?? form.status).toLowerCase(),
    };
  if (form.status !== 'COMPLETED' || !payment) return { state: 'pending' };
  const currency = payment.currencyCode ?? SEPA_CURRENCY;
  if (payment.status === 'SUCCESSFUL')
    return {
      state: 'succeeded',
      eventId: `finapi_${String(payment.id)}_${payment.status}`,
      // An amount the currency cannot hold matches no payment: confirm.ts refuses it as a mismatch.
      amountMinor: fromMajorValue(payment.amount, currency) ?? -1,
      currency,
    };
  if (payment.status === 'NOT_SUCCESSFUL' || payment.status === 'DISCARDED')
    return {
      state: 'failed',
      eventId: `finapi_${String(payment.id)}_${payment.status}`,
      amountMinor: 0,
      currency,
      failureCode: payment.status.toLowerCase(),
    };
  return { state: 'pending' };
}

export function createFinapiGateway(options: { settings?: () => FinapiSettings; fetch?: Fetch } = {}): Paygate {
  const settings = options.settings ?? (() => finapiSettings());
  let cached: { client: FinapiClient; for: FinapiSettings } | undefined;
  // One client per settings: it keeps finAPI's access token between calls.
  const client = (): FinapiClient => {
    const s = settings();
    if (cached?.for !== s) cached = { client: createFinapiClient(s, options.fetch ?? ((url, init) => fetch(url, init))), for: s };
    return cached.client;
  };

  async function paymentOf(providerRef: string): Promise<{ form: WebForm; payment: FinapiPayment | undefined }> {
    const form = await client().webForm(providerRef);
    const paymentId = form.payload?.paymentId;
    return { form, payment: paymentId === undefined ? undefined : await client().payment(paymentId) };
  }

  return {
    code: 'finapi',
    type: 'bank',
    async start(_db: Db, input: PaymentStart): Promise<StartedPayment> {
      const s = settings();
      const form = await client().createStandalonePayment(
        {
          orders: [
            {
              recipient: { name: s.recipientName, iban: s.recipientIban },
              amount: { value: toMajorValue(input.amountMinor, input.currency), currency: input.currency },
              purpose: `Booking ${input.bookingPublicId}`.slice(0, 140),
              // What the shop's bank statement shows for this transfer (at most 35 characters).
              endToEndId: `bk${randomBytes(12).toString('hex')}`,
            },
          ],
          callbacks: { finalised: finapiCallbackUrl(input.origin, s.callbackSecret, input.bookingPublicId) },
          allowTestBank: s.sandbox,
        },
        input.idempotencyKey,
      );
      const back = finapiReturnUrl(input.origin, input.lang, input.bookingPublicId);
      const url = new URL(form.url);
      // Web Form 2.0 takes where to send the traveller afterwards as query parameters of its URL.
      for (const name of ['redirectUrl', 'errorRedirectUrl', 'abortRedirectUrl']) url.searchParams.set(name, back);
      if (s.sandbox) url.searchParams.set('lang', input.lang);
      const expires = Date.parse(form.expiresAt);
      return { providerRef: form.id, redirectUrl: url.toString(), expiresAt: Number.isNaN(expires) ? null : new Date(expires) };
    },
    async status(providerRef: string): Promise<ProviderStatus> {
      const { form, payment } = await paymentOf(providerRef);
      return statusOfWebForm(form, payment);
    },
    async refund(providerRef: string, refund: RefundRequest): Promise<RefundAnswer> {
      const { payment } = await paymentOf(providerRef);
      if (payment?.status !== 'SUCCESSFUL' || !payment.iban) throw new FinapiError(`no completed finAPI payment for ${providerRef}`, 404);
      const currency = payment.currencyCode ?? SEPA_CURRENCY;
      if (currency !== refund.currency) throw new FinapiError(`refund in ${refund.currency} of a ${currency} payment`, 422);
      const transfer = await client().moneyTransfer(
        {
          accountId: settings().accountId,
          orders: [
            {
              counterpartName: 'Traveller',
              counterpartIban: payment.iban,
              amount: toMajorValue(refund.amountMinor, refund.currency),
              currencyCode: refund.currency,
              purpose: `Refund ${providerRef}`.slice(0, 140),
            },
          ],
        },
        refund.idempotencyKey,
      );
      return { refundRef: String(transfer.id), state: transfer.status === 'SUCCESSFUL' ? 'succeeded' : 'pending' };
    },
  };
}

export const finapiGateway: Paygate = createFinapiGateway();
