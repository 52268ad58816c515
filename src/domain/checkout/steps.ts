import type { Translate } from '../../i18n/translate.ts';
/**
 * Checkout steps (SPEC §4: 0 passengers and itinerary, 1 passengers, 2 confirmation, 3 payment)
 * and the step restriction: a step opens only when the data it needs exists. A page asked for
 * too early is sent to the furthest step the traveller may see; a paid booking goes to its
 * payment status instead of back into the form.
 */

export type CheckoutStep = 0 | 1 | 2 | 3;

export interface CheckoutState {
  cartExists: boolean;
  /** A reservation holds seats (passengers given, hold not lapsed). */
  hasLiveBooking: boolean;
  /** The booking was paid (or is being confirmed): checkout is over. Its public id (URLs carry no row ids). */
  paidBookingId: string | null;
}

/** The translation keys of the steps' names, in order (the progress list and the page titles). */
export const STEP_LABEL_KEYS = [
  'checkout.stepItinerary',
  'checkout.stepPassengers',
  'checkout.stepConfirmation',
  'checkout.stepPayment',
] as const;

/** The page title of a step: its name, its number and the checkout, e.g. "Trip – step 1 of 4 – Checkout". */
export function checkoutStepTitle(step: CheckoutStep, t: Translate): string {
  return t('checkout.stepTitle', { step: t(STEP_LABEL_KEYS[step]), n: step + 1, total: STEP_LABEL_KEYS.length });
}

export function checkoutPath(lang: string, hash: string, step: CheckoutStep): string {
  const base = `/${lang}/checkout/${encodeURIComponent(hash)}`;
  if (step === 1) return `${base}/step/passengers`;
  if (step === 2) return `${base}/step/confirmation`;
  if (step === 3) return `/${lang}/pay/${encodeURIComponent(hash)}`;
  return base;
}

/**
 * The empty checkout that says the cart asked for was not found. It must not resume the cart
 * in the checkout cookie: that is another (perhaps paid) booking, not the one asked for.
 */
export function unknownCartPath(lang: string): string {
  return `/${lang}/checkout?unknown=1`;
}

/** Where to send a request for `step`, or null when it may be shown. */
export function restrictStep(lang: string, hash: string, step: CheckoutStep, state: CheckoutState): string | null {
  if (!state.cartExists) return unknownCartPath(lang);
  if (state.paidBookingId !== null) return `/${lang}/payment-status/booking/${state.paidBookingId}`;
  if (step >= 2 && !state.hasLiveBooking) return checkoutPath(lang, hash, 1);
  return null;
}
