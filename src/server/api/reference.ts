/**
 * The human-readable API reference at GET /api/docs (issue 19): one server-rendered HTML page
 * built from the same operation list as /api/openapi.json (openapi.ts) and the error catalogue —
 * operations by tag, their parameters, bodies, answers and error codes. No script, no network:
 * it reads without JavaScript, and the site's CSP has nothing to allow.
 */
import { API_ERRORS, isApiErrorCode } from './catalogue.ts';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.ts';

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema: unknown;
}
interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Backticks in the declarations' prose become <code>. */
const prose = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const schemaBlock = (schema: unknown) =>
  `<details><summary>JSON Schema</summary><pre>${escape(JSON.stringify(schema, null, 2))}</pre></details>`;

function typeOf(schema: unknown): string {
  const s = schema as { type?: unknown; enum?: unknown[]; pattern?: string; format?: string };
  if (s.enum) return s.enum.map(String).join(' | ');
  const type = Array.isArray(s.type) ? s.type.join(' | ') : typeof s.type === 'string' ? s.type : 'any';
  return [type, s.format, s.pattern && `/${s.pattern}/`].filter(Boolean).join(' ');
}

function parametersTable(parameters: readonly Parameter[]): string {
  if (!parameters.length) return '';
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${escape(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escape(typeOf(p.schema))}</code></td><td>${prose(p.description ?? '')}</td></tr>`,
    )
    .join('');
  return `<h4>Parameters</h4><table><thead><tr><th>name</th><th>in</th><th>required</th><th>type</th><th>about</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function bodySection(body: Operation['requestBody']): string {
  if (!body) return '';
  const [type = '', content] = Object.entries(body.content)[0] ?? [];
  return `<h4>Body (${escape(type)}${body.required ? '' : ', optional'})</h4>${content ? schemaBlock(content.schema) : ''}`;
}

/** The codes a response's schema allows (openapi.ts puts them in an enum). */
function codesOf(response: Operation['responses'][string]): string[] {
  const schema = response.content?.['application/json']?.schema as
    { allOf?: { properties?: { error?: { properties?: { code?: { enum?: string[] } } } } }[] } | undefined;
  return schema?.allOf?.[1]?.properties?.error?.properties?.code?.enum ?? [];
}

function responsesSection(responses: Operation['responses']): string {
  const items = Object.entries(responses).map(([status, response]) => {
    const codes = codesOf(response);
    if (!codes.length) return `<li><strong>${status}</strong> ${prose(response.description)}</li>`;
    const list = codes
      .map((code) => `<li><code>${escape(code)}</code> ${isApiErrorCode(code) ? prose(API_ERRORS[code].about) : ''}</li>`)
      .join('');
    return `<li><strong>${status}</strong><ul>${list}</ul></li>`;
  });
  return `<h4>Answers</h4><ul>${items.join('')}</ul>`;
}

function operationSection(path: string, method: string, op: Operation): string {
  return `<section id="${escape(op.operationId)}">
<h3><span class="method">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
<p>${prose(op.summary)}</p>${op.description ? `<p>${prose(op.description)}</p>` : ''}
${parametersTable(op.parameters ?? [])}${bodySection(op.requestBody)}${responsesSection(op.responses)}
</section>`;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:auto;padding:1rem}code,pre{font-family:ui-monospace,monospace}
pre{background:#f4f4f4;padding:.5rem;overflow:auto}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .4rem;text-align:start}
section{border-block-start:1px solid #ddd;margin-block:1.5rem}.method{font-family:ui-monospace,monospace;background:#222;color:#fff;padding:0 .3rem}`;

export function referenceHtml(doc: OpenApiDocument = buildOpenApiDocument()): string {
  const byTag = new Map<string, string[]>();
  const toc = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, raw] of Object.entries(item)) {
      const op = raw as Operation;
      const tag = op.tags[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationSection(path, method, op)]);
      toc.set(tag, [...(toc.get(tag) ?? []), `<li><a href="#${escape(op.operationId)}">${method.toUpperCase()} ${escape(path)}</a></li>`]);
    }
  const errors = Object.entries(API_ERRORS)
    .map(([code, e]) => `<tr><td><code>${code}</code></td><td>${String(e.status)}</td><td>${prose(e.about)}</td></tr>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(doc.info.title)} reference</title><style>${STYLE}</style></head>
<body><h1>${escape(doc.info.title)} ${escape(doc.info.version)}</h1>
<p>${prose(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). Server: <code>${escape(doc.servers[0]?.url ?? '')}</code>.</p>
<nav><h2>Operations</h2>${[...toc.entries()].map(([tag, links]) => `<h3>${escape(tag)}</h3><ul>${links.join('')}</ul>`).join('')}
<p><a href="#errors">Error codes</a></p></nav>
${[...byTag.entries()].map(([tag, sections]) => `<h2>${escape(tag)}</h2>${sections.join('\n')}`).join('\n')}
<h2 id="errors">Error codes</h2>
<p>Every refusal is <code>{ "error": { "code", "message", "fields"? } }</code>; the code never changes once shipped and always has the status below. <code>message</code> is translated into {lang}.</p>
<table><thead><tr><th>code</th><th>status</th><th>meaning</th></tr></thead><tbody>${errors}</tbody></table>
</body></html>`;
}

let cached: string | undefined;

/** Built once per process, like the JSON document. */
export function referencePage(): string {
  cached ??= referenceHtml();
  return cached;
}
