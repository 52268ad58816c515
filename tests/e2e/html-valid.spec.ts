/**
 * Valid HTML on every page type (issue 28): a sample of each, pre-rendered and rendered on
 * request, in English and in right-to-left Arabic, through html-validate's standard rules (the
 * WHATWG content models: no `<style>` in the body, no block inside inline content, unique ids,
 * labelled controls). Plain HTTP, no browser: what crawlers and validators receive.
 */
import { expect, test } from '@playwright/test';
import { HtmlValidate } from 'html-validate';

const validator = new HtmlValidate({ extends: ['html-validate:standard'] });

function isoIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const PAGE_TYPES: [string, string][] = [
  ['home', '/en'],
  ['home, Arabic', '/ar'],
  ['vehicle class', '/en/bus'],
  ['route origin', '/en/all/bangkok'],
  ['results without a query', '/en/all/bangkok/chiang-mai'],
  ['results with a date, new layout', `/en/all/bangkok/chiang-mai/new?date=${isoIn(5)}&people=1`],
  ['results, Arabic', '/ar/all/bangkok/chiang-mai'],
  ['station', '/en/station/1-bangkok-mo-chit-bus-terminal'],
  ['operators', '/en/operator'],
  ['guides', '/en/travel-guides'],
  ['guide', '/en/travel-guides/bangkok-to-koh-tao'],
  ['help centre', '/en/support'],
  ['help article', '/en/support/payment-and-refund/double-charge'],
  ['FAQ', '/en/faq'],
  ['about', '/en/about'],
  ['transport options', '/en/transport-options'],
  ['language choice', '/en/language'],
  ['currency choice', '/en/currency'],
  ['login', '/en/login'],
  ['login, Arabic', '/ar/login'],
  ['ticket lookup', '/en/ticket'],
  ['checkout without a cart', '/en/checkout'],
  ['404', '/en/no-such-page'],
];

test('every page type is valid HTML', async ({ request }) => {
  test.setTimeout(180_000);
  const problems: string[] = [];
  // An operator's page and a trip page: their addresses come from the operators' list.
  const operators = await (await request.get('/en/operator')).text();
  const operatorPath = /href="(\/en\/operator\/[a-z0-9-]+)"/.exec(operators)?.[1];
  expect(operatorPath).toBeDefined();
  const operatorPage = await (await request.get(operatorPath ?? '')).text();
  const tripPath = /href="(\/en\/trip-page\/[a-z0-9-]+)"/.exec(operatorPage)?.[1];
  expect(tripPath).toBeDefined();
  for (const [what, path] of [
    ...PAGE_TYPES,
    ['operator', operatorPath ?? ''] as [string, string],
    ['trip', tripPath ?? ''] as [string, string],
  ]) {
    const response = await request.get(path);
    expect(response.headers()['content-type'], `${what} ${path}`).toContain('text/html');
    const report = await validator.validateString(await response.text(), path);
    for (const message of report.results.flatMap((r) => r.messages))
      problems.push(`${what} (${path}) line ${String(message.line)}: ${message.ruleId}: ${message.message}`);
  }
  expect(problems).toEqual([]);
});
