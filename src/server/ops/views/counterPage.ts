/** The view model of /{lang}/op/counter: counter payments awaiting and expired; POST marks one paid (`counter.markPaid`). */
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { getDbHandle } from '../../db/index.ts';
import { eventDispatcher } from '../../events/instance.ts';
import { counterPayments, markPaidAsStaff, markPaidInput } from '../counter.ts';
import { opGate, readOpPost } from '../page.ts';
import { opPath, pageView, redirectTo, type OpAstro } from './opView.ts';

export async function counterPage(astro: OpAstro) {
  const { session, requestId } = astro.locals;
  let gate = opGate(session, 'page.counter');
  const { db } = await getDbHandle();
  let status = 200;
  let errorKey: MessageKey | undefined;
  if (gate.kind === 'allowed' && astro.request.method === 'POST') {
    const post = await readOpPost(astro.request, session, 'counter.markPaid', markPaidInput);
    if (post.kind === 'refused') gate = post.gate;
    else if (post.kind === 'invalid') {
      status = 400;
      errorKey = 'op.error.invalid';
    } else {
      const outcome = await markPaidAsStaff(db, post.staff, post.input.reference, Date.now(), requestId ?? null);
      if (outcome.result === 'confirmed' || outcome.result === 'duplicate') {
        // The ticket mail (booking.paid) goes out now; the events job retries what fails.
        await eventDispatcher.deliverSoon(db, outcome.bookingId);
        return redirectTo(`${opPath(astro, 'counter')}?done=${encodeURIComponent(post.input.reference)}`);
      }
      status = outcome.result === 'unknown_payment' ? 404 : 409;
      errorKey = `op.counter.error.${outcome.result === 'expired' || outcome.result === 'unknown_payment' ? outcome.result : 'other'}`;
    }
  }
  const lists = gate.kind === 'allowed' ? await counterPayments(db, Date.now()) : undefined;
  return pageView(gate, { errorKey, lists, done: astro.url.searchParams.get('done') }, status);
}
