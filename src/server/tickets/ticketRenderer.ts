/**
 * Where e-ticket PDFs are drawn. The built server (scripts/serve.ts) names the worker chunk in
 * TICKET_RENDER_WORKER and every PDF is drawn on one worker thread (piscina): drawing a ticket
 * is pure CPU, and on the event loop it delayed every hold and payment queued behind it (issue
 * 18's hold p99). Without that setting (tests, `astro dev`) the PDF is drawn in-process: same
 * function, same bytes.
 */
import { Piscina } from 'piscina';
import { ENGLISH } from '../../i18n/messages.ts';
import { createTranslator } from '../../i18n/translate.ts';
import type { TicketData } from './data.ts';
import { ticketPdf } from './pdf.ts';

let pool: Piscina | undefined;
let poolFile: string | undefined;

/** The pool for a worker file (a path or file URL), made on first use and kept for the process. */
function workerPool(file: string): Piscina {
  if (!pool || poolFile !== file) {
    void pool?.destroy();
    // One thread: this machine class has two cores and the event loop keeps the other.
    pool = new Piscina({ filename: file, minThreads: 1, maxThreads: 1, idleTimeout: 60_000 });
    poolFile = file;
  }
  return pool;
}

export async function renderTicketPdf(ticket: TicketData, workerFile = process.env.TICKET_RENDER_WORKER): Promise<Uint8Array> {
  if (!workerFile) return ticketPdf(ticket, createTranslator('en', ENGLISH, ENGLISH));
  const buffer = (await workerPool(workerFile).run(ticket)) as ArrayBuffer;
  return new Uint8Array(buffer);
}

/** Stops the worker thread (tests; the server process keeps it for its lifetime). */
export async function closeTicketRenderer(): Promise<void> {
  const current = pool;
  pool = undefined;
  poolFile = undefined;
  await current?.destroy();
}
