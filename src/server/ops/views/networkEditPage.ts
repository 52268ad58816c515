/**
 * The view models of the two network edit pages that share one shape (/{lang}/op/operators and
 * /{lang}/op/fares): rows found by `?q=`, the row chosen by `?id=` (or the one a refused POST was
 * for) with its audit history; POST saves it through `networkEditPost` (role backstop, unchanged
 * check, audit row, inventory version).
 */
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { getDbHandle } from '../../db/index.ts';
import type { OpAction, StaffMember } from '../access.ts';
import { fareById, fareForm, findFares, updateFare } from '../fares.ts';
import { networkHistory } from '../networkAudit.ts';
import { networkEditPost, type NetworkEdit, type RefusedEdit } from '../networkEdit.ts';
import { findOperators, operatorById, operatorForm, updateOperator } from '../operators.ts';
import { formObject, opGate } from '../page.ts';
import { opPath, pageView, redirectTo, type OpAstro } from './opView.ts';

interface NetworkEditPage<Row, Input extends { id: number }> {
  page: string;
  gate: OpAction;
  action: OpAction;
  form: { safeParse: (value: unknown) => z.ZodSafeParseResult<Input> };
  save: (db: Db, staff: StaffMember, input: Input, requestId: string | null) => Promise<NetworkEdit>;
  find: (db: Db, query: string) => Promise<Row[]>;
  byId: (db: Db, id: number) => Promise<Row | undefined>;
  /** The row's `network_audit` entity and key. */
  audited: (row: Row) => { entity: string; key: string };
}

const rowId = z.coerce.number().int().positive();

async function networkEditPage<Row, Input extends { id: number }>(astro: OpAstro, spec: NetworkEditPage<Row, Input>) {
  const { session, requestId } = astro.locals;
  let gate = opGate(session, spec.gate);
  const { db } = await getDbHandle();
  const query = (astro.url.searchParams.get('q') ?? '').trim().slice(0, 80);
  const selectedId = rowId.safeParse(astro.url.searchParams.get('id') ?? undefined);
  let status = 200;
  let refused: RefusedEdit | undefined;
  if (gate.kind === 'allowed' && astro.request.method === 'POST') {
    const actionGate = opGate(session, spec.action);
    if (actionGate.kind !== 'allowed') gate = actionGate;
    else {
      const outcome = await networkEditPost(await formObject(astro.request), spec.form, (input) =>
        spec.save(db, actionGate.staff, input, requestId ?? null),
      );
      if ('done' in outcome) return redirectTo(`${opPath(astro, spec.page)}?id=${String(outcome.id)}&done=${outcome.done}`);
      refused = outcome;
      status = outcome.status;
    }
  }
  const allowed = gate.kind === 'allowed';
  const list = allowed ? await spec.find(db, query) : [];
  const editId = refused?.postedId ?? (selectedId.success ? selectedId.data : undefined);
  const selected = allowed && editId !== undefined ? await spec.byId(db, editId) : undefined;
  const audit = selected ? spec.audited(selected) : undefined;
  const history = audit ? await networkHistory(db, audit.entity, audit.key) : [];
  return pageView(gate, { query, refused, list, selected, history, done: astro.url.searchParams.get('done') }, status);
}

export const operatorsPage = (astro: OpAstro) =>
  networkEditPage(astro, {
    page: 'operators',
    gate: 'page.operators',
    action: 'operators.save',
    form: operatorForm,
    save: updateOperator,
    find: findOperators,
    byId: operatorById,
    audited: (operator) => ({ entity: 'operator', key: operator.slug }),
  });

export const faresPage = (astro: OpAstro) =>
  networkEditPage(astro, {
    page: 'fares',
    gate: 'page.fares',
    action: 'fares.save',
    form: fareForm,
    save: updateFare,
    find: findFares,
    byId: fareById,
    audited: (fare) => ({ entity: 'travel_option', key: String(fare.id) }),
  });
