/**
 * The op pages' side of the access rule (src/server/ops/access.ts): the decision from the session
 * the middleware read from the database, and the form body as a plain object for zod. Pages call
 * `opGate` for the page and again for the action of every POST before they change anything.
 */
import type { z } from 'zod';
import type { ActiveSession } from '../accounts/sessions.ts';
import { decideOpAccess, type OpAction, type OpDecision, type OpUser, type StaffMember } from './access.ts';

export function opUser(session: ActiveSession | null | undefined): OpUser | null {
  if (!session) return null;
  const { id, role, totpEnabledAt } = session.user;
  return { id, role, isTemp: session.isTemp, totpEnabledAt };
}

export function opGate(session: ActiveSession | null | undefined, action: OpAction): OpDecision {
  return decideOpAccess(opUser(session), action);
}

/** A form body as an object (the last value of a repeated name wins, except `[]` names, kept as arrays). */
export async function formObject(request: Request): Promise<Record<string, unknown>> {
  const form = await request.formData().catch(() => undefined);
  if (!form) return {};
  const out: Record<string, unknown> = {};
  for (const [name, value] of form) {
    if (typeof value !== 'string') continue;
    if (name.endsWith('[]')) {
      const key = name.slice(0, -2);
      const list = Array.isArray(out[key]) ? (out[key] as string[]) : [];
      list.push(value);
      out[key] = list;
    } else out[name] = value;
  }
  return out;
}

/** The attributes of a field the last post refused: marked invalid and described by the form's alert (OpForm's `{id}-error`). */
export function fieldState(
  badFields: readonly string[],
  formId: string,
): (field: string) => { 'aria-invalid': 'true'; 'aria-describedby': string } | Record<string, never> {
  return (field) => (badFields.includes(field) ? { 'aria-invalid': 'true', 'aria-describedby': `${formId}-error` } : {});
}

/** A form POST of an op page, read: refused by the action's role, refused by its schema (the failing fields), or valid. */
export type OpPost<T> =
  | { kind: 'refused'; gate: Exclude<OpDecision, { kind: 'allowed' }> }
  | { kind: 'invalid'; fields: string[]; body: Record<string, unknown> }
  | { kind: 'valid'; staff: StaffMember; input: T; body: Record<string, unknown> };

/**
 * The first steps of every op page's POST, in their order: the action's own role checked again
 * (whatever the page showed), then the form body parsed by the action's zod schema. The page sets
 * the status (403 through its gate, 400 for invalid) and does the change with `staff`.
 */
export async function readOpPost<T>(
  request: Request,
  session: ActiveSession | null | undefined,
  action: OpAction,
  schema: z.ZodType<T>,
): Promise<OpPost<T>> {
  const gate = opGate(session, action);
  if (gate.kind !== 'allowed') return { kind: 'refused', gate };
  const body = await formObject(request);
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { kind: 'invalid', fields: parsed.error.issues.map((i) => String(i.path[0])), body };
  return { kind: 'valid', staff: gate.staff, input: parsed.data, body };
}
