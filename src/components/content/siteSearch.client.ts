/**
 * Browser side of the site search box: loads /pagefind/pagefind.js on first use, searches as the
 * reader types (debounced) and lists the hits. Results are built with DOM calls, not innerHTML,
 * except Pagefind's excerpt, whose only markup is the <mark> it adds around matches.
 */
interface PagefindHit {
  url: string;
  meta: { title?: string };
  excerpt: string;
}
interface Pagefind {
  debouncedSearch: (term: string) => Promise<{ results: { data: () => Promise<PagefindHit> }[] } | null>;
}

const MAX_RESULTS = 8;
let pagefind: Promise<Pagefind> | undefined;

function loadPagefind(): Promise<Pagefind> {
  // A variable path keeps the bundler from trying to resolve a file that exists only after the build.
  const path = '/pagefind/pagefind.js';
  pagefind ??= import(/* @vite-ignore */ path) as Promise<Pagefind>;
  return pagefind;
}

export function runSiteSearch(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[type="search"]');
  const status = form.querySelector<HTMLElement>('.site-search__status');
  const list = form.querySelector<HTMLUListElement>('.site-search__results');
  if (!input || !status || !list) return;

  const show = async (term: string): Promise<void> => {
    if (!term.trim()) {
      list.replaceChildren();
      status.textContent = '';
      return;
    }
    const search = await (await loadPagefind()).debouncedSearch(term);
    if (!search) return; // superseded by a newer keystroke
    const hits = await Promise.all(search.results.slice(0, MAX_RESULTS).map((r) => r.data()));
    list.replaceChildren(
      ...hits.map((hit) => {
        const item = document.createElement('li');
        const link = document.createElement('a');
        link.href = hit.url;
        link.textContent = hit.meta.title ?? hit.url;
        const excerpt = document.createElement('p');
        excerpt.innerHTML = hit.excerpt;
        item.append(link, excerpt);
        return item;
      }),
    );
    status.textContent = hits.length === 0 ? (status.dataset.noResults ?? '') : '';
  };

  input.addEventListener('input', () => void show(input.value).catch(() => undefined));
  // `?q=` searches at once: the address search engines offer for the site search (WebSite SearchAction).
  const asked = new URLSearchParams(form.ownerDocument.location.search).get('q');
  if (asked?.trim()) {
    input.value = asked;
    void show(asked).catch(() => undefined);
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void show(input.value).catch(() => undefined);
  });
}
