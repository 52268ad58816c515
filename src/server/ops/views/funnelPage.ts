/** The view model of /{lang}/op/funnel?days=&partner=: the booking funnel per UTC day up to today. */
import { z } from 'zod';
import { funnel, funnelTotals } from '../../analytics/funnel.ts';
import { getDbHandle } from '../../db/index.ts';
import { opGate } from '../page.ts';
import { pageView, type OpAstro } from './opView.ts';

const filterSchema = z.object({
  days: z.coerce.number().int().min(1).max(90).catch(14),
  partner: z
    .string()
    .trim()
    .max(255)
    .optional()
    .transform((p) => p || undefined)
    .catch(undefined),
});

export async function funnelPage(astro: OpAstro, now = new Date()) {
  const gate = opGate(astro.locals.session, 'page.funnel');
  const filter = filterSchema.parse(Object.fromEntries(astro.url.searchParams));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  const from = new Date(to.getTime() - filter.days * 86_400_000);
  const rows = gate.kind === 'allowed' ? await funnel((await getDbHandle()).db, { from, to, partner: filter.partner }) : [];
  return pageView(gate, { filter, rows, totals: funnelTotals(rows) });
}
