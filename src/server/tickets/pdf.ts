/**
 * The e-ticket PDF (pdf-lib + qrcode): one page per booking with the reference, a QR code of
 * the signed reference, every leg (route, local times, operator, class, boarding instructions)
 * and the passengers; a product issued to named holders (a rail pass) prints one voucher per
 * holder with its own QR code, continuing on further pages when they do not fit. Printed in English: the driver or deckhand reading it may not read the
 * traveller's language. Names keep their own script where fonts.ts has a font for it
 * (Vietnamese, Thai, Cyrillic, Greek, Arabic and more); a character no font covers prints as
 * "?" rather than breaking the file. Text wraps at word boundaries: beside the QR code within
 * the column left of it, below it within the page margins. The route arrow is drawn (no font
 * here has a glyph for →) and the total uses the site's money format (formatMoney, English).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { formatMoneyValue } from '../../domain/moneyFormat.ts';
import { darkModuleRuns } from '../../domain/tickets/qrRuns.ts';
import { legTimes } from '../../domain/tickets/stationTime.ts';
import type { TicketData } from './data.ts';
import { fallbackEmbedder, splitRuns, type Weight } from './fonts.ts';
import { signedReference } from './links.ts';
import type { Translate } from '../../i18n/translate.ts';
import { dataKey } from '../../i18n/messageKeys.ts';

function canEncode(font: PDFFont): (ch: string) => boolean {
  return (ch) => {
    try {
      font.encodeText(ch);
      return true;
    } catch {
      return false;
    }
  };
}

/**
 * The QR code drawn as one vector path (a rectangle per run of dark modules in a row) on a
 * white quiet zone. Sharper than a bitmap at any zoom and much cheaper: encoding and then
 * decoding a PNG took a noticeable share of the CPU of every confirmed booking.
 */
function drawQrCode(page: PDFPage, text: string, at: { x: number; y: number; size: number }) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 1;
  const cell = at.size / (modules.size + 2 * quiet);
  page.drawRectangle({ x: at.x, y: at.y, width: at.size, height: at.size, color: rgb(1, 1, 1) });
  // SVG path units are modules; y grows downwards from the QR's top-left corner.
  const path = darkModuleRuns(modules.size, (row, col) => Boolean(modules.get(row, col)))
    .map((run) => `M${String(run.col)} ${String(run.row)}h${String(run.length)}v1h-${String(run.length)}z`)
    .join('');
  page.drawSvgPath(path, { x: at.x + quiet * cell, y: at.y + at.size - quiet * cell, scale: cell, color: rgb(0, 0, 0) });
}

/** Page geometry in points (A4): margins and the QR code in the top right corner. */
const PAGE = { width: 595, height: 842, margin: 50 };
const QR = { x: 395, y: 640, size: 150, gap: 12 };

/** The QR code of each named holder's voucher, left of its lines. */
const HOLDER_QR = { size: 96, gap: 12 };

/**
 * The code of one holder's voucher: the booking reference, the item's number on the ticket and
 * the holder's number ("RMLY-7Q4K2-2-1"); its QR code carries it signed like the booking's.
 */
export function holderVoucherCode(reference: string, itemNumber: number, holderNumber: number): string {
  return `${reference}-${String(itemNumber)}-${String(holderNumber)}`;
}

/** A place in a line where the route arrow is drawn; it stands between two words. */
export const ARROW = '\u2192';

export interface LaidLine {
  /** The line's text; ARROW marks where an arrow is drawn. */
  text: string;
  /** Baseline. */
  y: number;
}

/**
 * Greedy word wrap. `width(text)` measures a piece of text, `right(y)` is the right edge for a
 * line whose baseline is y (narrower beside the QR code). A word longer than a whole line is
 * broken between characters. Returns the lines and the baseline after the last one.
 */
export function wrapLines(
  text: string,
  options: { x: number; y: number; lineHeight: number; width: (text: string) => number; right: (y: number) => number },
): { lines: LaidLine[]; y: number } {
  const lines: LaidLine[] = [];
  let y = options.y;
  let current = '';
  const fits = (candidate: string) => options.x + options.width(candidate) <= options.right(y);
  const flush = () => {
    lines.push({ text: current, y });
    y -= options.lineHeight;
    current = '';
  };
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) flush();
    if (fits(word)) {
      current = word;
      continue;
    }
    for (const ch of word) {
      if (current && !fits(current + ch)) flush();
      current += ch;
    }
  }
  if (current || !lines.length) flush();
  return { lines, y };
}

export async function ticketPdf(ticket: TicketData, t: Translate): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${t('ticket.title')} ${ticket.reference}`);
  doc.setSubject(ticket.reference);
  doc.setProducer('Roamly');
  let page = doc.addPage([PAGE.width, PAGE.height]);
  let firstPage = true;
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const styles = {
    regular: { font: regular, can: canEncode(regular), fallback: fallbackEmbedder(doc, 'regular') },
    bold: { font: bold, can: canEncode(bold), fallback: fallbackEmbedder(doc, 'bold') },
  };
  const color = rgb(0.12, 0.16, 0.2);
  let y = 790;
  const arrowWidth = (size: number) => size * 1.1;
  // Each run of characters in the font that can print it (see fonts.ts), left to right; an
  // ARROW is drawn as a shaft and a head. Measures when `draw` is false.
  const runText = async (text: string, size: number, weight: Weight, at: { x: number; y: number } | null): Promise<number> => {
    const style = styles[weight];
    let x = at?.x ?? 0;
    for (const [i, piece] of text.split(ARROW).entries()) {
      if (i > 0) {
        const w = arrowWidth(size);
        if (at) {
          const mid = at.y + size * 0.32;
          const head = size * 0.32;
          page.drawLine({
            start: { x: x + size * 0.1, y: mid },
            end: { x: x + w - size * 0.1 - head * 0.6, y: mid },
            thickness: size * 0.08,
            color,
          });
          page.drawSvgPath(`M0 0L${String(-head)} ${String(-head / 2)}L${String(-head)} ${String(head / 2)}Z`, {
            x: x + w - size * 0.1,
            y: mid,
            color,
          });
        }
        x += w;
      }
      for (const run of splitRuns(piece, style.can, weight)) {
        const font = run.face < 0 ? style.font : await style.fallback(run.face);
        if (at) page.drawText(run.text, { x, y: at.y, size, font, color });
        x += font.widthOfTextAtSize(run.text, size);
      }
    }
    return x - (at?.x ?? 0);
  };
  // Many travellers' vouchers do not fit one page: the rest continue on the next.
  const TOP = 790;
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    firstPage = false;
    y = TOP;
  };
  // A paragraph wrapped to the room it has: left of the QR code while beside it, the full
  // width below it.
  const line = async (text: string, size = 11, weight: Weight = 'regular', x0 = PAGE.margin) => {
    // Standard-font text is not kerned, so a line is as wide as the sum of its characters.
    const widths = new Map<string, number>();
    for (const ch of new Set(text.normalize('NFC'))) widths.set(ch, await runText(ch, size, weight, null));
    const measure = (candidate: string) => {
      let sum = 0;
      for (const ch of candidate) sum += widths.get(ch) ?? size * 0.6;
      return sum;
    };
    if (y - size < PAGE.margin) newPage();
    const right = (baseline: number) =>
      firstPage && baseline + size > QR.y - QR.gap && baseline - size * 0.3 < QR.y + QR.size ? QR.x - QR.gap : PAGE.width - PAGE.margin;
    const laid = wrapLines(text.normalize('NFC'), { x: x0, y, lineHeight: size + 4, width: measure, right });
    for (const l of laid.lines) await runText(l.text, size, weight, { x: x0, y: l.y });
    y = laid.y - 3;
  };

  await line(t('ticket.title'), 22, 'bold');
  await line(`${t('ticket.reference')}: ${ticket.reference}`, 14, 'bold');
  await line(`${t('ticket.status')}: ${t(dataKey('ticket.status_', ticket.status))}`);
  drawQrCode(page, signedReference(ticket.reference), QR);
  y -= 10;

  for (const [i, leg] of ticket.legs.entries()) {
    y -= 6;
    await line(`${String(i + 1)}. ${leg.from.name} ${ARROW} ${leg.to.name}`, 13, 'bold');
    // In each station's zone with the zone named (the PDF is English; narrow spaces printed as spaces).
    const times = legTimes(leg, 'en');
    await line(`${t('ticket.departure')}: ${times.departure.replace(/[\u202f\u2009]/g, ' ')}`);
    await line(`${t('ticket.arrival')}: ${times.arrival.replace(/[\u202f\u2009]/g, ' ')}`);
    await line(`${t('ticket.operator')}: ${leg.operator?.name ?? ''} · ${t('ticket.class')}: ${leg.class_name}`);
    if (leg.seats.length > 0) await line(`${t('seats.ticket')}: ${leg.seats.join(', ')}`, 11, 'bold');
    await line(leg.instructions, 10);
    // The names a driver reads, when they differ; fonts.ts has no Lao or Khmer font, so those stay Latin.
    const driver = `${leg.from.local_name} ${ARROW} ${leg.to.local_name}`;
    if (driver !== `${leg.from.name} ${ARROW} ${leg.to.name}` && !/[\u0E80-\u0EFF\u1780-\u17FF]/u.test(driver)) await line(driver, 10);
  }
  // The other products of the booking (a pass, an add-on), as their products print them.
  for (const [i, item] of ticket.products.entries()) {
    y -= 6;
    await line(`${String(ticket.legs.length + i + 1)}. ${item.title}`, 13, 'bold');
    await line(`${t('ticket.validFrom')}: ${item.validFrom}${item.validUntil ? ` · ${t('ticket.validUntil')}: ${item.validUntil}` : ''}`);
    for (const detail of item.details) await line(detail, 10);
    // One voucher per named holder: its own QR code, so each traveller's pass is exchanged or
    // checked on its own (the booking's QR code above stands for the whole booking).
    const holders = item.holders ?? [];
    for (const [j, holder] of holders.entries()) {
      if (y - HOLDER_QR.size - HOLDER_QR.gap < PAGE.margin) newPage();
      const code = holderVoucherCode(ticket.reference, ticket.legs.length + i + 1, j + 1);
      const top = y + 11;
      drawQrCode(page, signedReference(code), { x: PAGE.margin, y: top - HOLDER_QR.size, size: HOLDER_QR.size });
      y = top - 14;
      const beside = PAGE.margin + HOLDER_QR.size + HOLDER_QR.gap;
      await line(t('ticket.passVoucher', { n: j + 1, count: holders.length }), 11, 'bold', beside);
      await line(holder, 11, 'regular', beside);
      await line(`${t('ticket.voucherCode')}: ${code}`, 10, 'regular', beside);
      y = Math.min(y, top - HOLDER_QR.size - HOLDER_QR.gap);
    }
  }
  y -= 10;
  await line(t('ticket.passengers'), 13, 'bold');
  for (const name of ticket.passengers) await line(`- ${name}`);
  y -= 10;
  // The site's money format in English (the PDF's language): "$23.22", "฿1,234.50"; the
  // symbols Helvetica lacks (฿, ₫, ₹ …) print from the fallback fonts.
  await line(`${t('ticket.total')}: ${formatMoneyValue(ticket.total, 'en')}`);
  await line(t('ticket.showQr'), 9);
  return doc.save();
}
