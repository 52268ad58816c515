/** Helpers the browser tests share. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

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

/** axe's serious and critical violations on the page (or inside `include`), one line each. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${String(v.nodes.length)})`);
}
