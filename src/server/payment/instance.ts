/**
 * The process-wide payment API: the server's database, the real clock, the background webhook
 * sender, and the confirmation mail with the e-ticket once a booking is paid.
 */
import { createPaymentApi, type PaymentApi } from './api.ts';
import { deliverConfirmationMail } from '../tickets/confirmationMail.ts';
import { sendBookingConfirmation } from '../tickets/mail.ts';

export const paymentApi: PaymentApi = createPaymentApi({
  // A failed mail does not fail the payment event (it is acknowledged and never applied twice):
  // the booking stays owed its mail and the background sender (worker.ts) tries again.
  onPaid: async (db, bookingId) => {
    await deliverConfirmationMail(db, bookingId, new Date(), (d, id) => sendBookingConfirmation(d, id));
  },
});
