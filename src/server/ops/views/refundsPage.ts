/** The view model of /{lang}/op/refunds?state=&paygate=&day=: refunds and their attempts; POST retries one (`refunds.retry`). */
import { dataKey, type MessageKey } from '../../../i18n/messageKeys.ts';
import { getDbHandle } from '../../db/index.ts';
import { opGate, readOpPost } from '../page.ts';
import { listRefunds, refundAttempts, refundFilters, retryInput, retryRefundAsStaff } from '../refunds.ts';
import { opPath, pageView, redirectTo, type OpAstro } from './opView.ts';

const RETRY_OUTCOMES = ['succeeded', 'pending', 'failed'] as const;
const isRetryOutcome = (value: string | null): value is (typeof RETRY_OUTCOMES)[number] => RETRY_OUTCOMES.some((o) => o === value);

export async function refundsPage(astro: OpAstro) {
  const { session, requestId } = astro.locals;
  let gate = opGate(session, 'page.refunds');
  const { db } = await getDbHandle();
  let status = 200;
  let errorKey: MessageKey | undefined;
  if (gate.kind === 'allowed' && astro.request.method === 'POST') {
    const post = await readOpPost(astro.request, session, 'refunds.retry', retryInput);
    if (post.kind === 'refused') gate = post.gate;
    else if (post.kind === 'invalid') {
      status = 400;
      errorKey = 'op.error.invalid';
    } else {
      const outcome = await retryRefundAsStaff(db, post.staff, post.input.refund, requestId ?? null);
      if (isRetryOutcome(outcome.result))
        return redirectTo(`${opPath(astro, 'refunds')}?retried=${String(post.input.refund)}&outcome=${outcome.result}`);
      status = outcome.result === 'unknown_refund' ? 404 : 409;
      errorKey = dataKey('op.refunds.error.', outcome.result);
    }
  }
  const filters = refundFilters.safeParse(Object.fromEntries(astro.url.searchParams));
  if (gate.kind === 'allowed' && !filters.success && astro.request.method === 'GET') {
    status = 400;
    errorKey = 'op.error.invalid';
  }
  const chosen = filters.success ? filters.data : {};
  const rows = gate.kind === 'allowed' ? await listRefunds(db, chosen) : [];
  const attempts =
    gate.kind === 'allowed'
      ? await refundAttempts(
          db,
          rows.map((r) => r.id),
        )
      : [];
  const retried = Number(astro.url.searchParams.get('retried'));
  const outcome = astro.url.searchParams.get('outcome');
  const retriedNotice = Number.isInteger(retried) && retried > 0 && isRetryOutcome(outcome) ? outcome : undefined;
  return pageView(gate, { errorKey, chosen, rows, attempts, retried, retriedNotice }, status);
}
