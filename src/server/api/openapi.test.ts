import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/translations/en.json' with { type: 'json' };
import { registerBody } from '../accounts/http.ts';
import { placeOrderBody } from '../payment/api.ts';
import { searchSchema } from '../search/params.ts';
import { answerMediaType, API_OPERATIONS, buildOpenApiDocument, inputJsonSchema } from './openapi.ts';

type Json = Record<string, unknown>;

const API_DIR = fileURLToPath(new URL('../../pages/api', import.meta.url));
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'ALL'] as const;

/**
 * Routes that may stay out of the document, with the reason. Only for answers that are not
 * part of the JSON contract; everything else must be documented.
 */
const UNDOCUMENTED: Readonly<Record<string, string>> = {};

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return /\.(ts|js)$/.test(entry.name) && !/\.test\.(ts|js)$/.test(entry.name) ? [path] : [];
  });
}

/** src/pages/api/nuxt/[lang]/total/[hash].ts → /api/nuxt/{lang}/total/{hash} (Astro's file routing). */
function urlTemplate(file: string): string {
  const route = relative(API_DIR, file)
    .split(sep)
    .join('/')
    .replace(/\.(ts|js)$/, '')
    .replace(/(^|\/)index$/, '')
    .replace(/\[(?:\.\.\.)?([^\]]+)\]/g, '{$1}');
  return `/api/${route}`.replace(/\/$/, '');
}

function exportedMethods(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/export\s+(?:const|let|async\s+function|function)\s+([A-Z]+)\b/g))
    if ((METHODS as readonly string[]).includes(m[1] ?? '')) found.add(m[1] ?? '');
  return [...found];
}

const routes = routeFiles(API_DIR).flatMap((file) =>
  exportedMethods(readFileSync(file, 'utf8')).map((method) => ({ file, key: `${method} ${urlTemplate(file)}` })),
);
const doc = buildOpenApiDocument() as unknown as {
  openapi: string;
  info: Json;
  paths: Record<string, Record<string, Json>>;
  components: Json;
};
const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

describe('OpenAPI document', () => {
  it('has the shape of an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(typeof doc.info.title).toBe('string');
    expect(typeof doc.info.version).toBe('string');
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
    const ids = new Set<string>();
    for (const { path, method, op } of operations) {
      expect(path).toMatch(/^\/api\//);
      expect(['get', 'post', 'put', 'patch', 'delete', 'options', 'head']).toContain(method);
      expect(typeof op.operationId).toBe('string');
      expect(ids.has(op.operationId as string), `operationId ${String(op.operationId)} is unique`).toBe(false);
      ids.add(op.operationId as string);

      const responses = op.responses as Record<string, Json>;
      expect(Object.keys(responses).length, `${method} ${path} has responses`).toBeGreaterThan(0);
      for (const [status, response] of Object.entries(responses)) {
        expect(status).toMatch(/^[1-5]\d\d$/);
        expect(typeof response.description).toBe('string');
      }

      const parameters = (op.parameters ?? []) as Json[];
      for (const p of parameters) {
        expect(typeof p.name, `${method} ${path} parameter name`).toBe('string');
        expect(['query', 'path', 'header', 'cookie']).toContain(p.in);
        expect(typeof p.schema).toBe('object');
        if (p.in === 'path') expect(p.required).toBe(true);
      }
      // Every {name} of the template is a path parameter, and nothing else is.
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = parameters
        .filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort();
      expect(declared, `${method} ${path} path parameters`).toEqual(templated);
    }
  });

  it('documents depart-after (time) and arrive-by (arrive_by) on trips/search (issue 20)', () => {
    const parameters = (doc.paths['/api/nuxt/{lang}/trips/search']?.get?.parameters ?? []) as Json[];
    for (const name of ['time', 'arrive_by']) {
      const parameter = parameters.find((p) => p.name === name);
      expect(parameter, name).toMatchObject({ in: 'query', schema: { type: 'string' } });
      expect(String(parameter?.description ?? (parameter?.schema as Json | undefined)?.description)).toMatch(/HH:MM/);
      // The bad-input corpus takes a parameter's example as its valid value (a made-up string
      // failed the pattern, and every refusal of trips/page-data named time and arrive_by).
      const schema = parameter?.schema as { pattern?: string; examples?: unknown[] } | undefined;
      expect(schema?.examples?.length, name).toBeGreaterThan(0);
      expect(String(schema?.examples?.[0])).toMatch(new RegExp(schema?.pattern ?? '^$'));
    }
  });

  it('names SITE_URL as its server, not the Host a request came in under', () => {
    const previous = process.env.SITE_URL;
    process.env.SITE_URL = 'https://api.roamly.example/';
    try {
      expect(buildOpenApiDocument().servers).toEqual([{ url: 'https://api.roamly.example' }]);
    } finally {
      if (previous === undefined) delete process.env.SITE_URL;
      else process.env.SITE_URL = previous;
    }
  });

  it('resolves every $ref', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of refs) {
      const target = (ref.split('"')[3] ?? '').replace(/^#\//, '').split('/');
      let node: unknown = doc;
      for (const part of target) node = (node as Json | undefined)?.[part];
      expect(node, ref).toBeTypeOf('object');
    }
  });

  it('documents every route file under src/pages/api, and nothing else', () => {
    expect(routes.length).toBeGreaterThan(50);
    const documented = new Set(operations.map((o) => `${o.method.toUpperCase()} ${o.path}`));
    const missing = routes.filter((r) => !documented.has(r.key) && !(r.key in UNDOCUMENTED)).map((r) => `${r.key} (${r.file})`);
    expect(missing, 'add these to API_OPERATIONS in src/server/api/openapi.ts').toEqual([]);
    const routeKeys = new Set(routes.map((r) => r.key));
    expect([...documented].filter((k) => !routeKeys.has(k))).toEqual([]);
    for (const key of Object.keys(UNDOCUMENTED)) expect(routeKeys.has(key), `allow-listed ${key} exists`).toBe(true);
  });

  it('answers errors with the one envelope, and every code has a translated message', () => {
    const messages = en as Record<string, string>;
    for (const { path, method, op } of operations) {
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        if (Number(status) < 400) continue;
        const schema = JSON.stringify(response.content);
        expect(schema, `${method} ${path} ${status}`).toContain('#/components/schemas/ApiError');
        const content = response.content as Record<
          string,
          { schema: { allOf: [Json, { properties: { error: { properties: { code: { enum: string[] } } } } }] } }
        >;
        const codes = content['application/json']?.schema.allOf[1].properties.error.properties.code.enum ?? [];
        expect(codes.length).toBeGreaterThan(0);
        for (const code of codes) expect(messages[`apiError.${code}`], `apiError.${code}`).toBeTypeOf('string');
      }
    }
    const envelope = doc.components.schemas as Record<string, Json>;
    expect(envelope.ApiError?.required).toEqual(['error']);
  });

  it('every state-changing call lists the cross-site refusal', () => {
    for (const { path, method, op } of operations) {
      if (method === 'get') continue;
      expect((op.responses as Json)['403'], `${method} ${path}`).toBeDefined();
    }
  });
});

describe('schemas round-trip between the endpoint and the document', () => {
  const body = (method: string, path: string) => {
    const op = doc.paths[path]?.[method];
    const content = (op?.requestBody as { content: Record<string, { schema: Json }> } | undefined)?.content;
    return content?.['application/json']?.schema;
  };

  it('place-order: the sample passes the zod schema, the document requires the same fields', () => {
    const sample = { booking_id: '0b6f5a9e-3c2d-4e1f-9a8b-7c6d5e4f3a2b', paygate: 'sandbox-card' };
    expect(placeOrderBody.safeParse(sample).success).toBe(true);
    const schema = body('post', '/api/nuxt/{lang}/pay/place-order');
    expect(schema).toEqual(inputJsonSchema(placeOrderBody));
    expect([...((schema?.required ?? []) as string[])].sort()).toEqual(['booking_id', 'paygate']);
    for (const field of ['booking_id', 'paygate'] as const) {
      const rest = Object.fromEntries(Object.entries(sample).filter(([key]) => key !== field));
      expect(placeOrderBody.safeParse(rest).success, `without ${field}`).toBe(false);
    }
    const paygate = (schema?.properties as Record<string, Json>).paygate;
    expect(paygate?.enum).toContain(sample.paygate);
  });

  it('register: a defaulted field is optional in the document and in zod', () => {
    const sample = { email: 'traveller@example.com', password: 'long enough secret' };
    expect(registerBody.safeParse(sample).success).toBe(true);
    const schema = body('post', '/api/nuxt/{lang}/register');
    expect([...((schema?.required ?? []) as string[])].sort()).toEqual(['email', 'password']);
    expect(registerBody.safeParse({ email: sample.email }).success).toBe(false);
  });

  it('trips/search: query parameters follow searchSchema, defaults not required', () => {
    const sample = { fromId: '12', toId: 's34', date: '2030-01-15' };
    expect(searchSchema.safeParse(sample).success).toBe(true);
    const parameters = doc.paths['/api/nuxt/{lang}/trips/search']?.get?.parameters as Json[];
    const query = parameters.filter((p) => p.in === 'query');
    expect(query.map((p) => p.name).sort()).toEqual(Object.keys(searchSchema.shape).sort());
    const people = query.find((p) => p.name === 'people');
    expect(people?.required).toBe(false);
    expect((people?.schema as Json).default).toBe(2);
    // The document's pattern for a place reference accepts the sample and refuses what zod refuses.
    const pattern = new RegExp((query.find((p) => p.name === 'fromId')?.schema as Json).pattern as string);
    expect(pattern.test(sample.fromId)).toBe(true);
    expect(pattern.test('Not A Slug')).toBe(false);
    expect(searchSchema.safeParse({ ...sample, fromId: 'Not A Slug' }).success).toBe(false);
  });

  it('cart hash path parameter: the same pattern as cartHashSchema', () => {
    const parameters = doc.paths['/api/nuxt/{lang}/checkout/reserve/{hash}']?.post?.parameters as Json[];
    const hash = parameters.find((p) => p.name === 'hash');
    const pattern = new RegExp((hash?.schema as Json).pattern as string);
    expect(pattern.test('abcdefghijklmnop_123')).toBe(true);
    expect(pattern.test('short')).toBe(false);
  });
});

describe('API_OPERATIONS', () => {
  it('lists each method and path once', () => {
    const keys = API_OPERATIONS.map((op) => `${op.method} ${op.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declares the schema of every JSON success answer (answers/), and the media type of every other', () => {
    const withoutSchema = API_OPERATIONS.filter((op) => answerMediaType(op.ok) === 'application/json' && op.ok.type !== 'openapi')
      .filter((op) => (op.ok as { schema?: unknown }).schema === undefined)
      .map((op) => `${op.method} ${op.path}`);
    expect(withoutSchema, 'give these an answer schema in src/server/api/answers/').toEqual([]);
    for (const op of API_OPERATIONS) {
      if (op.ok.type === 'redirect') expect(op.ok.status, `${op.method} ${op.path}`).toBeGreaterThanOrEqual(300);
      else expect(answerMediaType(op.ok), `${op.method} ${op.path}`).toMatch(/^[a-z]+\/[a-z.+-]+$/);
    }
  });

  it('documents each success answer with its schema or media type', () => {
    for (const { path, method, op } of operations) {
      const declared = API_OPERATIONS.find((o) => o.method === method && o.path === path);
      const response = (op.responses as Record<string, Json>)[String(declared?.ok.status)];
      expect(response, `${method} ${path}`).toBeDefined();
      const content = response?.content as Record<string, { schema: Json }> | undefined;
      if (declared?.ok.type === 'redirect') continue;
      const media = declared && answerMediaType(declared.ok);
      expect(Object.keys(content ?? {}), `${method} ${path}`).toEqual([media]);
      // A JSON answer's schema says what is in it: more than "an object".
      const schema = content?.[media ?? '']?.schema;
      if (media === 'application/json' && declared?.ok.type !== 'openapi')
        expect(
          Object.keys(schema ?? {}).some((k) => ['properties', 'anyOf', 'oneOf', 'allOf'].includes(k)),
          `${method} ${path}`,
        ).toBe(true);
    }
  });
});
