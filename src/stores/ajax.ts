/**
 * The client's request rules (SPEC §7, §8), small enough for every island:
 * - `sharedGet`: identical GET requests by URL that are in flight share one answer — one fetch,
 *   every caller gets its own copy of the response. Once it settles, the next call fetches again
 *   (sharing is for the same moment, not a cache). A caller that aborts stops waiting on its own;
 *   the fetch itself is aborted only when every caller has.
 * - An aborted request rejects with an `AjaxError` whose message is "Aborted by user" (SPEC §8):
 *   error reporting ignores that message, and a place that shows it shows the translation
 *   (`error.aborted`, see `errorText` in feedback.store.ts).
 * - `raiseAjaxFailure`: a failure no screen handles itself opens the error modal with the
 *   translated default text (SPEC §8 "generic ajax failure").
 */

/** SPEC §8: the message of an aborted request (matched by error reporting; translated on screen). */
export const ABORTED_BY_USER = 'Aborted by user';

export class AjaxError extends Error {
  readonly reason: 'aborted' | 'network';

  constructor(reason: 'aborted' | 'network', cause?: unknown) {
    super(reason === 'aborted' ? ABORTED_BY_USER : 'Network request failed', { cause });
    this.name = 'AjaxError';
    this.reason = reason;
  }
}

export function isAborted(error: unknown): boolean {
  return (error instanceof AjaxError && error.reason === 'aborted') || (error instanceof DOMException && error.name === 'AbortError');
}

type Fetcher = typeof fetch;

interface InFlight {
  answer: Promise<Response>;
  controller: AbortController;
  /** Callers still waiting; at zero the fetch is aborted. */
  waiting: number;
}

const inFlight = new Map<string, InFlight>();

function abortedError(): AjaxError {
  return new AjaxError('aborted');
}

/**
 * GET `url`, sharing the answer with identical requests in flight. The request's own headers
 * are those of the first caller (identical by URL means the same request, SPEC §7).
 */
export function sharedGet(
  url: string,
  init: { signal?: AbortSignal | undefined; headers?: Record<string, string> } = {},
  fetcher: Fetcher = (...args) => fetch(...args),
): Promise<Response> {
  const { signal } = init;
  if (signal?.aborted) return Promise.reject(abortedError());
  let entry = inFlight.get(url);
  if (!entry) {
    const controller = new AbortController();
    const created: InFlight = {
      controller,
      waiting: 0,
      answer: fetcher(url, { method: 'GET', signal: controller.signal, ...(init.headers ? { headers: init.headers } : {}) }).finally(() => {
        if (inFlight.get(url) === created) inFlight.delete(url);
      }),
    };
    // Nobody may be left to read a failure (every caller aborted): it must not go unhandled.
    created.answer.catch(() => undefined);
    inFlight.set(url, created);
    entry = created;
  }
  const shared = entry;
  shared.waiting += 1;
  return new Promise<Response>((resolve, reject) => {
    let done = false;
    const leave = () => {
      done = true;
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      if (done) return;
      leave();
      shared.waiting -= 1;
      if (shared.waiting === 0) {
        shared.controller.abort();
        if (inFlight.get(url) === shared) inFlight.delete(url);
      }
      reject(abortedError());
    };
    signal?.addEventListener('abort', onAbort);
    shared.answer.then(
      (response) => {
        if (done) return;
        leave();
        // Each caller reads its own copy: a body can be read once.
        resolve(response.clone());
      },
      (error: unknown) => {
        if (done) return;
        leave();
        reject(isAborted(error) ? abortedError() : new AjaxError('network', error));
      },
    );
  });
}

/** Opens the error modal for a failure no screen handles itself (SPEC §8). */
export function raiseAjaxFailure(error: unknown, target?: Pick<Window, 'dispatchEvent'>): void {
  console.error(error);
  // Outside a browser (server rendering, unit tests without a page) there is no modal to open.
  const page = target ?? (typeof window === 'undefined' ? undefined : window);
  if (!page) return;
  // No detail: the modal shows the translated default ajax-error text.
  const detail = isAborted(error) ? { message: ABORTED_BY_USER } : undefined;
  page.dispatchEvent(new CustomEvent('showError', { detail }));
}
