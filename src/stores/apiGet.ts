/**
 * GETs of the islands' API client (api.ts): by operation name, or at an address the server handed
 * out for an operation. Identical GETs in flight share one answer (`sharedGet`, ajax.ts).
 */
import { operationUrl, type GetOperation, type ParamsOf, type QueryOf } from '../domain/api/operations.ts';
import { sharedGet } from './ajax.ts';
import { settle, type CallOptions, type ResultOf } from './api.ts';

/** GET an operation by name. */
export function apiGet<K extends GetOperation>(
  lang: string,
  name: K,
  query: QueryOf<K>,
  options: CallOptions & { params?: ParamsOf<K> } = {},
): Promise<ResultOf<K>> {
  const url = operationUrl(lang, name, options.params as Record<string, string> | undefined, query as Record<string, string | undefined>);
  return apiGetAt(name, url, options);
}

/**
 * GET an address the server handed out for an operation (the recheck URLs of a search answer):
 * the address is the server's, the answer's type is the operation's.
 */
export async function apiGetAt<K extends GetOperation>(_name: K, url: string, options: CallOptions = {}): Promise<ResultOf<K>> {
  const response = await sharedGet(url, { signal: options.signal, headers: { accept: 'application/json' } }, options.fetcher);
  return settle<K>(response);
}
