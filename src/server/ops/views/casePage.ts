/**
 * The view model of /{lang}/op/case?id=: one support case, its thread and booking; POST replies
 * (`case.reply`) or closes it (`case.close`), each action's role checked again on the server.
 */
import { z } from 'zod';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { getDbHandle } from '../../db/index.ts';
import { caseBookingReference, caseById, caseThread, closeCase, replyAsStaff, replyBody } from '../../support/cases.ts';
import { processChatWaiters } from '../../support/chatWaiters.ts';
import { getSupportDeps } from '../../support/deps.ts';
import type { OpAction } from '../access.ts';
import { formObject, opGate } from '../page.ts';
import { opPath, pageView, redirectTo, type OpAstro } from './opView.ts';

const ACTIONS = { reply: 'case.reply', close: 'case.close' } as const satisfies Record<string, OpAction>;
const actionName = z.enum(['reply', 'close']);

export async function casePage(astro: OpAstro) {
  const { session } = astro.locals;
  let gate = opGate(session, 'page.case');
  const id = Number(astro.url.searchParams.get('id'));
  const validId = Number.isInteger(id) && id > 0;
  const { db } = await getDbHandle();
  const self = `${opPath(astro, 'case')}?id=${String(id)}`;
  let status = 200;
  let error: MessageKey | undefined;
  const found = gate.kind === 'allowed' && validId ? await caseById(db, id) : undefined;
  if (gate.kind === 'allowed' && astro.request.method === 'POST' && found) {
    const body = await formObject(astro.request);
    const action = actionName.safeParse(body.action);
    if (!action.success) {
      status = 400;
      error = 'support.error.invalid';
    } else {
      // The action's own role, checked on the server whatever the page showed.
      const actionGate = opGate(session, ACTIONS[action.data]);
      if (actionGate.kind !== 'allowed') gate = actionGate;
      else if (action.data === 'close') {
        await closeCase(await getSupportDeps(), actionGate.staff, id);
        return redirectTo(`${self}&done=close`);
      } else {
        const input = replyBody.safeParse({ message: body.message });
        if (input.success) {
          const { messageId } = await replyAsStaff(await getSupportDeps(), actionGate.staff, id, input.data.message);
          // A chat's traveller sees the answer at once, on whichever process holds their open chat.
          await processChatWaiters().announce(id, messageId);
          return redirectTo(`${self}&done=reply`);
        }
        status = 422;
        error = 'support.error.message';
      }
    }
  }
  const thread = found ? await caseThread(db, found.id) : undefined;
  const reference = found ? await caseBookingReference(db, found.bookingId) : null;
  const done = actionName.safeParse(astro.url.searchParams.get('done'));
  return pageView(gate, { id, self, error, found, thread, reference, done }, found ? status : 404);
}
