/** The view model of /{lang}/op/settings: the site settings and their changes; POST saves one (`settings.save`). */
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { getDbHandle } from '../../db/index.ts';
import { SETTING_KEYS, isSettingKey } from '../../settings/settings.ts';
import { networkHistoryOf } from '../networkAudit.ts';
import { opGate, readOpPost } from '../page.ts';
import { SETTING_ENTITY, saveSetting, settingForm, settingsView } from '../settings.ts';
import { opPath, pageView, redirectTo, type OpAstro } from './opView.ts';

export async function settingsPage(astro: OpAstro) {
  const { session, requestId } = astro.locals;
  let gate = opGate(session, 'page.settings');
  const { db } = await getDbHandle();
  let status = 200;
  let refused: { key: string; errorKey: MessageKey; fields: string[] } | undefined;
  if (gate.kind === 'allowed' && astro.request.method === 'POST') {
    const post = await readOpPost(astro.request, session, 'settings.save', settingForm);
    if (post.kind === 'refused') gate = post.gate;
    else if (post.kind === 'invalid') {
      status = 400;
      refused = { key: String(post.body.key), errorKey: 'op.error.invalid', fields: post.fields };
    } else {
      await saveSetting(db, post.staff, post.input, requestId ?? null);
      return redirectTo(`${opPath(astro, 'settings')}?done=${post.input.key}`);
    }
  }
  const allowed = gate.kind === 'allowed';
  const [settings, history] = allowed
    ? await Promise.all([settingsView(db), networkHistoryOf(db, SETTING_ENTITY, SETTING_KEYS)])
    : [[], []];
  const doneKey = astro.url.searchParams.get('done') ?? '';
  return pageView(gate, { refused, settings, history, done: isSettingKey(doneKey) ? doneKey : undefined }, status);
}
