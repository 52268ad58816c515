/**
 * Where a booking's payment stands, as the payment status page and pay/payment-result show it
 * (SPEC §7): built by src/server/payment/result.ts, read by the PaymentStatus island.
 */
import type { Money } from '../search/money.ts';

export interface BookingPaymentView {
  id: string;
  status: string;
  total: Money;
  hold_expires_at: string;
  payment: { paygate: string; status: string; failure_code: string | null; reference: string | null; expires_at: string | null } | null;
}

export interface PaymentResult extends BookingPaymentView {
  /** Nothing more will change without the traveller (paid, failed, expired, refunded). */
  final: boolean;
  paid: boolean;
  success_url: string | null;
}
