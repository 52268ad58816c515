/**
 * The e-ticket PDF (pdf-lib + qrcode): one page per booking with the reference, a QR code of
 * the signed reference, every leg (route, local times, operator, class, boarding instructions)
 * and the passengers. Printed in English: the driver or deckhand reading it may not read the
 * traveller's language. Names keep their own script where fonts.ts has a font for it
 * (Vietnamese, Thai, Cyrillic, Greek, Arabic and more); a character no font covers prints as
 * "?" rather than breaking the file.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { currencyInfo, isSupportedCurrency } from '../../domain/currencyCodes.ts';
import { darkModuleRuns } from '../../domain/tickets/qrRuns.ts';
import { legTimes } from '../../domain/tickets/stationTime.ts';
import type { TicketData } from './data.ts';
import { fallbackEmbedder, splitRuns, type Weight } from './fonts.ts';
import { signedReference } from './links.ts';

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

export async function ticketPdf(
  ticket: TicketData,
  t: (key: string, values?: Record<string, string | number>) => string,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${t('ticket.title')} ${ticket.reference}`);
  doc.setSubject(ticket.reference);
  doc.setProducer('Roamly');
  const page = doc.addPage([595, 842]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const styles = {
    regular: { font: regular, can: canEncode(regular), fallback: fallbackEmbedder(doc, 'regular') },
    bold: { font: bold, can: canEncode(bold), fallback: fallbackEmbedder(doc, 'bold') },
  };
  const color = rgb(0.12, 0.16, 0.2);
  let y = 790;
  // Each run of characters in the font that can print it (see fonts.ts), left to right.
  const line = async (text: string, size = 11, weight: Weight = 'regular', x0 = 50) => {
    const style = styles[weight];
    let x = x0;
    for (const run of splitRuns(text, style.can, weight)) {
      const font = run.face < 0 ? style.font : await style.fallback(run.face);
      page.drawText(run.text, { x, y, size, font, color });
      x += font.widthOfTextAtSize(run.text, size);
    }
    y -= size + 7;
  };

  await line(t('ticket.title'), 22, 'bold');
  await line(`${t('ticket.reference')}: ${ticket.reference}`, 14, 'bold');
  await line(`${t('ticket.status')}: ${t(`ticket.status_${ticket.status}`)}`);
  drawQrCode(page, signedReference(ticket.reference), { x: 395, y: 640, size: 150 });
  y -= 10;

  for (const [i, leg] of ticket.legs.entries()) {
    y -= 6;
    await line(`${String(i + 1)}. ${leg.from.name} -> ${leg.to.name}`, 13, 'bold');
    // In each station's zone with the zone named (the PDF is English; narrow spaces printed as spaces).
    const times = legTimes(leg, 'en');
    await line(`${t('ticket.departure')}: ${times.departure.replace(/[\u202f\u2009]/g, ' ')}`);
    await line(`${t('ticket.arrival')}: ${times.arrival.replace(/[\u202f\u2009]/g, ' ')}`);
    await line(`${t('ticket.operator')}: ${leg.operator?.name ?? ''}   ${t('ticket.class')}: ${leg.class_name}`);
    await line(leg.instructions, 10);
    // The names a driver reads, when they differ; fonts.ts has no Lao or Khmer font, so those stay Latin.
    const driver = `${leg.from.local_name} -> ${leg.to.local_name}`;
    if (driver !== `${leg.from.name} -> ${leg.to.name}` && !/[\u0E80-\u0EFF\u1780-\u17FF]/u.test(driver)) await line(driver, 10);
  }
  y -= 10;
  await line(t('ticket.passengers'), 13, 'bold');
  for (const name of ticket.passengers) await line(`- ${name}`);
  y -= 10;
  // The currency code, not its symbol: the standard fonts cannot print symbols such as ฿ or ₫.
  const digits = isSupportedCurrency(ticket.total.fxcode) ? currencyInfo(ticket.total.fxcode).minorUnits : 2;
  await line(`${t('ticket.total')}: ${(ticket.total.minor / 10 ** digits).toFixed(digits)} ${ticket.total.fxcode}`);
  await line(t('ticket.showQr'), 9);
  return doc.save();
}
