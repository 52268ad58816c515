/**
 * Calls into the list worker with promises. A call whose answer carries no data rejects with
 * "No data returned in: {function}" (SPEC §8).
 */
import type { ListFunction, ListOutput, ListRequest, ListResponse } from '../domain/results/listWork.ts';

export interface WorkerLike {
  postMessage(message: ListRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ListResponse>) => void): void;
}

export interface ListClient {
  call<F extends ListFunction>(fn: F, data: unknown): Promise<ListOutput<F>>;
}

export function createListClient(worker: WorkerLike): ListClient {
  let next = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  worker.addEventListener('message', (event) => {
    const { id, fn, data } = event.data;
    const waiting = pending.get(id);
    if (!waiting) return;
    pending.delete(id);
    if (data === undefined) waiting.reject(new Error(`No data returned in: ${fn}`));
    else waiting.resolve(data);
  });
  return {
    call<F extends ListFunction>(fn: F, data: unknown) {
      const id = ++next;
      return new Promise<ListOutput<F>>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        worker.postMessage({ id, fn, data });
      });
    },
  };
}
