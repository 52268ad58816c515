/**
 * The view models of the sandbox gateway's own pages (src/pages/sandbox-gateway/): the hosted card
 * form and the 3-D Secure challenge, from the signed session in the address. A page calls one of
 * these and renders; the database is opened here.
 */
import { formatMoney, isSupportedCurrency } from '../../domain/currency.ts';
import { getDbHandle } from '../db/index.ts';
import { answerChallenge, gatewayLocale, openSession, submitCard, type HostedResult } from './hostedPage.ts';

type CardErrors = Extract<HostedResult, { kind: 'form' }>['errors'];

/** The challenge: approve or decline; a spent or forged session is gone (410). */
export async function challengePage(token: string, request: Request, nowMs = Date.now()) {
  const session = openSession(token, nowMs);
  const { locale, t } = gatewayLocale(session);
  if (session && request.method === 'POST') {
    const data = await request.formData();
    const result = await answerChallenge((await getDbHandle()).db, session, data.get('answer') === 'approve', nowMs);
    return {
      kind: 'redirect',
      to: result.kind === 'redirect' ? result.url : `/sandbox-gateway/pay/${token}?declined=authentication_failed`,
    } as const;
  }
  return { kind: 'page', status: session ? 200 : 410, session, locale, t } as const;
}

/** The card form: typed card checked and charged on POST (the shop's return address, or the form again with what failed). */
export async function cardPage(token: string, request: Request, url: URL, nowMs = Date.now()) {
  const session = openSession(token, nowMs);
  const { locale, t } = gatewayLocale(session);
  let errors: CardErrors = {};
  let declined: string | null = url.searchParams.get('declined');
  const card = { number: '', expiry: '', cvc: '' };
  if (session && request.method === 'POST') {
    const data = await request.formData();
    const field = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    card.number = field('number').slice(0, 40);
    card.expiry = field('expiry').slice(0, 10);
    card.cvc = field('cvc').slice(0, 6);
    const result = await submitCard((await getDbHandle()).db, token, session, card, nowMs);
    if (result.kind === 'redirect') return { kind: 'redirect', to: result.url } as const;
    errors = result.errors;
    declined = result.declined;
  }
  const amount = session && isSupportedCurrency(session.currency) ? formatMoney(session.amount, session.currency, locale.code) : '';
  return { kind: 'page', status: session ? 200 : 410, session, locale, t, errors, declined, card, amount } as const;
}
