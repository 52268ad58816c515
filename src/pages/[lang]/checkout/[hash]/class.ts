/**
 * The checkout page's "Change class" form (works without JavaScript): the same change as the
 * checkout/class API, then back to the trip with what happened (`class=changed` or the reason).
 */
import { travellerContext } from '../../../../server/booking/requestContext.ts';
import type { APIRoute } from 'astro';
import { checkoutPath, unknownCartPath } from '../../../../domain/checkout/steps.ts';
import { cartHashSchema } from '../../../../domain/cart/cartHash.ts';
import { changeClassBody } from '../../../../server/cart/changeClass.ts';
import { cartOpenTo } from '../../../../server/booking/access.ts';
import { changeClassInCheckout } from '../../../../server/checkout/api.ts';
import { checkoutContext } from '../../../../server/checkout/context.ts';
import { getDbHandle } from '../../../../server/db/index.ts';
import { getSearchIndex } from '../../../../server/search/cache.ts';

export const prerender = false;

export const POST: APIRoute = async ({ params, request, locals, redirect }) => {
  const lang = locals.locale.segment;
  const hash = cartHashSchema.safeParse(params.hash);
  if (!hash.success) return redirect(unknownCartPath(lang), 303);
  const back = (query: string) => redirect(`${checkoutPath(lang, hash.data, 0)}?${query}`, 303);
  let form: Record<string, unknown>;
  try {
    form = Object.fromEntries(await request.formData());
  } catch {
    return back('class=invalid_class');
  }
  // A radio's value is "class:price per person" (the price the page showed for it).
  const [option, expected] = typeof form.choice === 'string' ? form.choice.split(':') : [];
  const number = (value: unknown) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : undefined);
  const input = changeClassBody.safeParse({
    item: number(form.item),
    leg: number(form.leg),
    option: number(option),
    expected: number(expected),
  });
  if (!input.success) return back('class=invalid_class');
  const { db } = await getDbHandle();
  const index = await getSearchIndex(db);
  const now = Date.now();
  const cc = await checkoutContext(db, index, hash.data, locals.locale.code, new Date(now));
  if (!cc || !(await cartOpenTo(db, request, cc.loaded.cart.id, new Date(now)))) return redirect(unknownCartPath(lang), 303);
  const result = await changeClassInCheckout(db, index, cc, input.data, now, await travellerContext({ request, locals }, db, now));
  if (result.ok) return back('class=changed');
  if (result.code === 'price_changed')
    return back(`class=price_changed&was=${String(result.expectedMinor)}&is=${String(result.currentMinor)}`);
  return back(`class=${result.code}`);
};
