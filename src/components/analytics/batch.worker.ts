/**
 * The collector's batching worker (issue 25 items 4 and 5): keeps the page's events and client
 * errors off the main thread, folds repeated errors into one report with a count, and every
 * BATCH_INTERVAL_MS (or at BATCH_MAX_ITEMS) hands the page one JSON body per endpoint, which the
 * page sends with navigator.sendBeacon (a worker has no sendBeacon of its own).
 */
import { clientErrorKey } from '../../domain/analytics/clientErrors.ts';
import type { CollectedEvent } from '../../domain/analytics/events.ts';
import { BATCH_INTERVAL_MS, BATCH_MAX_ITEMS, type Batch, type ToWorker } from './protocol.ts';

type ErrorItem = Extract<ToWorker, { type: 'error' }>['report'] & { count: number };

let events: CollectedEvent[] = [];
let errors: ErrorItem[] = [];
let errorsTaken = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

function post(batch: Batch): void {
  (self as unknown as { postMessage(message: Batch): void }).postMessage(batch);
}

function flush(): void {
  timer = undefined;
  if (events.length > 0) {
    const batch = events.slice(0, BATCH_MAX_ITEMS);
    events = events.slice(batch.length);
    post({ type: 'batch', endpoint: 'visitlog', taken: batch.length, body: JSON.stringify({ events: batch }) });
  }
  if (errors.length > 0) {
    post({ type: 'batch', endpoint: 'client-errors', taken: errorsTaken, body: JSON.stringify({ errors }) });
    errors = [];
    errorsTaken = 0;
  }
  if (events.length > 0) schedule();
}

function schedule(): void {
  timer ??= setTimeout(flush, BATCH_INTERVAL_MS);
}

self.addEventListener('message', (message: MessageEvent<ToWorker>) => {
  const data = message.data;
  if (data.type === 'reset') {
    events = [];
    errors = [];
    errorsTaken = 0;
    return;
  }
  if (data.type === 'event') events.push(data.event);
  else {
    errorsTaken += 1;
    const key = clientErrorKey(data.report);
    const same = errors.find((e) => clientErrorKey(e) === key);
    if (same) same.count += 1;
    else errors.push({ ...data.report, count: 1 });
  }
  if (events.length >= BATCH_MAX_ITEMS) flush();
  else schedule();
});
