/**
 * The pay step's paygate forms (work before and without JavaScript): each paygate button posts
 * here with the booking it pays and an Idempotency-Key the page rendered into its form. The order
 * is placed by the same call as `pay/place-order` (ownership, one open session, provider errors,
 * the key's stored answer for a double submit), then the traveller goes where the paygate says
 * (303), or back to the pay step with the refusal's code, which the page shows translated.
 */
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { checkoutPath, unknownCartPath } from '../../../../domain/checkout/steps.ts';
import { cartHashSchema } from '../../../../domain/cart/cartHash.ts';
import { placeOrderBody } from '../../../../server/payment/api.ts';
import { IDEMPOTENCY_KEY } from '../../../../server/payment/idempotency.ts';
import { paymentApi } from '../../../../server/payment/instance.ts';

export const prerender = false;

const payForm = z.object({
  booking: placeOrderBody.shape.booking_id,
  paygate: placeOrderBody.shape.paygate,
  key: z.string().regex(IDEMPOTENCY_KEY),
});

export const POST: APIRoute = async ({ params, request, locals, url, redirect }) => {
  const lang = locals.locale.segment;
  const hash = cartHashSchema.safeParse(params.hash);
  if (!hash.success) return redirect(unknownCartPath(lang), 303);
  const back = (code: string) => redirect(`${checkoutPath(lang, hash.data, 3)}?pay_error=${encodeURIComponent(code)}`, 303);
  let fields: Record<string, unknown>;
  try {
    fields = Object.fromEntries(await request.formData());
  } catch {
    return back('invalid_order');
  }
  const form = payForm.safeParse(fields);
  if (!form.success) return back('invalid_order');

  // The JSON call the island makes, with this request's cookies (the cart session, the signed-in owner).
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  headers.set('idempotency-key', form.data.key);
  const order = new Request(new URL(`/api/nuxt/${lang}/pay/place-order`, url), {
    method: 'POST',
    headers,
    body: JSON.stringify({ booking_id: form.data.booking, paygate: form.data.paygate }),
  });
  const answer = await paymentApi.placeOrder({ request: order, url: new URL(order.url), locals, params });
  const body = (await answer.json()) as { redirect_url?: string; error?: { code?: string } };
  if (answer.ok && body.redirect_url) return redirect(body.redirect_url, 303);
  return back(body.error?.code ?? 'invalid_order');
};
