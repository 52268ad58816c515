/**
 * The process-wide payment API: the server's database, the real clock, the background webhook
 * sender, and the confirmation mail with the e-ticket once a booking is paid.
 */
import { createPaymentApi, type PaymentApi } from './api.ts';
import { sendBookingConfirmation } from '../tickets/mail.ts';

export const paymentApi: PaymentApi = createPaymentApi({
  onPaid: async (db, bookingId) => {
    await sendBookingConfirmation(db, bookingId);
  },
});
