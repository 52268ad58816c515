/**
 * The islands' API client (issue 19 item 3): every call names its operation
 * (src/domain/api/operations.ts), so the address, the query, the body and the answer's type come
 * from one place and no store casts an answer. GETs go through `sharedGet` (identical calls in
 * flight share one answer); every call carries the web client's headers.
 *
 * GETs are in apiGet.ts (they share answers in flight through `sharedGet`, which a page that
 * only posts need not load).
 *
 * An answer is `{ ok: true, data }` or `{ ok: false, status, error }`: a handled failure (4xx, 503)
 * is a value the caller decides about, a network failure or an abort rejects as `fetch` does.
 */
import {
  operationUrl,
  writeMethodOf,
  type AnswerOf,
  type ErrorOf,
  type OperationName,
  type BodyOf,
  type ParamsOf,
  type PostOperation,
} from '../domain/api/operations.ts';
import { apiHeaders } from './clientHeaders.ts';

export type ApiResult<T, E = ErrorOf<OperationName>> =
  { ok: true; status: number; data: T } | { ok: false; status: number; error: E | undefined };
/** What calling operation K gives. */
export type ResultOf<K extends OperationName> = ApiResult<AnswerOf<K>, ErrorOf<K>>;

export interface CallOptions {
  signal?: AbortSignal | undefined;
  fetcher?: typeof fetch;
}

/** The answer of a call as its operation's result (shared with apiGet.ts). */
export async function settle<K extends OperationName>(response: Response): Promise<ResultOf<K>> {
  // The one place an answer gets its type: the operation's, as the contract declares it.
  if (response.ok) return { ok: true, status: response.status, data: (await response.json()) as AnswerOf<K> };
  // A failure's body is the error envelope; a proxy's HTML error page is none.
  const body = (await response.json().catch(() => undefined)) as { error?: ErrorOf<K> } | undefined;
  return { ok: false, status: response.status, error: body?.error };
}

/** POST to an operation by name; `headers` adds e.g. an Idempotency-Key. */
export async function apiPost<K extends PostOperation>(
  lang: string,
  name: K,
  body: BodyOf<K>,
  options: CallOptions & { params?: ParamsOf<K>; headers?: Record<string, string> } = {},
): Promise<ResultOf<K>> {
  const fetcher = options.fetcher ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const response = await fetcher(operationUrl(lang, name, options.params as Record<string, string> | undefined), {
    method: writeMethodOf(name),
    headers: apiHeaders({ 'content-type': 'application/json', accept: 'application/json', ...options.headers }),
    credentials: 'same-origin',
    body: JSON.stringify(body),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return settle<K>(response);
}
