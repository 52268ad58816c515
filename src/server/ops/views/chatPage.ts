/** The view model of /{lang}/op/chat?id=: one support chat with its case and the case's booking reference. */
import { z } from 'zod';
import { getDbHandle } from '../../db/index.ts';
import { caseBookingReference, caseById } from '../../support/cases.ts';
import { chatById } from '../../support/chat.ts';
import { opGate } from '../page.ts';
import { pageView, type OpAstro } from './opView.ts';

export async function chatPage(astro: OpAstro) {
  const gate = opGate(astro.locals.session, 'page.case');
  const id = z.coerce.number().int().positive().safeParse(astro.url.searchParams.get('id'));
  const { db } = await getDbHandle();
  const chat = gate.kind === 'allowed' && id.success ? await chatById(db, id.data) : undefined;
  const found = chat ? await caseById(db, chat.caseId) : undefined;
  const reference = found ? await caseBookingReference(db, found.bookingId) : null;
  return pageView(gate, { chat, found, reference }, found ? 200 : 404);
}
