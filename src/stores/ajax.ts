/**
 * The client's request rules (SPEC §7, §8), small enough for every island:
 * - `sharedGet`: identical GET requests by URL that are in flight share one answer — one fetch,
 *   every caller gets its own copy of the response. Once it settles, the next call fetches again
 *   (sharing is for the same moment, not a cache). A caller that aborts stops waiting on its own;
 *   the fetch itself is aborted only when every caller has.
 * - An aborted request rejects with an AbortError whose message is "Aborted by user" (SPEC §8):
 *   error reporting ignores that message, and a place that shows it shows the translation
 *   (`error.aborted`, see `errorText` in feedback.store.ts). Other failures reject with the
 *   fetch's own error.
 * - `raiseAjaxFailure`: a failure no screen handles itself opens the error modal with the
 *   translated default text (SPEC §8 "generic ajax failure").
 */
import { apiHeaders } from './clientHeaders.ts';

/**
 * SPEC §8: the message of an aborted request (matched by error reporting; translated on screen).
 * feedback.store.ts has the same text for the modal: importing it from there would make both
 * modules a shared chunk of their own on the results page (bytes over its budget); ajax.test.ts
 * holds the two equal.
 */
export const ABORTED_BY_USER = 'Aborted by user';

export function isAborted(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

const aborted = () => new DOMException(ABORTED_BY_USER, 'AbortError');

interface InFlight {
  answer: Promise<Response>;
  controller: AbortController;
  /** Callers still waiting; at zero the fetch is aborted. */
  waiting: number;
}

const inFlight = new Map<string, InFlight>();

/**
 * GET `url`, sharing the answer with identical requests in flight. The request's own headers
 * are those of the first caller (identical by URL means the same request, SPEC §7).
 */
export function sharedGet(
  url: string,
  init: { signal?: AbortSignal | undefined; headers?: Record<string, string> } = {},
  fetcher: typeof fetch = (...args) => fetch(...args),
): Promise<Response> {
  const { signal } = init;
  if (signal?.aborted) return Promise.reject(aborted());
  let shared = inFlight.get(url);
  if (!shared) {
    const controller = new AbortController();
    const created: InFlight = {
      controller,
      waiting: 0,
      answer: fetcher(url, { signal: controller.signal, headers: apiHeaders(init.headers) }).finally(() => {
        if (inFlight.get(url) === created) inFlight.delete(url);
      }),
    };
    // Nobody may be left to read a failure (every caller aborted): it must not go unhandled.
    created.answer.catch(() => undefined);
    inFlight.set(url, created);
    shared = created;
  }
  const entry = shared;
  entry.waiting += 1;
  return new Promise<Response>((resolve, reject) => {
    let done = false;
    const settle = (then: () => void) => {
      if (done) return;
      done = true;
      signal?.removeEventListener('abort', onAbort);
      then();
    };
    const onAbort = () => {
      settle(() => {
        if (--entry.waiting === 0) {
          entry.controller.abort();
          if (inFlight.get(url) === entry) inFlight.delete(url);
        }
        reject(aborted());
      });
    };
    signal?.addEventListener('abort', onAbort);
    entry.answer.then(
      // Each caller reads its own copy: a body can be read once.
      (response) => {
        settle(() => {
          resolve(response.clone());
        });
      },
      (error: unknown) => {
        settle(() => {
          reject(isAborted(error) ? aborted() : (error as Error));
        });
      },
    );
  });
}

/** Opens the error modal for a failure no screen handles itself (SPEC §8). */
export function raiseAjaxFailure(error: unknown): void {
  console.error(error);
  // No detail: the modal shows the translated default ajax-error text. Outside a browser (server
  // rendering, unit tests without a page) there is no modal to open.
  if (typeof window !== 'undefined')
    window.dispatchEvent(new CustomEvent('showError', { detail: isAborted(error) ? { message: ABORTED_BY_USER } : undefined }));
}
