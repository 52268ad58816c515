/** The view model of /{lang}/op/chats: the support chats waiting for staff. */
import { getDbHandle } from '../../db/index.ts';
import { waitingChats } from '../../support/chat.ts';
import { opGate } from '../page.ts';
import { pageView, type OpAstro } from './opView.ts';

export async function chatsPage(astro: OpAstro) {
  const gate = opGate(astro.locals.session, 'page.cases');
  const chats = gate.kind === 'allowed' ? await waitingChats((await getDbHandle()).db) : [];
  return pageView(gate, { chats });
}
