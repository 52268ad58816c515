/**
 * The bad-input corpus: requests an attacker would send, generated from the OpenAPI document
 * (GET /api/openapi.json) so that every operation is covered and a new one is covered the day
 * it is documented. Each case says which input it breaks, so the test can check that the
 * answer names that field.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  pattern?: string;
  examples?: unknown[];
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
}

export interface BadRequest {
  /** What the case tries, for the failure list. */
  name: string;
  method: string;
  /** Raw path and query, sent byte for byte (no normalisation). */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The input the case breaks (dot path in the body or the query name): the answer must name it… */
  field?: string;
  /** …or this one (a signed call may refuse on its signature first). */
  orField?: string;
  /** The answer must be a refusal (4xx), not a success. */
  mustRefuse: boolean;
  /** The status the rule asks for, when there is exactly one (405, 415, 400 for encoding). */
  status?: number;
  /** Methods the path serves, for the Allow header of a 405. */
  allow?: string[];
}

const LONE_SURROGATE = '\uD800';
const HUGE = 'x'.repeat(100 * 1024);
const INT_OVERFLOWS = ['2147483648', '9223372036854775808', '-1', '1.5', '1e309'];
const SAMPLE_HASH = 'corpusCorpusCorpus0123';
/** Stands in for a raw JSON number (1e309 has no JSON.stringify form). */
const RAW = '@raw-number@';

function firstVariant(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema;
}

function typeOf(schema: JsonSchema): string {
  const s = firstVariant(schema);
  if (Array.isArray(s.type)) return s.type[0] ?? 'string';
  if (s.type) return s.type;
  if (s.const !== undefined) return typeof s.const;
  if (s.enum) return typeof s.enum[0];
  return 'string';
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** A plausible value for a field: good enough that the field itself passes validation. */
function sample(name: string, schema: JsonSchema): unknown {
  const s = firstVariant(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  // A documented example is valid by definition (a clock time "08:00" matches no guess below).
  if (s.examples?.length) return s.examples[0];
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 0);
    case 'boolean':
      return true;
    case 'array':
      return s.items ? [sample(name, s.items)] : [];
    case 'object':
      return sampleObject(s);
    default: {
      if (/email/i.test(name)) return 'corpus@example.com';
      if (/password/i.test(name)) return 'Corpus-password-1';
      if (/date|expiry/i.test(name)) return tomorrow();
      if (/phone/i.test(name)) return '+66 812345678';
      if (/currency/i.test(name)) return 'USD';
      if (s.pattern?.includes('A-Za-z0-9_-')) return SAMPLE_HASH;
      if (s.pattern?.includes('a-z0-9]+(?:-')) return 'bangkok';
      return 'corpus'.padEnd(Math.max(6, s.minLength ?? 0), 'x');
    }
  }
}

function sampleObject(schema: JsonSchema): Record<string, unknown> {
  const s = firstVariant(schema);
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(s.properties ?? {})) out[name] = sample(name, property);
  return out;
}

/** Wrong-typed stand-ins for a field of the given type. */
function wrongTypes(type: string): unknown[] {
  switch (type) {
    case 'integer':
    case 'number':
      return ['twelve', [], { n: 1 }];
    case 'array':
      return ['list', { 0: 1 }];
    case 'object':
      return ['object', [1]];
    case 'boolean':
      return ['yes', 2];
    default:
      return [123, [], { s: 'x' }, true];
  }
}

/** Every field of a body as [dot path, schema], two levels deep (enough for form.email). */
function bodyFields(schema: JsonSchema, prefix = '', depth = 0): [string, JsonSchema][] {
  const s = firstVariant(schema);
  const out: [string, JsonSchema][] = [];
  for (const [name, property] of Object.entries(s.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    out.push([path, property]);
    if (depth < 1 && typeOf(property) === 'object') out.push(...bodyFields(property, path, depth + 1));
  }
  return out;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(target);
  const keys = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1) ?? ''] = value;
  return copy;
}

function withoutField(target: Record<string, unknown>, field: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(target).filter(([name]) => name !== field));
}

function deepNesting(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Percent-encodes; an unpaired surrogate (which has no UTF-8 form) becomes the bytes a careless client sends. */
const enc = (value: string) => value.split(LONE_SURROGATE).map(encodeURIComponent).join('%ED%A0%80');

/** The corpus for one operation of the document. */
export function casesFor(docPath: string, method: string, op: Operation, pathMethods: string[]): BadRequest[] {
  const verb = method.toUpperCase();
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const headerParams = params.filter((p) => p.in === 'header');
  const baseHeaders: Record<string, string> = {};
  for (const h of headerParams)
    baseHeaders[h.name] = h.name.toLowerCase() === 'idempotency-key' ? `corpus-${crypto.randomUUID()}` : 'corpus';

  const pathValues: Record<string, string> = { lang: 'en' };
  for (const p of pathParams) if (p.name !== 'lang') pathValues[p.name] = enc(String(sample(p.name, p.schema)));
  const buildPath = (values: Record<string, string>) => docPath.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? 'x');
  const query: Record<string, string> = {};
  for (const p of queryParams) if (p.required || p.schema.default === undefined) query[p.name] = enc(String(sample(p.name, p.schema)));
  const queryString = (q: Record<string, string>) => {
    const parts = Object.entries(q).map(([k, v]) => `${k}=${v}`);
    return parts.length ? `?${parts.join('&')}` : '';
  };
  const url = (values = pathValues, q = query) => buildPath(values) + queryString(q);

  const content = op.requestBody ? Object.entries(op.requestBody.content)[0] : undefined;
  const contentType = content?.[0];
  const bodySchema = content?.[1].schema;
  const isForm = contentType === 'application/x-www-form-urlencoded';
  const baseBody = bodySchema ? sampleObject(bodySchema) : undefined;
  const serialise = (value: unknown): string =>
    isForm
      ? Object.entries(value as Record<string, unknown>)
          .map(([k, v]) => `${enc(k)}=${enc(String(v))}`)
          .join('&')
      : JSON.stringify(value);
  // A signed call (the payment webhook) checks its signature before reading the body: with the
  // corpus's made-up signature, the field a refusal names is the signature header.
  const signature = headerParams.find((h) => h.required && h.name.toLowerCase() !== 'idempotency-key')?.name;
  const withBody = (name: string, body: string, extra: Partial<BadRequest> = {}): BadRequest => ({
    name,
    method: verb,
    path: url(),
    headers: { ...baseHeaders, 'content-type': contentType ?? 'application/json' },
    body,
    mustRefuse: true,
    ...extra,
    ...(signature && extra.field ? { orField: signature } : {}),
  });

  const cases: BadRequest[] = [];

  // Query parameters: wrong types, overflow, control characters, huge values, broken encoding.
  for (const p of queryParams) {
    const type = typeOf(p.schema);
    const bad: [string, string][] = [
      ['NUL', enc(`a\u0000b`)],
      ['8 KB', 'x'.repeat(8 * 1024)],
    ];
    if (type === 'integer' || type === 'number') bad.push(['not a number', 'abc'], ...INT_OVERFLOWS.map((v): [string, string] => [v, v]));
    for (const [what, value] of bad)
      cases.push({
        name: `query ${p.name}: ${what}`,
        method: verb,
        path: url(pathValues, { ...query, [p.name]: value }),
        headers: baseHeaders,
        field: p.name,
        mustRefuse: !(p.schema.pattern === undefined && type === 'string' && what === '8 KB' && !('maxLength' in p.schema)),
      });
    // A surrogate half has no UTF-8 form: its bytes are not valid percent-encoding.
    cases.push({
      name: `query ${p.name}: unpaired surrogate (%ED%A0%80)`,
      method: verb,
      path: url(pathValues, { ...query, [p.name]: '%ED%A0%80' }),
      headers: baseHeaders,
      mustRefuse: true,
      status: 400,
    });
    cases.push({
      name: `query ${p.name}: bad percent-encoding`,
      method: verb,
      path: url(pathValues, { ...query, [p.name]: '%E0%A4%A' }),
      headers: baseHeaders,
      mustRefuse: true,
      status: 400,
    });
  }
  cases.push({
    name: 'extra query parameter',
    method: verb,
    path: url(pathValues, { ...query, corpusExtra: '1' }),
    headers: baseHeaders,
    mustRefuse: false,
  });

  // Path parameters other than the language.
  for (const p of pathParams.filter((x) => x.name !== 'lang'))
    for (const [what, value, status] of [
      ['NUL', '%00', undefined],
      ['bad percent-encoding', '%ZZ', 400],
      ['invalid UTF-8', '%ED%A0%80', 400],
      ['8 KB', 'x'.repeat(8 * 1024), undefined],
      ['2^31', '2147483648', undefined],
      ['dot segments', '..%2F..%2Fetc', undefined],
    ] as const)
      cases.push({
        name: `path {${p.name}}: ${what}`,
        method: verb,
        path: url({ ...pathValues, [p.name]: value }),
        headers: baseHeaders,
        mustRefuse: true,
        ...(status ? { status } : {}),
      });

  // Bodies.
  if (bodySchema && baseBody) {
    for (const [field, schema] of bodyFields(bodySchema)) {
      const type = typeOf(schema);
      for (const wrong of isForm ? [] : wrongTypes(type))
        cases.push(withBody(`body ${field}: ${JSON.stringify(wrong)} for ${type}`, serialise(setPath(baseBody, field, wrong)), { field }));
      if (type === 'string') {
        cases.push(withBody(`body ${field}: NUL`, serialise(setPath(baseBody, field, 'a\u0000b')), { field }));
        cases.push(withBody(`body ${field}: unpaired surrogate`, serialise(setPath(baseBody, field, `a${LONE_SURROGATE}b`)), { field }));
        cases.push(withBody(`body ${field}: 100 KB`, serialise(setPath(baseBody, field, HUGE))));
      }
      if ((type === 'integer' || type === 'number') && !isForm)
        for (const value of INT_OVERFLOWS)
          cases.push(
            withBody(`body ${field}: ${value}`, JSON.stringify(setPath(baseBody, field, RAW)).replace(`"${RAW}"`, value), { field }),
          );
      const required = firstVariant(bodySchema).required ?? [];
      if (!field.includes('.') && required.includes(field))
        cases.push(withBody(`body ${field}: missing`, serialise(withoutField(baseBody, field)), { field }));
    }
    cases.push(withBody('body: extra field', serialise({ ...baseBody, corpusExtra: 1 }), { mustRefuse: false }));
    if (!isForm) {
      for (const [what, raw] of [
        ['invalid JSON', '{"a":'],
        ['null', 'null'],
        ['an array', '[1,2]'],
        ['a string', '"text"'],
        ['deep nesting', deepNesting(3000)],
      ] as const)
        cases.push(withBody(`body: ${what}`, raw));
    }
    const otherTypes = isForm ? ['application/json'] : ['multipart/form-data; boundary=x', 'application/x-www-form-urlencoded'];
    for (const wrongType of ['text/plain', 'application/xml', ...otherTypes])
      cases.push({
        ...withBody(`content type ${wrongType}`, isForm ? '{"currency":"USD"}' : 'currency=USD'),
        headers: { ...baseHeaders, 'content-type': wrongType },
        status: 415,
      });
    cases.push({ ...withBody('a 2 MB body', `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`), status: 413 });
  }

  // Methods the path does not serve.
  const allow = [...new Set(pathMethods.flatMap((m) => (m === 'get' ? ['GET', 'HEAD'] : [m.toUpperCase()])))];
  if (verb === pathMethods[0]?.toUpperCase())
    for (const wrong of ['PUT', 'PATCH', 'DELETE', 'POST', 'TRACE'].filter((m) => !allow.includes(m)))
      cases.push({
        name: `method ${wrong}`,
        method: wrong,
        path: url(),
        headers: { ...baseHeaders, 'content-type': 'application/json' },
        ...(wrong === 'TRACE' ? {} : { body: '{}' }),
        mustRefuse: true,
        status: 405,
        allow,
      });
  return cases;
}

/** The whole corpus: every operation of the document. */
export function badInputCorpus(doc: OpenApiDoc): { operation: string; cases: BadRequest[] }[] {
  const out: { operation: string; cases: BadRequest[] }[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const methods = Object.keys(item);
    for (const [method, op] of Object.entries(item))
      out.push({ operation: `${method.toUpperCase()} ${path}`, cases: casesFor(path, method, op, methods) });
  }
  return out;
}
