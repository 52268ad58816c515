import { threadId } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import type { TicketData } from './data.ts';
import { closeTicketRenderer, renderTicketPdf } from './ticketRenderer.ts';

// The worker from source: Node strips its types, as the built server runs its bundled chunk.
const SOURCE_WORKER = fileURLToPath(new URL('./renderWorker.ts', import.meta.url));

const ticket: TicketData = {
  id: 7,
  reference: 'RMLY-W0RK3',
  status: 'confirmed',
  lang: 'en',
  email: 'nguyen.an@example.com',
  people: 1,
  total: { value: 890, fxcode: 'THB', minor: 89000 },
  refundMinor: null,
  // A Vietnamese name needs the fallback fonts: the worker must find them too.
  passengers: ['Nguyễn Thị Ánh'],
  products: [],
  legs: [
    {
      from: { id: 1, name: 'Hat Yai Bus Terminal', local_name: 'Hat Yai Bus Terminal' },
      to: { id: 2, name: 'Pak Bara Pier', local_name: 'Pak Bara Pier' },
      dep_time: '2026-12-04 08:00',
      arr_time: '2026-12-04 10:30',
      departure_time_zone: 'Asia/Bangkok',
      arrival_time_zone: 'Asia/Bangkok',
      operator: { id: 3, name: 'Satun Van Lines', confirmation: 'instant' },
      class_name: 'Minivan',
      vehclass: 'van',
      price: { value: 890, fxcode: 'THB', minor: 89000 },
      departure_at: '2026-12-04T01:00:00.000Z',
      arrival_at: '2026-12-04T03:30:00.000Z',
      instructions: 'Show the QR code to the driver.',
      seats: [],
    },
  ],
};

afterAll(async () => {
  await closeTicketRenderer();
});

async function pageSummary(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  return {
    pages: doc.getPageCount(),
    title: doc.getTitle(),
    subject: doc.getSubject(),
    fonts: Buffer.from(bytes)
      .toString('latin1')
      .match(/\/BaseFont\s*\/[^\s/]+/g)?.length,
  };
}

describe('renderTicketPdf', () => {
  it('draws the same ticket on the worker thread as on the event loop', async () => {
    const inProcess = await renderTicketPdf(ticket, undefined);
    const onWorker = await renderTicketPdf(ticket, SOURCE_WORKER);
    expect(Math.abs(onWorker.byteLength - inProcess.byteLength)).toBeLessThan(inProcess.byteLength * 0.02);
    expect(await pageSummary(onWorker)).toEqual(await pageSummary(inProcess));
    expect((await pageSummary(onWorker)).title).toBe('E-ticket RMLY-W0RK3');
  });

  it('keeps the event loop free while the worker draws', async () => {
    await renderTicketPdf(ticket, SOURCE_WORKER); // the thread has started and loaded its fonts
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    const drawn = await Promise.all([1, 2, 3, 4].map(() => renderTicketPdf(ticket, SOURCE_WORKER)));
    clearInterval(timer);
    expect(drawn).toHaveLength(4);
    // Drawing on this thread would hold the timer back for the whole run; off it, the timer keeps firing.
    expect(ticks).toBeGreaterThan(2);
    expect(threadId).toBe(0);
  });
});
