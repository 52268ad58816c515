/** The view model of /{lang}/op/resellers?reseller=: reseller accounts, operators, changes; POST saves one (`resellers.save`). */
import { dataKey, type MessageKey } from '../../../i18n/messageKeys.ts';
import { getDbHandle } from '../../db/index.ts';
import { opGate, readOpPost } from '../page.ts';
import { listResellers, operatorChoices, resellerChanges, resellerForm, saveReseller, siteCommissionBasisPoints } from '../resellers.ts';
import { opPath, pageView, redirectTo, type OpAstro } from './opView.ts';

export async function resellersPage(astro: OpAstro) {
  const { session, requestId } = astro.locals;
  let gate = opGate(session, 'page.resellers');
  const { db } = await getDbHandle();
  let status = 200;
  let errorKey: MessageKey | undefined;
  let badFields: string[] = [];
  let chosenId = Number(astro.url.searchParams.get('reseller'));
  if (gate.kind === 'allowed' && astro.request.method === 'POST') {
    const post = await readOpPost(astro.request, session, 'resellers.save', resellerForm);
    if (post.kind === 'refused') gate = post.gate;
    else if (post.kind === 'invalid') {
      chosenId = Number(post.body.userId);
      status = 400;
      errorKey = 'op.error.invalid';
      badFields = post.fields;
    } else {
      chosenId = post.input.userId;
      const result = await saveReseller(db, post.staff, post.input, requestId ?? null);
      if (result.ok) return redirectTo(`${opPath(astro, 'resellers')}?done=${String(post.input.userId)}`);
      status = result.code === 'not_a_reseller' ? 404 : 409;
      errorKey = dataKey('op.resellers.error.', result.code);
    }
  }
  const [resellers, operators, changes] =
    gate.kind === 'allowed' ? await Promise.all([listResellers(db), operatorChoices(db), resellerChanges(db)]) : [[], [], []];
  const chosen = resellers.find((r) => r.id === chosenId);
  const done = resellers.find((r) => String(r.id) === astro.url.searchParams.get('done'));
  return pageView(gate, { errorKey, badFields, resellers, operators, changes, chosen, done, site: siteCommissionBasisPoints() }, status);
}
