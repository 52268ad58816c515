/**
 * The process-wide payment API: the server's database, the real clock, the background webhook
 * sender, and the confirmation mail with the e-ticket once a booking is paid (queued behind the
 * traveller-facing work, see tickets/mailQueue.ts).
 */
import { createPaymentApi, type PaymentApi } from './api.ts';
import type { Db } from '../db/client.ts';
import { deliverConfirmationMail } from '../tickets/confirmationMail.ts';
import { sendBookingConfirmation } from '../tickets/mail.ts';
import { createMailQueue, type MailQueue } from '../tickets/mailQueue.ts';

let queue: { db: Db; mails: MailQueue } | undefined;

export const paymentApi: PaymentApi = createPaymentApi({
  // A failed mail does not fail the payment event (it is acknowledged and never applied twice):
  // the booking stays owed its mail and the background sender (worker.ts) tries again.
  onPaid: (db, bookingId) => {
    if (queue?.db !== db)
      queue = { db, mails: createMailQueue((id) => deliverConfirmationMail(db, id, new Date(), (d, b) => sendBookingConfirmation(d, b))) };
    return queue.mails.enqueue(bookingId);
  },
});
