/**
 * The "delete one" POST the op list pages share (card BIN ranges, redirects, partners): the
 * action's own permission, the form parsed with the page's schema (a bad one is a 400 that
 * deletes nothing), and a 404 with the page's message when there was nothing to delete. Deleted:
 * back to the list, which says so (a redirect, so a reload does not post again).
 */
import type { z } from 'zod';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import type { OpAction, OpDecision, StaffMember } from '../access.ts';
import { opGate } from '../page.ts';
import { redirectTo, type OpAstro } from './opView.ts';

export type DeleteOutcome =
  ReturnType<typeof redirectTo> | { kind: 'refused'; gate: OpDecision } | { kind: 'failed'; status: 400 | 404; errorKey: MessageKey };

export async function deleteAction<T>(
  astro: OpAstro,
  form: Record<string, unknown>,
  how: {
    action: OpAction;
    schema: z.ZodType<T>;
    /** Deletes the record the form names; false when there is none. */
    remove: (staff: StaffMember, input: T) => Promise<boolean>;
    /** The list page, where a deletion goes back to. */
    listPath: string;
    /** What a form naming no record reads as. */
    unknownKey: MessageKey;
  },
): Promise<DeleteOutcome> {
  const gate = opGate(astro.locals.session, how.action);
  if (gate.kind !== 'allowed') return { kind: 'refused', gate };
  const input = how.schema.safeParse(form);
  if (!input.success) return { kind: 'failed', status: 400, errorKey: 'op.error.invalid' };
  if (await how.remove(gate.staff, input.data)) return redirectTo(`${how.listPath}?done=deleted`);
  return { kind: 'failed', status: 404, errorKey: how.unknownKey };
}
