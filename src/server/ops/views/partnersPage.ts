/** The view model of /{lang}/op/partners?edit=: the white-label partners; POST saves one (`partners.save`) or deletes one (`partners.delete`). */
import { z } from 'zod';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { getDbHandle } from '../../db/index.ts';
import { partnerForm, type Partner } from '../../partners/partner.ts';
import { listPartners } from '../../partners/store.ts';
import { formObject, opGate } from '../page.ts';
import { deletePartnerAsAdmin, savePartnerAsAdmin } from '../partners.ts';
import { deleteAction } from './deleteAction.ts';
import { opPath, pageView, redirectTo, type OpAstro } from './opView.ts';

const deleteForm = z.object({ intent: z.literal('delete'), id: z.coerce.number().int().positive() });

export async function partnersPage(astro: OpAstro) {
  const { session } = astro.locals;
  let gate = opGate(session, 'page.partners');
  const self = opPath(astro, 'partners');
  let status = 200;
  let errorKey: MessageKey | undefined;
  let badFields: string[] = [];
  const { db } = await getDbHandle();
  if (gate.kind === 'allowed' && astro.request.method === 'POST') {
    const form = await formObject(astro.request);
    if (form.intent === 'delete') {
      const deleted = await deleteAction(astro, form, {
        action: 'partners.delete',
        schema: deleteForm,
        remove: (staff, input) => deletePartnerAsAdmin(db, staff, input.id),
        listPath: self,
        unknownKey: 'op.partners.error.partner_not_found',
      });
      if (deleted.kind === 'redirect') return deleted;
      if (deleted.kind === 'refused') gate = deleted.gate;
      else ({ status, errorKey } = deleted);
    } else {
      const actionGate = opGate(session, 'partners.save');
      if (actionGate.kind !== 'allowed') gate = actionGate;
      else {
        const input = partnerForm.safeParse(form);
        if (!input.success) {
          status = 400;
          errorKey = 'op.error.invalid';
          badFields = [...new Set(input.error.issues.map((i) => String(i.path[0] ?? '')))];
        } else {
          const result = await savePartnerAsAdmin(db, actionGate.staff, input.data);
          if (result.ok) return redirectTo(`${self}?done=saved`);
          status = result.code === 'partner_not_found' ? 404 : 409;
          errorKey = `op.partners.error.${result.code}`;
        }
      }
    }
  }
  const partners = gate.kind === 'allowed' ? await listPartners(db) : [];
  const editId = Number(astro.url.searchParams.get('edit'));
  const editing: Partner | undefined = partners.find((p) => p.id === editId);
  return pageView(gate, { errorKey, badFields, partners, editing, done: astro.url.searchParams.get('done') }, status);
}
