/**
 * The keyboard walk (issue 28, WCAG 2.2 2.4.3 focus order, 2.4.7 focus visible, 2.4.11 focus not
 * obscured): on every page type, in English and right-to-left Arabic, Tab goes through each stop with
 * the consent bar open, then Shift+Tab goes back through them with the bar closed. At every stop
 * focus is on an element (never <body>), that element is on screen and neither the consent bar nor
 * the sticky header covers it, and each step moves forward in reading order (left to right, top to
 * bottom in English; right to left in Arabic) — backwards for Shift+Tab.
 * Also: choosing a place in the search form moves focus on to the next field.
 * Build with QUICK_BUILD_LOCALES=en,ar (or all locales) before running.
 */
import { expect, test, type Page } from '@playwright/test';
import { isoIn, seriousViolations } from '../support/browser.ts';

// Focus scrolling is measured where it ends, not halfway through a smooth scroll.
test.use({ reducedMotion: 'reduce' });

/** Header, form and a good part of the content even on a results page (its filters alone are ~45); most pages end sooner. */
const MAX_STOPS = 100;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface Stop {
  /** Tag and name, for failure messages. */
  what: string;
  onBody: boolean;
  /** In the viewport's coordinates. */
  onScreen: boolean;
  /** What covers the element, when that is the consent bar or the sticky header. */
  coveredBy: string | null;
  /** In the document's coordinates, for the reading order. */
  box: Box;
  /** The previous stop where it is now (a skip link hides again once left), in the same coordinates. */
  previousBox: Box | null;
  /** Fixed (the consent bar): placed by the viewport, not by the document. */
  pinned: boolean;
  /**
   * Where this stop's part of the page sits beside the previous stop's: below the element the two
   * share, the branch holding this stop lies wholly after ('after') or before ('before') the other
   * branch along the line (a later or earlier column), or not beside it at all (null).
   */
  column: 'after' | 'before' | null;
  /** Inside the previous stop (a scrolling region, then a link in it). */
  insidePrevious: boolean;
  /** The previous stop is inside this one. */
  containsPrevious: boolean;
}

/**
 * Records a stop in the page at every Tab key-up: by then the browser has moved focus and scrolled
 * it into view, so a walk needs one round trip per key press and one per batch of readings.
 * Recording ends when focus leaves the document or comes back to the walk's first stop.
 */
async function startRecording(page: Page): Promise<void> {
  await page.evaluate(() => {
    interface Recorder {
      stops: Stop[];
      first: Element | null;
      previous: Element | null;
      done: boolean;
      listening?: boolean;
    }
    const memory = window as unknown as { focusWalk?: Recorder };
    const listening = memory.focusWalk?.listening ?? false;
    const recorder: Recorder = { stops: [], first: null, previous: null, done: false, listening: true };
    memory.focusWalk = recorder;
    if (listening) return;

    /** An element's box, a visually hidden control (a switch's checkbox) seen as its label. */
    function seen(element: Element): DOMRect {
      const rect = element.getBoundingClientRect();
      if (rect.width > 2 && rect.height > 2) return rect;
      return (element.closest('label') ?? element.parentElement ?? element).getBoundingClientRect();
    }
    const inDocument = (r: DOMRect): Box => ({
      left: r.left + scrollX,
      top: r.top + scrollY,
      right: r.right + scrollX,
      bottom: r.bottom + scrollY,
    });

    function record(): void {
      const walk = memory.focusWalk;
      if (!walk || walk.done) return;
      if (!document.hasFocus()) {
        walk.done = true;
        return;
      }
      const active = document.activeElement;
      if (!active || active === document.body || active === document.documentElement) {
        const empty = { left: 0, top: 0, right: 0, bottom: 0 };
        walk.stops.push({
          what: 'body',
          onBody: true,
          onScreen: false,
          coveredBy: null,
          box: empty,
          previousBox: null,
          pinned: false,
          column: null,
          insidePrevious: false,
          containsPrevious: false,
        });
        return;
      }
      if (active === walk.first) {
        walk.done = true;
        return;
      }
      walk.first ??= active;
      const element = active as HTMLElement;
      const rect = seen(element);
      const named = 'labels' in element ? (element as HTMLInputElement).labels?.[0]?.textContent : undefined;
      const text = (element.getAttribute('aria-label') ?? named ?? element.textContent).trim().replace(/\s+/g, ' ').slice(0, 40);
      const what = `<${element.tagName.toLowerCase()}> "${text}"`;
      const onScreen =
        rect.bottom > 0 && rect.top < innerHeight && rect.right > 0 && rect.left < innerWidth && rect.width > 0 && rect.height > 0;

      // What can lie over content: the consent bar and the sticky header. An element that fits in
      // the room they leave must be wholly clear of them; a taller one (a scrolling table) must show
      // some of itself.
      const covers = [...document.querySelectorAll<HTMLElement>('[data-consent], body > header')].filter(
        (c) => !c.hidden && !c.contains(element),
      );
      const room = innerHeight - covers.reduce((sum, c) => sum + c.getBoundingClientRect().height, 0);
      const x = Math.min(Math.max(rect.left + rect.width / 2, 0), innerWidth - 1);
      const coverAt = (y: number) => {
        const hit = document.elementFromPoint(x, Math.min(Math.max(y, 0), innerHeight - 1));
        const cover = hit ? covers.find((c) => c.contains(hit)) : undefined;
        return cover ? (cover.matches('[data-consent]') ? 'the consent bar' : 'the header') : null;
      };
      const found = [rect.top + 2, rect.top + rect.height / 2, rect.bottom - 2].map(coverAt);
      const coveredBy =
        rect.height <= room ? (found.find((c) => c !== null) ?? null) : found.every((c) => c !== null) ? (found[0] ?? null) : null;

      let pinned = false;
      for (let node: Element | null = element; node; node = node.parentElement)
        if (getComputedStyle(node).position === 'fixed') pinned = true;
      const previous = walk.previous;
      walk.previous = element;
      let column: 'after' | 'before' | null = null;
      if (previous && !previous.contains(element) && !element.contains(previous)) {
        // The children of the shared ancestor that hold each stop.
        let mine: Element = element;
        while (mine.parentElement && !mine.parentElement.contains(previous)) mine = mine.parentElement;
        let theirs: Element = previous;
        while (theirs.parentElement && theirs.parentElement !== mine.parentElement) theirs = theirs.parentElement;
        const a = mine.getBoundingClientRect();
        const b = theirs.getBoundingClientRect();
        const rtl = getComputedStyle(element).direction === 'rtl';
        const endward = rtl ? a.right <= b.left + 1 : a.left >= b.right - 1;
        const startward = rtl ? a.left >= b.right - 1 : a.right <= b.left + 1;
        column = endward ? 'after' : startward ? 'before' : null;
      }
      walk.stops.push({
        what,
        onBody: false,
        onScreen,
        coveredBy,
        box: inDocument(rect),
        previousBox: previous ? inDocument(seen(previous)) : null,
        pinned,
        column,
        insidePrevious: previous?.contains(element) ?? false,
        containsPrevious: previous ? element.contains(previous) : false,
      });
    }
    addEventListener(
      'keyup',
      (event) => {
        if (event.key === 'Tab') record();
      },
      true,
    );
  });
}

/**
 * Whether `next` comes after `prev` in reading order: inside it, further along the same row (right
 * in English, left in Arabic), on a row below, or up in a later column (the footer's lists side by
 * side, the results beside their filters) — a column being a part of the page wholly beside the other.
 */
function readsForward(prev: Box, next: Box, rtl: boolean, nextInside: boolean, nextInLaterColumn: boolean): boolean {
  if (nextInside) return true;
  const prevMiddle = (prev.top + prev.bottom) / 2;
  const nextMiddle = (next.top + next.bottom) / 2;
  const sameRow = (nextMiddle >= prev.top && nextMiddle <= prev.bottom) || (prevMiddle >= next.top && prevMiddle <= next.bottom);
  const prevCentre = (prev.left + prev.right) / 2;
  const nextCentre = (next.left + next.right) / 2;
  if (sameRow) return rtl ? nextCentre <= prevCentre + 1 : nextCentre >= prevCentre - 1;
  if (nextMiddle > prevMiddle) return true;
  // Upwards: only into a later column.
  return nextInLaterColumn;
}

/** Presses `key` until focus leaves the page or comes back round (or MAX_STOPS) and returns every stop. */
async function walk(page: Page, key: 'Tab' | 'Shift+Tab'): Promise<Stop[]> {
  await startRecording(page);
  const BATCH = 10;
  for (let pressed = 0; pressed < MAX_STOPS; pressed += BATCH) {
    for (let i = 0; i < BATCH; i++) await page.keyboard.press(key);
    if (await page.evaluate(() => (window as unknown as { focusWalk: { done: boolean } }).focusWalk.done)) break;
  }
  const stops = await page.evaluate(() => (window as unknown as { focusWalk: { stops: Stop[] } }).focusWalk.stops);
  return stops.slice(0, MAX_STOPS);
}

/** Every problem in a walk, one line each: focus lost, off screen, covered, or out of order. */
function problems(stops: Stop[], rtl: boolean, direction: 'forward' | 'backward'): string[] {
  const found: string[] = [];
  stops.forEach((stop, i) => {
    if (stop.onBody) found.push(`stop ${String(i)}: focus fell back to <body>`);
    else if (!stop.onScreen) found.push(`stop ${String(i)}: ${stop.what} is off screen`);
    else if (stop.coveredBy) found.push(`stop ${String(i)}: ${stop.what} sits under ${stop.coveredBy}`);
  });
  stops.forEach((current, i) => {
    const previous = stops[i - 1];
    if (!previous || previous.onBody || current.onBody) return;
    // The consent bar is fixed to the viewport's bottom: it comes last in the walk, below the
    // focused content (checked above), so only its own stops are compared among themselves.
    if (previous.pinned !== current.pinned) return;
    const ok =
      direction === 'forward'
        ? readsForward(current.previousBox ?? previous.box, current.box, rtl, current.insidePrevious, current.column === 'after')
        : readsForward(current.box, current.previousBox ?? previous.box, rtl, current.containsPrevious, current.column === 'before');
    if (!ok) found.push(`${direction} step ${String(i)}: from ${previous.what} jumps back to ${current.what}`);
  });
  return found;
}

const PAGES: { name: string; path: (lang: string) => string }[] = [
  { name: 'home', path: (lang) => `/${lang}` },
  { name: 'results (no query)', path: (lang) => `/${lang}/all/bangkok/chiang-mai` },
  { name: 'results (with a date)', path: (lang) => `/${lang}/all/chiang-mai/pai?date=${isoIn(10)}` },
  { name: 'station', path: (lang) => `/${lang}/station/1-bangkok-mo-chit-bus-terminal` },
  { name: 'operator', path: (lang) => `/${lang}/operator/siam-express-coach` },
  { name: 'travel guide', path: (lang) => `/${lang}/travel-guides/bangkok-to-koh-tao` },
  { name: 'support', path: (lang) => `/${lang}/support` },
  { name: 'login', path: (lang) => `/${lang}/login` },
  { name: 'checkout without a cart', path: (lang) => `/${lang}/checkout` },
  { name: 'not found', path: (lang) => `/${lang}/does-not-exist/yet` },
];

for (const lang of ['en', 'ar']) {
  const rtl = lang === 'ar';
  for (const { name, path } of PAGES) {
    test(`${lang} ${name}: Tab and Shift+Tab keep focus visible, uncovered and in reading order`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto(path(lang));
      const bar = page.getByRole('region', { name: rtl ? /ملفات تعريف الارتباط/ : 'Cookies on this site' });
      await expect(bar).toBeVisible();
      // The search island must have hydrated before its fields are walked.
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);

      const open = await walk(page, 'Tab');
      expect(open.length).toBeGreaterThan(3);
      // Unless the walk stopped at MAX_STOPS, it ended in the consent bar (last in the document).
      if (open.length < MAX_STOPS) expect(open.some((s) => s.pinned && s.what.includes(rtl ? 'قبول الكل' : 'Accept all'))).toBe(true);
      const openProblems = problems(open, rtl, 'forward');

      await bar.getByRole('button', { name: rtl ? 'قبول الكل' : 'Accept all' }).click();
      await expect(bar).toBeHidden();
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
      });
      const closed = await walk(page, 'Shift+Tab');
      expect(closed.length).toBeGreaterThan(3);
      const closedProblems = problems(closed, rtl, 'backward');

      expect({ bannerOpen: openProblems, bannerClosed: closedProblems }).toEqual({ bannerOpen: [], bannerClosed: [] });
    });
  }
}

for (const lang of ['en', 'ar']) {
  test(`${lang}: choosing a place moves focus to the next field, by tap and by Enter`, async ({ page }) => {
    await page.goto(`/${lang}`);
    await page.waitForLoadState('networkidle');
    const form = page.getByRole('search');
    const from = form.getByRole('combobox', { name: lang === 'ar' ? 'من' : 'From' });
    const to = form.getByRole('combobox', { name: lang === 'ar' ? 'إلى' : 'To' });
    const date = form.getByRole('button', { name: lang === 'ar' ? /^المغادرة/ : /^Departure/ }).first();

    // By pointer: the first suggestion for "Bangkok".
    await from.click();
    await from.fill('Bangkok');
    const option = form.getByRole('option').first();
    await expect(option).toContainText(lang === 'ar' ? /بانكوك|Bangkok/ : 'Bangkok');
    await option.click();
    await expect(to).toBeFocused();

    // By keyboard: type, arrow to the first suggestion, Enter.
    await to.fill('Chiang');
    await expect(form.getByRole('option').first()).toBeVisible();
    await to.press('ArrowDown');
    await to.press('Enter');
    await expect(date).toBeFocused();
    await expect(to).not.toHaveValue('Chiang');
    expect(await seriousViolations(page)).toEqual([]);
  });
}
