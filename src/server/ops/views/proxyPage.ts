/** The view model of /{lang}/op/proxy?path=&partner=&host=&platform=: a page fetched as a partner or platform (`proxyAs`). */
import { asc } from 'drizzle-orm';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { proxyAs, proxyQuery } from '../../admin/proxy.ts';
import { ApiError } from '../../api/errors.ts';
import { siteOrigin } from '../../config.ts';
import { getDbHandle } from '../../db/index.ts';
import { partners } from '../../db/schema.ts';
import { opGate } from '../page.ts';
import { pageView, type OpAstro } from './opView.ts';

export async function proxyPage(astro: OpAstro) {
  const gate = opGate(astro.locals.session, 'page.proxy');
  const { db } = await getDbHandle();
  const params = Object.fromEntries([...astro.url.searchParams].filter(([, v]) => v !== ''));
  let status = 200;
  let answer: Awaited<ReturnType<typeof proxyAs>> | undefined;
  let errorKey: MessageKey | undefined;
  if (gate.kind === 'allowed' && params.path !== undefined) {
    const query = proxyQuery.safeParse(params);
    if (!query.success) {
      status = 400;
      errorKey = 'op.error.invalid';
    } else {
      try {
        answer = await proxyAs({ db, origin: siteOrigin() }, gate.staff, query.data);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        status = error.code === 'proxy_unavailable' ? 502 : 400;
        errorKey = error.code === 'proxy_unavailable' ? 'op.proxy.error.unavailable' : 'op.proxy.error.unknown_host';
      }
    }
  }
  const partnerList = gate.kind === 'allowed' ? await db.select({ slug: partners.slug }).from(partners).orderBy(asc(partners.slug)) : [];
  return pageView(gate, { params, answer, errorKey, partnerList }, status);
}
