/**
 * Paygates behind one interface. A paygate starts a payment for a booking (returning where the
 * traveller goes next) and refunds a captured one. Two are built in: the sandbox card gateway
 * (a hosted payment page with webhooks, like a real provider) and pay at counter (offline: a
 * reference to show at the operator's counter before it expires; staff mark it paid).
 */
import type { Db } from '../db/client.ts';

export type PaygateCode = 'sandbox-card' | 'counter';

export interface StartedPayment {
  providerRef: string;
  /** Where the traveller continues: the hosted page, or our own status page for offline payments. */
  redirectUrl: string;
  expiresAt: Date | null;
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
}

export interface Paygate {
  readonly code: PaygateCode;
  readonly type: 'card' | 'offline';
  start(db: Db, input: PaymentStart): StartedPayment;
  /**
   * Returns money of a captured payment (the booking could not be honoured, or was cancelled).
   * `idempotencyKey` names the refund (its domain event), so a provider that is asked again after
   * a crash answers with the refund it already made instead of paying twice.
   */
  refund(providerRef: string, refund: { amountMinor: number; currency: string; idempotencyKey: string }): Promise<void>;
}

export const PAYGATE_CODES: readonly PaygateCode[] = ['sandbox-card', 'counter'];

/** Paygates offered at checkout, with the translation key of their button. */
export const PAYGATES: readonly { code: PaygateCode; type: 'card' | 'offline'; labelKey: string }[] = [
  { code: 'sandbox-card', type: 'card', labelKey: 'pay.gate.card' },
  { code: 'counter', type: 'offline', labelKey: 'pay.gate.counter' },
];

/** The failure code of a payment session that a newer one for the same paygate replaced (place.ts). */
export const SUPERSEDED = 'superseded';
