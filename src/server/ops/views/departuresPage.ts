/** The view model of /{lang}/op/departures?date=&q=: a day's departures and sales changes; POST closes or reopens one's sales. */
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { getDbHandle } from '../../db/index.ts';
import { formObject, opGate } from '../page.ts';
import { departureSalesInput, departuresOn, salesChangesOn, serviceDateSchema, setDepartureSales } from '../sales.ts';
import { opPath, pageView, redirectTo, type OpAstro } from './opView.ts';

const ACTIONS = { close: 'departures.closeSales', reopen: 'departures.reopenSales' } as const;

export async function departuresPage(astro: OpAstro, now = new Date()) {
  const { session, requestId } = astro.locals;
  let gate = opGate(session, 'page.departures');
  const { db } = await getDbHandle();
  const params = astro.url.searchParams;
  const date = serviceDateSchema.safeParse(params.get('date')).data ?? now.toISOString().slice(0, 10);
  const filter = (params.get('q') ?? '').trim().slice(0, 80);
  const listUrl = (extra: Record<string, string>) =>
    `${opPath(astro, 'departures')}?${new URLSearchParams({ date, ...(filter ? { q: filter } : {}), ...extra }).toString()}`;
  let status = 200;
  let errorKey: MessageKey | undefined;
  if (gate.kind === 'allowed' && astro.request.method === 'POST') {
    const form = await formObject(astro.request);
    const sales = form.sales === 'reopen' ? 'reopen' : form.sales === 'close' ? 'close' : undefined;
    const actionGate = sales ? opGate(session, ACTIONS[sales]) : undefined;
    const input = departureSalesInput.safeParse(form);
    if (actionGate && actionGate.kind !== 'allowed') gate = actionGate;
    else if (!actionGate || !sales || !input.success) {
      status = 400;
      errorKey = 'op.error.invalid';
    } else {
      const outcome = await setDepartureSales(db, actionGate.staff, input.data, sales === 'reopen', requestId ?? null);
      if (outcome.result !== 'unknown_departure') return redirectTo(listUrl({ done: outcome.result }));
      status = 404;
      errorKey = 'op.departures.error.unknown';
    }
  }
  const [rows, changes] =
    gate.kind === 'allowed' ? await Promise.all([departuresOn(db, date, filter), salesChangesOn(db, date)]) : [[], []];
  return pageView(gate, { date, filter, listUrl, errorKey, rows, changes, done: params.get('done') }, status);
}
