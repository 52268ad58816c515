/**
 * Checks every API request passes before its handler (issue 16): the rules that hold for all
 * endpoints alike, so that no handler can forget them. Pure functions; the middleware
 * (api/middleware.ts) turns their verdicts into error envelopes.
 *
 * - Characters: no string anywhere in the input may hold a control character (other than tab,
 *   line feed and carriage return; one-line fields refuse those too) or an unpaired UTF-16
 *   surrogate. PostgreSQL cannot store NUL at all, nor a surrogate half in UTF-8 — both used to
 *   surface as a 500 from the database.
 * - Content types: a body is JSON or a form, as the operation documents; anything else is 415.
 * - Sizes: each operation has a body limit (413); reading stops at the limit.
 */

/** C0 controls except \t \n \r, DEL, C1 controls; and a surrogate half without its partner. */
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSAFE_CHARACTERS = 'invalid_characters' as const;

/**
 * Fields that hold one line (names, e-mail, phone, document number): a tab or a line break there
 * is refused too — it would break the ticket, the mail headers and the operator's manifest.
 * Messages and addresses keep their line breaks.
 */
const SINGLE_LINE_FIELDS: ReadonlySet<string> = new Set([
  'name',
  'full_name',
  'first_name',
  'middle_name',
  'last_name',
  'surname',
  'email',
  'phone',
  'document_number',
]);
const LINE_BREAK_OR_TAB = /[\t\n\r]/;

export function hasUnsafeCharacters(text: string): boolean {
  return UNSAFE.test(text);
}

/** No input of this API nests deeper than a few levels; a body that does is refused outright. */
export const MAX_NESTING = 32;

export type InputCheck =
  { ok: true } | { ok: false; reason: 'too_deep' } | { ok: false; reason: 'unsafe'; fields: Record<string, string[]> };

/**
 * Walks a parsed input without recursion (a deeply nested body must not overflow the stack):
 * refuses nesting past MAX_NESTING, and lists the paths (dot-joined, as the error envelope's
 * `fields`) of every string with an unsafe character — object keys included, as they become
 * field names.
 */
export function checkInput(input: unknown): InputCheck {
  const fields: Record<string, string[]> = {};
  const pending: { value: unknown; path: readonly (string | number)[] }[] = [{ value: input, path: [] }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, path } = item;
    if (path.length > MAX_NESTING) return { ok: false, reason: 'too_deep' };
    if (typeof value === 'string') {
      const field = path.at(-1);
      const singleLine = typeof field === 'string' && SINGLE_LINE_FIELDS.has(field);
      if (hasUnsafeCharacters(value) || (singleLine && LINE_BREAK_OR_TAB.test(value)))
        fields[path.length ? path.join('.') : '_'] = [UNSAFE_CHARACTERS];
    } else if (Array.isArray(value)) {
      value.forEach((child: unknown, i) => pending.push({ value: child, path: [...path, i] }));
    } else if (value && typeof value === 'object') {
      for (const [name, child] of Object.entries(value)) {
        if (hasUnsafeCharacters(name)) fields[[...path, name].join('.')] = [UNSAFE_CHARACTERS];
        else pending.push({ value: child, path: [...path, name] });
      }
    }
  }
  return Object.keys(fields).length ? { ok: false, reason: 'unsafe', fields } : { ok: true };
}

export type BodyType = 'json' | 'form';

/** Whether a Content-Type header is the body type an operation takes (parameters ignored). */
export function contentTypeMatches(header: string | null, type: BodyType): boolean {
  const mediaType = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  // A form comes url-encoded from a plain <form> post, as multipart from fetch with FormData.
  if (type === 'form') return mediaType === 'application/x-www-form-urlencoded' || mediaType === 'multipart/form-data';
  return mediaType === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

export type BodyRead = { ok: true; text: string } | { ok: false; reason: 'too_large' | 'invalid_utf8' };

/**
 * The most of a refused body the server still reads (and throws away) before answering 413.
 * A client sends its whole body before it reads the answer; a server that answers and closes
 * mid-upload makes the client's write fail (EPIPE), and the client never sees the 413 — so
 * bodies up to this size are drained first. Past it, the connection is dropped.
 */
export const DRAIN_LIMIT = 8 * 1024 * 1024;

/** Reads what is left of a refused body, to `DRAIN_LIMIT` bytes, and drops it. */
export async function discardBody(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!body) return;
  const reader = body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > DRAIN_LIMIT) break;
    }
  } catch {
    return;
  }
  reader.cancel().catch(() => undefined);
}

/** Reads a body as UTF-8 text, giving up as soon as it passes `limit` bytes. */
export async function readLimitedBody(body: ReadableStream<Uint8Array> | null, limit: number): Promise<BodyRead> {
  if (!body) return { ok: true, text: '' };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: cancelling one branch of a cloned (tee'd) body settles only when the other
      // branch is cancelled too, which is the handler's, never read after this refusal.
      reader.cancel().catch(() => undefined);
      return { ok: false, reason: 'too_large' };
    }
    chunks.push(value);
  }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)) };
  } catch {
    return { ok: false, reason: 'invalid_utf8' };
  }
}

/** A body parsed for the character check; not ok when it is not valid JSON or form data. */
export async function parseBody(text: string, type: BodyType, contentType: string): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    if (type === 'json') return { ok: true, value: JSON.parse(text) as unknown };
    const form = await new Response(text, { headers: { 'content-type': contentType } }).formData();
    return {
      ok: true,
      value: Object.fromEntries([...form].map(([name, value]) => [name, typeof value === 'string' ? value : value.name])),
    };
  } catch {
    return { ok: false };
  }
}
