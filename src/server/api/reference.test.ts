import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from './catalogue.ts';
import { API_OPERATIONS } from './openapi.ts';
import { referenceHtml } from './reference.ts';

describe('the API reference at /api/docs', () => {
  const html = referenceHtml();

  it('lists every operation with its method and path, from the same declarations as openapi.json', () => {
    const missing = API_OPERATIONS.filter((op) => !html.includes(`${op.method.toUpperCase()}</span> <code>${op.path}</code>`));
    expect(missing.map((op) => `${op.method} ${op.path}`)).toEqual([]);
  });

  it("shows each operation's parameters, body and error codes", () => {
    const reserve = html.slice(html.indexOf('id="postCheckoutReserveHash"'));
    const section = reserve.slice(0, reserve.indexOf('</section>'));
    expect(section).toContain('<code>hash</code>');
    expect(section).toContain('Body (application/json)');
    expect(section).toContain('<code>price_changed</code>');
    expect(section).toContain('<code>invalid_booking_form</code>');
  });

  it('lists the whole error catalogue, and has no script', () => {
    for (const code of API_ERROR_CODES) expect(html).toContain(`<tr><td><code>${code}</code></td>`);
    expect(html).not.toMatch(/<script/i);
  });
});
