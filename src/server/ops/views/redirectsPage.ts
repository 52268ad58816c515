/** The view model of /{lang}/op/redirects: the route redirects; POST saves one (`redirects.save`) or deletes one (`redirects.delete`). */
import { z } from 'zod';
import { routeRedirectInput } from '../../../domain/routeRedirects.ts';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { getDbHandle } from '../../db/index.ts';
import { listRedirects } from '../../redirects/store.ts';
import { formObject, opGate } from '../page.ts';
import { deleteRedirectAsAdmin, saveRedirectAsAdmin } from '../partners.ts';
import { deleteAction } from './deleteAction.ts';
import { opPath, pageView, redirectTo, type OpAstro } from './opView.ts';

const deleteForm = z.object({ intent: z.literal('delete'), fromPath: z.string().min(1).max(300) });

export async function redirectsPage(astro: OpAstro) {
  const { session } = astro.locals;
  let gate = opGate(session, 'page.redirects');
  const self = opPath(astro, 'redirects');
  let status = 200;
  let errorKey: MessageKey | undefined;
  let badFields: string[] = [];
  let entered: Record<string, unknown> = {};
  const { db } = await getDbHandle();
  if (gate.kind === 'allowed' && astro.request.method === 'POST') {
    const form = await formObject(astro.request);
    if (form.intent === 'delete') {
      const deleted = await deleteAction(astro, form, {
        action: 'redirects.delete',
        schema: deleteForm,
        remove: (staff, input) => deleteRedirectAsAdmin(db, staff, input.fromPath),
        listPath: self,
        unknownKey: 'op.redirects.error.unknown',
      });
      if (deleted.kind === 'redirect') return deleted;
      if (deleted.kind === 'refused') gate = deleted.gate;
      else ({ status, errorKey } = deleted);
    } else {
      const actionGate = opGate(session, 'redirects.save');
      if (actionGate.kind !== 'allowed') gate = actionGate;
      else {
        const input = routeRedirectInput.safeParse(form);
        if (input.success) {
          await saveRedirectAsAdmin(db, actionGate.staff, input.data);
          return redirectTo(`${self}?done=saved`);
        }
        status = 400;
        entered = form;
        badFields = [...new Set(input.error.issues.map((i) => String(i.path[0] ?? '')))];
        errorKey = input.error.issues.some((i) => i.message === 'loop')
          ? 'op.redirects.error.loop'
          : input.error.issues.some((i) => i.message === 'reserved')
            ? 'op.redirects.error.reserved'
            : 'op.redirects.error.invalid';
      }
    }
  }
  const redirects = gate.kind === 'allowed' ? await listRedirects(db) : [];
  return pageView(gate, { errorKey, badFields, entered, redirects, done: astro.url.searchParams.get('done') }, status);
}
