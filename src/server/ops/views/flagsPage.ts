/** The view model of /{lang}/op/flags: the feature flags and their shares; POST changes one's shares (`flags.change`). */
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { getDbHandle } from '../../db/index.ts';
import { listFlags, sharesForm } from '../../flags/store.ts';
import { formObject, opGate } from '../page.ts';
import { setFlagSharesAsAdmin } from '../partners.ts';
import { opPath, pageView, redirectTo, type OpAstro } from './opView.ts';

export async function flagsPage(astro: OpAstro) {
  const { session } = astro.locals;
  let gate = opGate(session, 'page.flags');
  let status = 200;
  let errorKey: MessageKey | undefined;
  const { db } = await getDbHandle();
  if (gate.kind === 'allowed' && astro.request.method === 'POST') {
    const actionGate = opGate(session, 'flags.change');
    if (actionGate.kind !== 'allowed') gate = actionGate;
    else {
      const form = await formObject(astro.request);
      const flag = (await listFlags(db)).find((f) => f.key === form.key);
      const input = flag ? sharesForm(flag).safeParse(form) : undefined;
      if (!flag) {
        status = 404;
        errorKey = 'op.flags.error.unknown';
      } else if (!input?.success) {
        status = 400;
        errorKey = 'op.flags.error.shares';
      } else {
        await setFlagSharesAsAdmin(db, actionGate.staff, flag.key, input.data);
        return redirectTo(`${opPath(astro, 'flags')}?done=1`);
      }
    }
  }
  const flags = gate.kind === 'allowed' ? await listFlags(db) : [];
  return pageView(gate, { flags, errorKey, done: astro.url.searchParams.get('done') === '1' }, status);
}
