/**
 * The process-wide payment API: the server's database, the real clock, and the process's event
 * dispatcher, which sends the confirmation mail and pays refunds once the webhook committed.
 */
import { createPaymentApi, type PaymentApi } from './api.ts';

export const paymentApi: PaymentApi = createPaymentApi();
