/** The view model of /{lang}/op/cases?status=: support cases by state, with the survey totals. */
import { z } from 'zod';
import { getDbHandle } from '../../db/index.ts';
import { casesForStaff } from '../../support/cases.ts';
import { surveyTotals } from '../../support/surveys.ts';
import { opGate } from '../page.ts';
import { pageView, type OpAstro } from './opView.ts';

const caseState = z.enum(['open', 'answered', 'closed']).catch('open');

export async function casesPage(astro: OpAstro) {
  const gate = opGate(astro.locals.session, 'page.cases');
  const state = caseState.parse(astro.url.searchParams.get('status') ?? 'open');
  const { db } = await getDbHandle();
  const cases = gate.kind === 'allowed' ? await casesForStaff(db, state) : [];
  const totals = gate.kind === 'allowed' ? await surveyTotals(db) : [];
  return pageView(gate, { state, cases, totals });
}
