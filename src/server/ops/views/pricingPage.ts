/** The view model of /{lang}/op/pricing?id=: the pricing rules, operators, history; POST saves (`pricing.save`) or removes (`pricing.delete`) one. */
import { z } from 'zod';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { getDbHandle } from '../../db/index.ts';
import { networkHistoryLike } from '../networkAudit.ts';
import { findOperators } from '../operators.ts';
import { formObject, opGate } from '../page.ts';
import { listPricingRules, pricingRuleForm, removePricingRule, removePricingRuleForm, savePricingRule } from '../pricingRules.ts';
import { opPath, pageView, redirectTo, type OpAstro } from './opView.ts';

const ACTIONS = { save: 'pricing.save', remove: 'pricing.delete' } as const;
const ruleId = z.coerce.number().int().positive();

export async function pricingPage(astro: OpAstro) {
  const { session, requestId } = astro.locals;
  let gate = opGate(session, 'page.pricing');
  const self = opPath(astro, 'pricing');
  const { db } = await getDbHandle();
  const selectedId = ruleId.safeParse(astro.url.searchParams.get('id') ?? undefined).data;
  let status = 200;
  let refused: { messageKey: MessageKey; badFields: string[]; entered: Record<string, unknown> } | undefined;
  if (gate.kind === 'allowed' && astro.request.method === 'POST') {
    const form = await formObject(astro.request);
    const name = form.do === 'save' || form.do === 'remove' ? form.do : undefined;
    const actionGate = name ? opGate(session, ACTIONS[name]) : undefined;
    const refuse = (refusal: number, messageKey: MessageKey, badFields: string[] = []) => {
      status = refusal;
      refused = { messageKey, badFields, entered: form };
    };
    if (actionGate && actionGate.kind !== 'allowed') gate = actionGate;
    else if (!actionGate || !name) refuse(400, 'op.error.invalid');
    else if (name === 'remove') {
      const input = removePricingRuleForm.safeParse(form);
      const change = input.success ? await removePricingRule(db, actionGate.staff, input.data.id, requestId ?? null) : undefined;
      if (!change) refuse(400, 'op.error.invalid');
      else if (change.result === 'removed') return redirectTo(`${self}?done=removed`);
      else refuse(404, 'op.pricing.error.unknown');
    } else {
      const input = pricingRuleForm.safeParse(form);
      if (!input.success) refuse(400, 'op.pricing.error.invalid', [...new Set(input.error.issues.map((i) => String(i.path[0] ?? '')))]);
      else {
        const change = await savePricingRule(db, actionGate.staff, input.data, requestId ?? null);
        if (change.result === 'unknown') refuse(404, 'op.pricing.error.unknown');
        else if (change.result === 'unknown_operator') refuse(400, 'op.pricing.error.invalid', ['operatorId']);
        else if (change.result === 'added') return redirectTo(`${self}?id=${String(change.id)}&done=added`);
        else if (change.result === 'saved' || change.result === 'unchanged')
          return redirectTo(`${self}?id=${String(input.data.id)}&done=${change.result}`);
      }
    }
  }
  const [rules, operatorList, history] =
    gate.kind === 'allowed'
      ? await Promise.all([listPricingRules(db), findOperators(db), networkHistoryLike(db, 'pricing_rule', '%')])
      : [[], [], []];
  const editing = rules.find((r) => r.id === (z.coerce.number().safeParse(refused?.entered.id).data ?? selectedId));
  return pageView(gate, { refused, rules, operatorList, history, editing, done: astro.url.searchParams.get('done') }, status);
}
