/**
 * The worker side of ticketRenderer.ts: draws an e-ticket PDF on a worker thread, so that the
 * 20–60 ms pdf-lib and fontkit spend on a ticket never block the server's event loop (holds and
 * payments wait behind it otherwise). Built as its own chunk (integrations/server-jobs) and run
 * from source under Node's type stripping in tests. It reads English straight from its JSON file:
 * the ticket is printed in English, and the bundler-only locale table (src/i18n/messages.ts)
 * is not needed here.
 */
import { Piscina } from 'piscina';
import english from '../../i18n/translations/en.json' with { type: 'json' };
import { createTranslator } from '../../i18n/translate.ts';
import type { TicketData } from './data.ts';
import { ticketPdf } from './pdf.ts';

const t = createTranslator('en', english, english);

export default async function renderTicketPdf(ticket: TicketData): Promise<ArrayBuffer> {
  const bytes = await ticketPdf(ticket, t);
  // Hand the buffer over instead of copying it back to the server thread.
  const buffer = bytes.buffer.byteLength === bytes.byteLength ? bytes.buffer : bytes.slice().buffer;
  return Piscina.move(buffer as ArrayBuffer) as unknown as ArrayBuffer;
}
