import { backAction, type RouteName } from '../domain/backButton.ts';

const PAGE_VIEWS_KEY = 'roamly:pageViews';

/** Counts page views in this tab; more than one means the visitor navigated within the site. */
function recordPageView(): number {
  try {
    const views = Number(sessionStorage.getItem(PAGE_VIEWS_KEY) ?? '0') + 1;
    sessionStorage.setItem(PAGE_VIEWS_KEY, String(views));
    return views;
  } catch {
    return 1; // storage blocked: behave as a first view
  }
}

function lastSearchUrl(): string | undefined {
  const match = /(?:^|;\s*)last_search=([^;]*)/.exec(document.cookie);
  const value = match?.[1] ? decodeURIComponent(match[1]) : undefined;
  return value?.startsWith('/') ? value : undefined;
}

export function wireBackButtons(root: Document): void {
  const views = recordPageView();
  const sameOriginReferrer = root.referrer.startsWith(location.origin);
  const navigatedInApp = views > 1 && sameOriginReferrer;
  for (const button of root.querySelectorAll<HTMLAnchorElement>('[data-back-button]')) {
    const search = lastSearchUrl();
    // A pass page's path names its destination: /{lang}/railpass/{countrySlug}/operator-…/…
    const railpassCountrySlug = location.pathname.split('/')[3];
    const action = backAction({
      lang: button.dataset.lang ?? 'en',
      routeName: (button.dataset.route ?? 'other') as RouteName,
      query: new URLSearchParams(location.search),
      navigatedInApp,
      hideBackButton: button.dataset.hide === 'true',
      ...(search ? { lastSearchUrl: search } : {}),
      ...(railpassCountrySlug ? { railpassCountrySlug } : {}),
    });
    if (action.kind === 'hidden') continue;
    button.hidden = false;
    if (action.kind === 'link') button.href = action.href;
    else
      button.addEventListener('click', (event) => {
        event.preventDefault();
        history.back();
      });
  }
}
