/**
 * Where the results page's list work runs (src/domain/results/listWork.ts): in the list worker
 * when the island attached one (src/islands/SearchResults/list.worker.ts), else — or when the
 * worker fails, e.g. "No data returned in: {function}" — on the main thread, so the list still
 * appears. Shared by the search (making the product list) and the list store (sort and filter).
 */
import { atom } from 'nanostores';
import { runList, type ListFunction, type ListOutput } from '../domain/results/listWork.ts';
import type { ListClient } from './listWorker.ts';

/** The attached worker; the list store works the list out again when it changes. */
export const $listClient = atom<ListClient | undefined>(undefined);

/** Moves the list work off the main thread (undefined: back onto it). */
export function attachListWorker(client: ListClient | undefined): void {
  $listClient.set(client);
}

export async function listWork<F extends ListFunction>(fn: F, data: Parameters<typeof runList<F>>[1]): Promise<ListOutput<F>> {
  const client = $listClient.get();
  if (!client) return runList(fn, data);
  try {
    return await client.call(fn, data);
  } catch (error) {
    console.error(error);
    return runList(fn, data);
  }
}
