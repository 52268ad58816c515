/** Helpers the browser tests share. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** YYYY-MM-DD, `days` from today in the browser's (and the test machine's) local calendar. */
export function isoIn(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Dismisses the cookie banner (English or Arabic) when it shows. */
export async function acceptCookies(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: /^(Accept all|قبول الكل)$/ });
  if (await button.isVisible()) await button.click();
}

/**
 * Wakes a results page's list island and waits until React runs it. The island hydrates on the
 * first touch (issue 23): tests of what the list does (tabs, filters, sort, back and forward) touch
 * it first, as a traveller's pointer does, so a busy test machine's slow hydration is not mistaken
 * for the behaviour under test. The replay of a touch made while it loads has tests of its own
 * (page-load-js.spec.ts).
 */
export async function wakeResultsList(page: Page): Promise<void> {
  await page.locator('.sr__bar').hover();
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector('.sr') ?? {}).some((key) => key.startsWith('__reactProps$'))), {
      timeout: 30_000,
    })
    .toBe(true);
}

/** axe's serious and critical violations on the page (or inside `include`), one line each. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${String(v.nodes.length)})`);
}

/**
 * A page as a build with a third-party feature configured (GOOGLE_CLIENT_ID,
 * PUBLIC_CAPTCHA_SCRIPT_URL) serves it: its Content-Security-Policy — the meta tag of a
 * pre-rendered page, the header of an on-demand one — allows that origin's scripts, styles and
 * frames (integrations/csp/policy.ts). For tests that rewrite a served page into such a build's.
 */
export function allowOriginInPolicy(
  html: string,
  headers: Record<string, string>,
  origin: string,
): { body: string; headers: Record<string, string> } {
  const allow = (policy: string) => policy.replace(/(script-src|style-src|frame-src) 'self'/g, `$1 'self' ${origin}`);
  const body = html.replace(
    /(<meta http-equiv="content-security-policy" content=")([^"]*)"/,
    (_, start: string, policy: string) => `${start}${allow(policy)}"`,
  );
  const csp = headers['content-security-policy'];
  return { body, headers: csp ? { ...headers, 'content-security-policy': allow(csp) } : headers };
}
