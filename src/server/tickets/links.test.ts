import { describe, expect, it } from 'vitest';
import { signedReference, ticketLinks, ticketToken, verifyTicketToken } from './links.ts';

const NOW = Date.UTC(2025, 5, 2);

describe('ticket links', () => {
  it('opens only the booking it was made for, until it expires', () => {
    const token = ticketToken(7, NOW);
    expect(verifyTicketToken(7, token, NOW)).toBe(true);
    expect(verifyTicketToken(8, token, NOW)).toBe(false);
    expect(verifyTicketToken(7, token, NOW + 61 * 86_400_000)).toBe(false);
    expect(verifyTicketToken(7, `${token.split('.')[0] ?? ''}.forged`, NOW)).toBe(false);
  });

  it('builds the page, PDF and calendar links with the same token', () => {
    const links = ticketLinks('de', 7, NOW);
    expect(links.page).toMatch(/^\/de\/ticket\?b=7&t=\d+\.[\w-]+$/);
    expect(links.pdf).toContain('/api/nuxt/de/ticket/pdf?b=7&t=');
  });

  it('signs the QR reference so that another reference does not match', () => {
    expect(signedReference('ABC234')).toMatch(/^ROAMLY:ABC234:[\w-]{16}$/);
    expect(signedReference('ABC234').split(':')[2]).not.toBe(signedReference('ABC235').split(':')[2]);
  });
});
