/** Adapts an Astro API route to the account handlers (one line per route file). */
import type { APIContext } from 'astro';
import { getAccountsDeps } from './deps.ts';
import { accountsHttp, type AccountRequest, type AccountsHttp } from './http.ts';

let api: Promise<AccountsHttp> | undefined;

export function clientIp(context: Pick<APIContext, 'clientAddress'>): string {
  try {
    return context.clientAddress;
  } catch {
    return 'unknown';
  }
}

export async function accountRoute(
  context: APIContext,
  pick: (api: AccountsHttp) => (req: AccountRequest) => Promise<Response>,
): Promise<Response> {
  api ??= getAccountsDeps().then(accountsHttp);
  const handler = pick(await api);
  const { locale, t } = context.locals;
  return handler({ request: context.request, lang: locale.segment, localeCode: locale.code, t, ip: clientIp(context) });
}
