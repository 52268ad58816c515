/**
 * No input gives a 5xx (issue 16, item 5): the bad-input corpus, generated from the OpenAPI
 * document for every operation (tests/support/badInput.ts), sent to the built server. Every
 * answer under /api/ that refuses is the JSON error envelope, and a refusal caused by one field
 * names that field. No browser: plain HTTP.
 */
import { expect, test } from '@playwright/test';
import { badInputCorpus, type BadRequest, type OpenApiDoc } from '../support/badInput.ts';
import { rawRequest, type RawAnswer } from '../support/rawHttp.ts';

/** What is wrong with one answer, or nothing. */
function problems(c: BadRequest, answer: RawAnswer): string[] {
  const out: string[] = [];
  if (answer.status >= 500) out.push(`answered ${String(answer.status)}`);
  if (c.status !== undefined && answer.status !== c.status) out.push(`expected ${String(c.status)}, got ${String(answer.status)}`);
  else if (c.mustRefuse && (answer.status < 400 || answer.status > 499)) out.push(`expected a 4xx refusal, got ${String(answer.status)}`);
  if (c.allow) {
    const allow = String(answer.headers.allow ?? '');
    for (const m of c.allow) if (!allow.split(/,\s*/).includes(m)) out.push(`Allow "${allow}" lacks ${m}`);
  }
  if (c.path.startsWith('/api/') && answer.status >= 400) {
    let body: { error?: { code?: unknown; message?: unknown; fields?: Record<string, string[]> } } | undefined;
    try {
      body = JSON.parse(answer.body) as typeof body;
    } catch {
      out.push(`not JSON (${String(answer.headers['content-type'])}): ${answer.body.slice(0, 60)}`);
    }
    if (body) {
      if (typeof body.error?.code !== 'string' || typeof body.error.message !== 'string') out.push('not the error envelope');
      if (!String(answer.headers['content-type']).startsWith('application/json'))
        out.push(`content-type ${String(answer.headers['content-type'])}`);
      const named = [c.field, c.orField].filter((f): f is string => f !== undefined);
      if (named.length && (answer.status === 400 || answer.status === 422)) {
        const keys = Object.keys(body.error?.fields ?? {});
        if (!keys.some((k) => named.some((f) => k === f || k.startsWith(`${f}.`))))
          out.push(`fields ${JSON.stringify(keys)} do not name ${named.join(' or ')}`);
      }
    }
  }
  return out;
}

async function run(baseURL: string, cases: readonly BadRequest[]): Promise<string[]> {
  const failures: string[] = [];
  for (const c of cases) {
    const answer = await rawRequest(baseURL, c).catch((error: unknown) => ({ status: 0, headers: {}, body: String(error) }));
    if (answer.status === 0) failures.push(`${c.name} (${c.method} ${c.path.slice(0, 80)}): connection failed: ${answer.body}`);
    else for (const p of problems(c, answer)) failures.push(`${c.name} (${c.method} ${c.path.slice(0, 80)}): ${p}`);
  }
  return failures;
}

const PORT = Number(process.env.E2E_PORT || 4322);
const BASE = `http://127.0.0.1:${String(PORT)}`;

test.describe('the bad-input corpus from the OpenAPI document', () => {
  test.describe.configure({ mode: 'parallel' });
  let corpus: ReturnType<typeof badInputCorpus> = [];

  test.beforeAll(async () => {
    const answer = await rawRequest(BASE, { method: 'GET', path: '/api/openapi.json' });
    corpus = badInputCorpus(JSON.parse(answer.body) as OpenApiDoc);
  });

  // One test per slice of the document, so two workers share the load.
  for (const slice of [0, 1, 2, 3]) {
    test(`operations, slice ${String(slice + 1)} of 4: no 5xx, the envelope, the failing fields`, async () => {
      test.setTimeout(240_000);
      expect(corpus.length).toBeGreaterThan(50);
      const mine = corpus.filter((_, i) => i % 4 === slice);
      const failures: string[] = [];
      for (const { operation, cases } of mine) for (const f of await run(BASE, cases)) failures.push(`${operation} — ${f}`);
      expect(failures).toEqual([]);
    });
  }
});

test('pages refuse bad input with a 4xx, never a 5xx', async () => {
  const cases: BadRequest[] = [
    { name: 'add-to-cart with %25', method: 'GET', path: '/en/add-to-cart/%25/1', headers: {}, mustRefuse: true },
    { name: 'a lone %25', method: 'GET', path: '/%25', headers: {}, mustRefuse: true },
    { name: 'bad percent-encoding', method: 'GET', path: '/en/%E0%A4%A', headers: {}, mustRefuse: true, status: 400 },
    { name: 'payment status id 2^31', method: 'GET', path: '/en/payment-status/booking/2147483648', headers: {}, mustRefuse: true },
    { name: 'payment status id -1', method: 'GET', path: '/en/payment-status/booking/-1', headers: {}, mustRefuse: true },
    { name: 'payment status id 1.5', method: 'GET', path: '/en/payment-status/booking/1.5', headers: {}, mustRefuse: true },
    {
      name: 'order success id 2^63',
      method: 'GET',
      path: '/en/order/9223372036854775808/payment/sandbox-card/success',
      headers: {},
      // It sends the traveller on to the payment status (which then finds no booking): no 5xx is the point.
      mustRefuse: false,
    },
    {
      name: 'TRACE on an on-demand page',
      method: 'TRACE',
      path: '/en/login',
      headers: {},
      mustRefuse: true,
      status: 405,
      allow: ['GET', 'HEAD'],
    },
    {
      name: 'TRACE on a static page',
      method: 'TRACE',
      path: '/en/about',
      headers: {},
      mustRefuse: true,
      status: 405,
      allow: ['GET', 'HEAD'],
    },
    {
      name: 'DELETE on a static page',
      method: 'DELETE',
      path: '/en/about',
      headers: {},
      mustRefuse: true,
      status: 405,
      allow: ['GET', 'HEAD'],
    },
    { name: 'PUT on a static file', method: 'PUT', path: '/favicon.svg', headers: {}, body: 'x', mustRefuse: true, status: 405 },
    {
      name: 'TRACE under /api/',
      method: 'TRACE',
      path: '/api/nuxt/en/cart',
      headers: {},
      mustRefuse: true,
      status: 405,
      allow: ['GET', 'HEAD'],
    },
    { name: 'unknown API path', method: 'GET', path: '/api/nuxt/en/no-such-endpoint', headers: {}, mustRefuse: true, status: 404 },
    {
      name: 'currency preference as JSON',
      method: 'POST',
      path: '/api/preferences/currency',
      headers: { 'content-type': 'application/json' },
      body: '{"currency":"EUR"}',
      mustRefuse: true,
      status: 415,
    },
  ];
  expect(await run(BASE, cases)).toEqual([]);
});

test('POST total/{hash} refuses invalid JSON instead of reading it as "no add-ons"', async () => {
  const answer = await rawRequest(BASE, {
    method: 'POST',
    path: '/api/nuxt/en/total/corpusCorpusCorpus0123',
    headers: { 'content-type': 'application/json' },
    body: '{"addons":',
  });
  expect(answer.status).toBe(400);
  expect((JSON.parse(answer.body) as { error: { code: string } }).error.code).toBe('invalid_json');
});
