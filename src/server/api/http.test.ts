import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './errors.ts';
import { endpoint, json, parseInput } from './http.ts';

const t = (key: string) => `text of ${key}`;
const context = (path: string, method = 'GET') => ({ request: new Request(`http://localhost${path}`, { method }), locals: { t } });

describe('endpoint()', () => {
  it('renders what a handler throws as the envelope with the catalogue status', async () => {
    const handler = endpoint(() => Promise.reject(new ApiError('cart_not_found')));
    const response = await handler(context('/api/nuxt/en/cart?hash=x'));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'cart_not_found', message: 'text of apiError.cart_not_found' } });
  });

  it('names the failing fields of an input that does not parse', async () => {
    const handler = endpoint(() => {
      parseInput(z.object({ hash: z.string().min(16) }), { hash: 'short' }, 'invalid_cart');
      return Promise.resolve(new Response('never'));
    });
    const response = await handler(context('/api/nuxt/en/cart?hash=short'));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; fields: Record<string, unknown> } };
    expect(body.error.code).toBe('invalid_cart');
    expect(Object.keys(body.error.fields)).toEqual(['hash']);
  });

  it('lets anything but a refusal through (the request guard answers 500)', async () => {
    const handler = endpoint(() => Promise.reject(new Error('boom')));
    await expect(handler(context('/api/nuxt/en/cart'))).rejects.toThrow('boom');
  });

  it('fails, under test, a code the operation does not declare', async () => {
    // GET cart declares invalid_cart, cart_not_found and search_unavailable; not sold_out.
    const handler = endpoint(() => Promise.reject(new ApiError('sold_out')));
    await expect(handler(context('/api/nuxt/en/cart'))).rejects.toThrow(/GET \/api\/nuxt\/\{lang\}\/cart answered `sold_out`/);
    // The request guard's codes are declared for every operation.
    const guarded = endpoint(() => Promise.reject(new ApiError('invalid_characters')));
    expect((await guarded(context('/api/nuxt/en/cart'))).status).toBe(400);
  });

  it("fails, under test, a success answer its operation's response schema does not allow", async () => {
    // GET logout declares `{ ok: true }` (answers.ts).
    const wrong = endpoint(() => Promise.resolve(json({ ok: 'yes' })));
    await expect(wrong(context('/api/nuxt/en/logout'))).rejects.toThrow(
      /GET \/api\/nuxt\/\{lang\}\/logout answered what its response schema does not allow/,
    );
    const right = endpoint(() => Promise.resolve(json({ ok: true })));
    expect((await right(context('/api/nuxt/en/logout'))).status).toBe(200);
  });

  it('translates by the {lang} of the path when the context carries no translator', async () => {
    const handler = endpoint(() => Promise.reject(new ApiError('unknown_document')));
    const response = await handler({ url: new URL('http://localhost/api/nuxt/de/about'), params: { lang: 'de' } });
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).not.toBe('');
    expect(body.error.message).not.toMatch(/apiError/);
  });
});
