import { describe, expect, it } from 'vitest';
import { parseTicketEnv } from './config.ts';

describe('ticket link secret', () => {
  it('uses the development secret on a local site', () => {
    expect(parseTicketEnv({}).TICKET_LINK_SECRET).toBe('ticket-link-secret-for-development');
  });

  it('refuses the public development secret on an https site', () => {
    expect(() => parseTicketEnv({ SITE_URL: 'https://roamly.example' })).toThrow(/TICKET_LINK_SECRET: set a secret of your own/);
    const own = { SITE_URL: 'https://roamly.example', TICKET_LINK_SECRET: 'a-real-ticket-secret-0123456789' };
    expect(parseTicketEnv(own).TICKET_LINK_SECRET).toBe('a-real-ticket-secret-0123456789');
  });
});
