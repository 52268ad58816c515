/**
 * The e-ticket PDF (pdf-lib + qrcode): one page per booking with the reference, a QR code of
 * the signed reference, every leg (route, local times, operator, class, boarding instructions)
 * and the passengers. Printed in English: the driver or deckhand reading it may not read the
 * traveller's language, and the PDF's standard fonts only cover Latin script — any other
 * character is shown as "?" rather than breaking the file.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import QRCode from 'qrcode';
import type { TicketData } from './data.ts';
import { signedReference } from './links.ts';

function encodable(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
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
  let y = 790;
  const line = (text: string, size = 11, font = regular, x = 50) => {
    page.drawText(encodable(font, text), { x, y, size, font, color: rgb(0.12, 0.16, 0.2) });
    y -= size + 7;
  };

  line(t('ticket.title'), 22, bold);
  line(`${t('ticket.reference')}: ${ticket.reference}`, 14, bold);
  line(`${t('ticket.status')}: ${t(`ticket.status_${ticket.status}`)}`);
  const qr = await QRCode.toBuffer(signedReference(ticket.reference), { type: 'png', margin: 1, width: 200, errorCorrectionLevel: 'M' });
  const image = await doc.embedPng(qr);
  page.drawImage(image, { x: 395, y: 640, width: 150, height: 150 });
  y -= 10;

  for (const [i, leg] of ticket.legs.entries()) {
    y -= 6;
    line(`${String(i + 1)}. ${leg.from.name} -> ${leg.to.name}`, 13, bold);
    line(`${t('ticket.departure')}: ${leg.dep_time}   ${t('ticket.arrival')}: ${leg.arr_time}`);
    line(`${t('ticket.operator')}: ${leg.operator?.name ?? ''}   ${t('ticket.class')}: ${leg.class_name}`);
    line(leg.instructions, 10);
  }
  y -= 10;
  line(t('ticket.passengers'), 13, bold);
  for (const name of ticket.passengers) line(`- ${name}`);
  y -= 10;
  line(`${t('ticket.total')}: ${ticket.total.value.toFixed(2)} ${ticket.total.fxcode}`);
  line(t('ticket.showQr'), 9);
  return doc.save();
}
