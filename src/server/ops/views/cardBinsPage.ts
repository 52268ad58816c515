/**
 * The view model of /{lang}/op/card-bins?q=&page=&edit=: the card BIN ranges by leading digits,
 * paged, and the range picked for a change; POST saves one (`cardBins.update`) or deletes one
 * (`cardBins.delete`).
 */
import { z } from 'zod';
import { binRangeForm } from '../../../domain/payment/bins.ts';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { getDbHandle } from '../../db/index.ts';
import { CARD_BIN_PAGE_SIZE, cardBinRange, deleteCardBinRangeAsAdmin, listCardBinRanges, saveCardBinRangeAsAdmin } from '../cardBins.ts';
import { formObject, opGate } from '../page.ts';
import { deleteAction } from './deleteAction.ts';
import { opPath, pageView, redirectTo, type OpAstro } from './opView.ts';

const prefixField = z.string().regex(/^\d{1,8}$/);
const deleteForm = z.object({ intent: z.literal('delete'), prefix: prefixField });
// The list: digits a range starts with, and the page; anything else reads as no filter, page 1.
const searchField = z
  .string()
  .regex(/^\d{0,8}$/)
  .catch('');
const pageField = z.coerce.number().int().min(1).max(100_000).catch(1);

export async function cardBinsPage(astro: OpAstro) {
  const { session, requestId } = astro.locals;
  let gate = opGate(session, 'page.cardBins');
  const self = opPath(astro, 'card-bins');
  let status = 200;
  let errorKey: MessageKey | undefined;
  let errorValues: Record<string, string> = {};
  let badFields: string[] = [];
  let entered: Record<string, unknown> = {};
  const { db } = await getDbHandle();
  if (gate.kind === 'allowed' && astro.request.method === 'POST') {
    const form = await formObject(astro.request);
    if (form.intent === 'delete') {
      const deleted = await deleteAction(astro, form, {
        action: 'cardBins.delete',
        schema: deleteForm,
        remove: (staff, input) => deleteCardBinRangeAsAdmin(db, staff, input.prefix, requestId ?? null),
        listPath: self,
        unknownKey: 'op.cardBins.error.unknown',
      });
      if (deleted.kind === 'redirect') return deleted;
      if (deleted.kind === 'refused') gate = deleted.gate;
      else ({ status, errorKey } = deleted);
    } else {
      const actionGate = opGate(session, 'cardBins.update');
      if (actionGate.kind !== 'allowed') gate = actionGate;
      else {
        const input = binRangeForm.safeParse(form);
        const saved = input.success ? await saveCardBinRangeAsAdmin(db, actionGate.staff, input.data, requestId ?? null) : undefined;
        if (saved && saved.result !== 'overlaps') return redirectTo(`${self}?done=saved&q=${encodeURIComponent(input.data?.prefix ?? '')}`);
        entered = form;
        if (saved?.result === 'overlaps') {
          status = 409;
          badFields = ['prefix'];
          errorKey = 'op.cardBins.error.overlap';
          errorValues = { other: saved.other };
        } else {
          status = 400;
          badFields = [...new Set(input.error?.issues.map((i) => String(i.path[0] ?? '')) ?? [])];
          errorKey = 'op.cardBins.error.invalid';
        }
      }
    }
  }
  const search = searchField.parse(astro.url.searchParams.get('q') ?? '');
  const pageNumber = pageField.parse(astro.url.searchParams.get('page') ?? '1');
  const list = gate.kind === 'allowed' ? await listCardBinRanges(db, search, pageNumber) : { rows: [], total: 0 };
  const pages = Math.max(1, Math.ceil(list.total / CARD_BIN_PAGE_SIZE));
  // The form: what was typed when it was refused, else the range picked for a change.
  const editPrefix = prefixField.safeParse(astro.url.searchParams.get('edit'));
  const editing =
    gate.kind === 'allowed' && errorKey === undefined && editPrefix.success ? await cardBinRange(db, editPrefix.data) : undefined;
  // A refused post goes to the address the page was opened at, which may still say "saved".
  const done = astro.request.method === 'GET' ? astro.url.searchParams.get('done') : null;
  return pageView(gate, { errorKey, errorValues, badFields, entered, search, pageNumber, list, pages, editing, done }, status);
}
