/**
 * Confirmation mails wait their turn behind the traveller-facing work. Printing the e-ticket and
 * composing the mail costs more CPU than any checkout step; run for every payment at once, a
 * burst of sales would slow every page and hold. Queued one (or a few) at a time, a burst is
 * answered first and the mails follow a moment later. Nothing is lost if the process stops with
 * mails still queued: each stays owed in the database and the background sender sends it
 * (confirmationMail.ts).
 */
export interface MailQueue {
  /** Resolves once this booking's mail job has run (sent, found already sent, or failed and left owed). */
  enqueue(bookingId: number): Promise<void>;
  /** Jobs waiting or running. */
  readonly size: number;
}

export function createMailQueue(send: (bookingId: number) => Promise<unknown>, concurrency = 1): MailQueue {
  const waiting: { bookingId: number; done: () => void }[] = [];
  let running = 0;

  function pump() {
    while (running < concurrency) {
      const job = waiting.shift();
      if (!job) return;
      running++;
      // A failure is the sender's to record (the mail stays owed); the queue just moves on.
      void send(job.bookingId)
        .catch(() => undefined)
        .finally(() => {
          running--;
          job.done();
          pump();
        });
    }
  }

  return {
    enqueue(bookingId) {
      return new Promise<void>((done) => {
        waiting.push({ bookingId, done });
        pump();
      });
    },
    get size() {
      return waiting.length + running;
    },
  };
}
