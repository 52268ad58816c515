/**
 * The view model of the pass page's Buy form (src/pages/[lang]/railpass/buy.astro): the form read
 * and parsed with the same schema as the cart/railpass API, put in a new cart through the same
 * `addRailpassToCart`; or why not, field by field (nothing stored).
 */
import { purchaseFromForm } from '../../domain/railpass/buyForm.ts';
import { railpassPurchaseSchema } from '../../domain/railpass/line.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Translate } from '../../i18n/translate.ts';
import { cartSessionKey, newCartSessionKey } from '../booking/access.ts';
import { logCheckoutStage } from '../booking/log.ts';
import { getDbHandle } from '../db/index.ts';
import { addRailpassToCart } from './addToCart.ts';
import { railpassIndex, viewFor } from './pages.ts';

export interface BuyRequest {
  request: Request;
  locale: Locale;
  t: Translate;
  currencyCookie: string | undefined;
}

export async function buyFromForm({ request, locale, t, currencyCookie }: BuyRequest, now = Date.now()) {
  const lang = locale.segment;
  const form = await request.formData().catch(() => undefined);
  const purchase = purchaseFromForm(form);
  const passId = purchase.passId;
  const parsed = railpassPurchaseSchema.safeParse(purchase);
  const index = await railpassIndex();
  const pass = Number.isInteger(passId) ? index.railpasses?.byId.get(passId) : undefined;
  let code = 'invalid_railpass_purchase';
  let problems: { field: string; code: string }[] = [];
  if (parsed.success) {
    const sessionKey = cartSessionKey(request) ?? newCartSessionKey();
    const result = await addRailpassToCart((await getDbHandle()).db, index, {
      purchase: parsed.data,
      lang,
      currency: viewFor(index, locale, t, currencyCookie).currency,
      now,
      sessionKey,
    });
    logCheckoutStage('Add to Cart', { ok: result.ok, kind: 'railpass', ...(result.ok ? { cart: result.hash } : { code: result.code }) });
    if (result.ok) return { kind: 'added', hash: result.hash, sessionKey, to: `/${lang}/checkout/${result.hash}` } as const;
    code = result.code;
    if ('fields' in result) problems = Object.entries(result.fields).flatMap(([f, codes]) => codes.map((c) => ({ field: f, code: c })));
  } else {
    problems = parsed.error.issues.map((i) => ({ field: i.path.join('.'), code: i.message }));
  }
  const status = code === 'railpass_not_found' ? 404 : parsed.success ? 422 : 400;
  return { kind: 'refused', status, code, problems, pass } as const;
}
