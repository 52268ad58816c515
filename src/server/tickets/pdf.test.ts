import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfContents } from '../../../tests/support/pdfText.ts';
import { ENGLISH } from '../../i18n/messages.ts';
import { createTranslator } from '../../i18n/translate.ts';
import type { TicketData } from './data.ts';
import { ticketPdf, wrapLines } from './pdf.ts';

const english = createTranslator('en', ENGLISH, ENGLISH);

function ticket(overrides: Partial<TicketData['legs'][number]> = {}, total = { value: 1234.5, fxcode: 'THB', minor: 123450 }): TicketData {
  return {
    id: 1,
    reference: 'RMLY-7Q4K2',
    status: 'confirmed',
    lang: 'en',
    email: 'anna.berg@example.com',
    people: 1,
    total,
    refundMinor: null,
    passengers: ['Anna Berg'],
    products: [],
    legs: [
      {
        from: { id: 1, name: 'Mo Chit 2 Bus Terminal (Chatuchak)', local_name: 'Mo Chit 2 Bus Terminal (Chatuchak)' },
        to: { id: 2, name: 'Chumphon Bus Terminal', local_name: 'Chumphon Bus Terminal' },
        dep_time: '2026-12-04 01:30',
        arr_time: '2026-12-04 11:25',
        departure_time_zone: 'Asia/Bangkok',
        arrival_time_zone: 'Asia/Bangkok',
        operator: { id: 1, name: 'Transport Co.', confirmation: 'instant' },
        class_name: 'VIP 24',
        vehclass: 'bus',
        price: total,
        departure_at: '2026-12-03T18:30:00.000Z',
        arrival_at: '2026-12-04T04:25:00.000Z',
        instructions: 'Show the QR code to the driver.',
        seats: [],
        ...overrides,
      },
    ],
  };
}

interface Shown {
  text: string;
  x: number;
  y: number;
  size: number;
  font: string;
}

/** Every standard-font text drawn, with its position, size and font resource name. */
function shownText(bytes: Uint8Array): Shown[] {
  const out: Shown[] = [];
  for (const content of pdfContents(bytes)) {
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const body = block[1] ?? '';
      const font = /\/(\S+) (\d+(?:\.\d+)?) Tf/.exec(body);
      const at = /(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?) Tm/.exec(body);
      const hex = /<([0-9A-Fa-f]*)> Tj/.exec(body);
      if (!font || !at || !hex) continue;
      out.push({
        text: Buffer.from(hex[1] ?? '', 'hex').toString('latin1'),
        x: Number(at[1]),
        y: Number(at[2]),
        size: Number(font[2]),
        font: font[1] ?? '',
      });
    }
  }
  return out;
}

describe('wrapLines', () => {
  const width = (text: string) => text.length * 10;

  it('breaks at spaces before the right edge and keeps short lines whole', () => {
    const laid = wrapLines('one two three four', { x: 0, y: 100, lineHeight: 20, width, right: () => 105 });
    expect(laid.lines).toEqual([
      { text: 'one two', y: 100 },
      { text: 'three four', y: 80 },
    ]);
    expect(laid.y).toBe(60);
  });

  it('uses the room of each line (narrower beside the QR code) and breaks a word longer than a line', () => {
    const laid = wrapLines('aaaa bbbb cccccccccccc', { x: 0, y: 100, lineHeight: 20, width, right: (y) => (y > 90 ? 45 : 100) });
    expect(laid.lines.map((l) => l.text)).toEqual(['aaaa', 'bbbb', 'cccccccccc', 'cc']);
  });
});

describe('ticketPdf', () => {
  it('wraps a long route title left of the QR code instead of running under it', async () => {
    const long = 'Bangkok Mo Chit 2 Northern Bus Terminal (Chatuchak, Kamphaeng Phet 2 Road)';
    const bytes = await ticketPdf(
      ticket({
        from: { id: 1, name: long, local_name: long },
        to: { id: 2, name: 'Chumphon Bus Terminal', local_name: 'Chumphon Bus Terminal' },
      }),
      english,
    );
    const doc = await PDFDocument.create();
    const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
    const shown = shownText(bytes);
    const title = shown.filter((s) => s.size === 13 && s.y > 600);
    expect(title.length).toBeGreaterThan(1); // the title took more than one line
    // The QR code spans x 395–545, y 640–790: no text beside it reaches into it.
    for (const s of shown.filter((s) => s.y > 630)) {
      const font = s.font.includes('Bold') || s.size >= 13 ? fonts.bold : fonts.regular;
      expect(s.x + font.widthOfTextAtSize(s.text, s.size), s.text).toBeLessThanOrEqual(395);
    }
    // Nothing on the page runs past the right margin either.
    for (const s of shown) expect(s.x + fonts.bold.widthOfTextAtSize(s.text, s.size), s.text).toBeLessThanOrEqual(545);
    const words = title
      .map((s) => s.text)
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(words).toContain(`1. ${long} Chumphon Bus Terminal`);
  });

  it('draws a real arrow, not "->", and prints the total in the site money format', async () => {
    const shown = shownText(
      await ticketPdf(
        ticket({
          from: { id: 1, name: 'Mo Chit', local_name: 'Mo Chit' },
          to: { id: 2, name: 'Chumphon Pier', local_name: 'Chumphon Pier' },
        }),
        english,
      ),
    );
    const text = shown.map((s) => s.text).join('\n');
    expect(text).not.toContain('->');
    // The route is two pieces of text with the drawn arrow between them.
    const route = shown.filter((s) => s.size === 13 && s.text.trim() !== 'Passengers');
    expect(route.map((s) => s.text.trim())).toEqual(['1. Mo Chit', 'Chumphon Pier']);
    expect(route[1]?.y).toBe(route[0]?.y);
    expect(text).toContain(
      `${english('ticket.total')}: ${new Intl.NumberFormat('en', { style: 'currency', currency: 'THB' }).format(1234.5)}`,
    );
    const usd = shownText(await ticketPdf(ticket({}, { value: 23.22, fxcode: 'USD', minor: 2322 }), english)).map((s) => s.text);
    expect(usd).toContain(`${english('ticket.total')}: $23.22`);
  });

  it('prints the places chosen on the seat map under their leg, and no seat line where none was chosen', async () => {
    const seated = shownText(await ticketPdf(ticket({ seats: ['3B', '3C'] }), english)).map((s) => s.text.trim());
    expect(seated).toContain(`${english('seats.ticket')}: 3B, 3C`);
    const unseated = shownText(await ticketPdf(ticket(), english)).map((s) => s.text.trim());
    expect(unseated.some((t) => t.startsWith(`${english('seats.ticket')}:`))).toBe(false);
  });
});

describe('ticketPdf: named holders', () => {
  const pass = (holders: string[]): TicketData => ({
    ...ticket(),
    legs: [],
    passengers: holders,
    products: [{ title: 'Japan Rail Pass 7 days', details: [], validFrom: '2026-12-04', validUntil: '2026-12-10', holders }],
  });
  /** The white squares QR codes are drawn on (the only white fill of a ticket). */
  const qrCodes = (bytes: Uint8Array) => {
    let n = 0;
    for (const content of pdfContents(bytes)) n += (content.match(/\b1 1 1 rg\b/g) ?? []).length;
    return n;
  };

  it('prints a voucher with its own QR code and code for each traveller of a pass', async () => {
    const bytes = await ticketPdf(pass(['Anna Berg', 'Minh Tran']), english);
    const text = shownText(bytes).map((s) => s.text.trim());
    expect(text).toEqual(
      expect.arrayContaining([
        english('ticket.passVoucher', { n: 1, count: 2 }),
        english('ticket.passVoucher', { n: 2, count: 2 }),
        `${english('ticket.voucherCode')}: RMLY-7Q4K2-1-1`,
        `${english('ticket.voucherCode')}: RMLY-7Q4K2-1-2`,
      ]),
    );
    // The booking's QR code and one per traveller; a pass without holders has the booking's only.
    expect(qrCodes(bytes)).toBe(3);
    expect(qrCodes(await ticketPdf(pass([]), english))).toBe(1);
  });

  it('continues on further pages when the vouchers do not fit one', async () => {
    const holders = Array.from({ length: 12 }, (_, i) => `Traveller ${String(i + 1)}`);
    const bytes = await ticketPdf(pass(holders), english);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(1);
    expect(qrCodes(bytes)).toBe(13);
    const shown = shownText(bytes);
    expect(shown.map((s) => s.text.trim())).toContain(`${english('ticket.voucherCode')}: RMLY-7Q4K2-1-12`);
    for (const s of shown) expect(s.y).toBeGreaterThanOrEqual(40);
  });
});
