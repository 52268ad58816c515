/** The view model of /{lang}/op/seo?path=: the SEO text overrides; POST saves or removes one (`admin.seo`). */
import { pageOverridesChanged } from '../../admin/pageOverrides.ts';
import { listSeoOverrides, saveSeoOverride, seoInput } from '../../admin/seo.ts';
import { getDbHandle } from '../../db/index.ts';
import { formObject, opGate } from '../page.ts';
import { opPath, pageView, redirectTo, type OpAstro } from './opView.ts';

export async function seoPage(astro: OpAstro) {
  const { session, requestId } = astro.locals;
  let gate = opGate(session, 'page.seo');
  let status = 200;
  let badFields: string[] = [];
  let entered: Record<string, unknown> = {};
  const { db } = await getDbHandle();
  if (gate.kind === 'allowed' && astro.request.method === 'POST') {
    const actionGate = opGate(session, 'admin.seo');
    if (actionGate.kind !== 'allowed') gate = actionGate;
    else {
      const form = await formObject(astro.request);
      const input = seoInput.safeParse(form);
      if (input.success) {
        const change = await saveSeoOverride(db, actionGate.staff, input.data, requestId ?? null);
        if (change.result !== 'unchanged') await pageOverridesChanged();
        return redirectTo(`${opPath(astro, 'seo')}?done=${change.result === 'saved' ? 'saved' : 'removed'}`);
      }
      status = 400;
      entered = form;
      badFields = [...new Set(input.error.issues.map((i) => String(i.path[0] ?? '')))];
    }
  }
  const overrides = gate.kind === 'allowed' ? await listSeoOverrides(db) : [];
  // "Edit" fills the form with the page's current texts.
  const editing = overrides.find((o) => o.path === astro.url.searchParams.get('path'));
  return pageView(gate, { badFields, entered, overrides, editing, done: astro.url.searchParams.get('done') }, status);
}
