/**
 * An RFC 5545 calendar file with one event per leg: UTC times (the calendar shows them in the
 * traveller's zone), text escaped (backslash, semicolon, comma, newline), lines folded at 75
 * octets, CRLF line ends.
 */

export interface CalendarLeg {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
}

function utc(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets (continuation lines start with one space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const bytes = encoder.encode(ch).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildIcs(legs: readonly CalendarLeg[], stamp: Date, productId = '-//Roamly//Tickets//EN'): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${productId}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  for (const leg of legs) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${leg.uid}`,
      `DTSTAMP:${utc(stamp)}`,
      `DTSTART:${utc(leg.start)}`,
      `DTEND:${utc(leg.end)}`,
      `SUMMARY:${escapeText(leg.summary)}`,
      `LOCATION:${escapeText(leg.location)}`,
      `DESCRIPTION:${escapeText(leg.description)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
