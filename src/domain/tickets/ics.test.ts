import { describe, expect, it } from 'vitest';
import { buildIcs, escapeText, foldLine } from './ics.ts';

describe('buildIcs', () => {
  const ics = buildIcs(
    [
      {
        uid: 'ABC123-0@roamly',
        start: new Date('2025-06-04T14:00:00Z'),
        end: new Date('2025-06-04T21:00:00Z'),
        summary: 'Bus Mo Chit → Chumphon, VIP 24',
        location: 'Mo Chit',
        description: 'Booking ABC123; show the QR code',
      },
    ],
    new Date('2025-06-02T02:00:00Z'),
  );

  it('writes one VEVENT per leg with UTC times and CRLF line ends', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain('DTSTART:20250604T140000Z\r\n');
    expect(ics).toContain('DTEND:20250604T210000Z\r\n');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('escapes commas and semicolons in text', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    expect(ics).toContain('SUMMARY:Bus Mo Chit → Chumphon\\, VIP 24');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const folded = foldLine(`DESCRIPTION:${'ก'.repeat(40)}`);
    for (const line of folded.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'ก'.repeat(40)}`);
  });
});
