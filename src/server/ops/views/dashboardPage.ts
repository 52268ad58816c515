/** The view model of /{lang}/op/dashboard: today's (UTC) figures for managers. */
import { getDbHandle } from '../../db/index.ts';
import { dashboard } from '../dashboard.ts';
import { opGate } from '../page.ts';
import { pageView, type OpAstro } from './opView.ts';

export async function dashboardPage(astro: OpAstro, now = new Date()) {
  const gate = opGate(astro.locals.session, 'page.dashboard');
  const day = gate.kind === 'allowed' ? await dashboard((await getDbHandle()).db, now) : undefined;
  return pageView(gate, { day });
}
