/**
 * Paygates behind one provider interface. Every paygate — the sandbox card gateway, pay at
 * counter, the Yuno card session, the finAPI bank transfer — is driven the same way:
 *
 * - `start`: create the provider's session for one payment and say how the traveller continues
 *   (a redirect to a hosted page, or a session id the page embeds with the provider's SDK);
 * - `status`: ask the provider where a payment stands (the pull side of status polling; the
 *   signed webhook is the push side, and both go through confirm.ts's `applyPaymentEvent`);
 * - `refund`: give back a captured payment, in full or in part, in the currency charged,
 *   answering with the provider's own reference of the refund.
 *
 * Each call to a provider carries an idempotency key, so a call repeated after a timeout or a
 * crash is the same call to the provider, not a second payment or a second refund.
 * Capture is immediate for every paygate here (sale, not authorisation): the shop only takes
 * money for seats it can sell, and confirm.ts refunds what arrives for seats it cannot.
 */
import type { Db } from '../db/client.ts';
import type { MessageKey } from '../../i18n/messageKeys.ts';

export type PaygateCode = 'sandbox-card' | 'counter' | 'yuno' | 'finapi';

/** How a paygate takes money: a card, a bank transfer the traveller approves at their bank, or at a counter. */
export type PaygateType = 'card' | 'bank' | 'offline';

export interface StartedPayment {
  providerRef: string;
  /** Where the traveller continues: the hosted page, or our own status page for offline payments. */
  redirectUrl: string;
  expiresAt: Date | null;
  /** For a provider whose SDK embeds the payment form in our page: the session the SDK opens. */
  embedSession?: string;
}

export interface PaymentStart {
  bookingId: number;
  /** The booking's public id: the one URLs carry (status and success pages). */
  bookingPublicId: string;
  amountMinor: number;
  currency: string;
  lang: string;
  /** The shop's configured origin (SITE_URL), for return and webhook URLs — never the request's Host. */
  origin: string;
  now: number;
  /** Names this start to the provider: a repeated start with the same key is the same session. */
  idempotencyKey: string;
}

/** Where a payment stands at its provider, in the shop's words (applied by confirm.ts). */
export type ProviderStatus =
  { state: 'pending' } | { state: 'succeeded' | 'failed'; eventId: string; amountMinor: number; currency: string; failureCode?: string };

export interface RefundRequest {
  amountMinor: number;
  currency: string;
  idempotencyKey: string;
}

export interface RefundAnswer {
  /** The provider's own id of this refund (shown to staff and on the ticket page). */
  refundRef: string;
  state: 'succeeded' | 'pending';
}

export interface Paygate {
  readonly code: PaygateCode;
  readonly type: PaygateType;
  start(db: Db, input: PaymentStart): Promise<StartedPayment>;
  /** Pull the payment's state from the provider; paygates that only push (webhooks) or are offline answer pending. */
  status(providerRef: string, call: { idempotencyKey: string }): Promise<ProviderStatus>;
  /**
   * Returns money of a captured payment (the booking could not be honoured, or was cancelled),
   * all of it or part of it. `idempotencyKey` names the refund (its domain event), so a provider
   * that is asked again after a crash answers with the refund it already made instead of paying twice.
   */
  refund(providerRef: string, refund: RefundRequest): Promise<RefundAnswer>;
}

export const PAYGATE_CODES: readonly PaygateCode[] = ['sandbox-card', 'counter', 'yuno', 'finapi'];

/** Paygates offered at checkout, with the translation key of their button. */
export const PAYGATES: readonly { code: PaygateCode; type: PaygateType; labelKey: MessageKey }[] = [
  { code: 'sandbox-card', type: 'card', labelKey: 'pay.gate.card' },
  { code: 'yuno', type: 'card', labelKey: 'pay.gate.yuno' },
  { code: 'finapi', type: 'bank', labelKey: 'pay.gate.finapi' },
  { code: 'counter', type: 'offline', labelKey: 'pay.gate.counter' },
];

/** The failure code of a payment session that a newer one for the same paygate replaced (place.ts). */
export const SUPERSEDED = 'superseded';

/** A paygate that neither pulls status nor moves money itself: the answer for polling. */
export const PUSH_ONLY_STATUS = (): Promise<ProviderStatus> => Promise.resolve({ state: 'pending' });
