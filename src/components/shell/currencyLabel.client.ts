/**
 * What every page does at once for the currency menus: show the stored currency, point the
 * form back at the current address (with its query), and let pages with live prices re-price
 * without a reload. The full list is added later (currencyMenu.client.ts).
 */
import { resolveCurrency } from '../../domain/currencyCodes.ts';

export function wireCurrencyMenus(doc: Document): void {
  const stored = /(?:^|;\s*)currency=([^;]*)/.exec(doc.cookie)?.[1];
  const current = resolveCurrency(stored ? decodeURIComponent(stored) : undefined);
  for (const el of doc.querySelectorAll('[data-current-currency]')) el.textContent = current;
  for (const input of doc.querySelectorAll<HTMLInputElement>('[data-return-to]')) input.value = doc.location.pathname + doc.location.search;

  // Pages that re-price on their own (they carry data-currency-live, e.g. search results) get the
  // choice without a reload: the cookie is stored by the same endpoint and a `currencychange`
  // event is dispatched. Everywhere else, and without JavaScript, the form posts as usual.
  for (const form of doc.querySelectorAll<HTMLFormElement>('[data-currency-menu] form')) {
    form.addEventListener('submit', (event) => {
      if (!doc.querySelector('[data-currency-live]')) return;
      const submitter = event.submitter;
      const chosen = submitter instanceof HTMLButtonElement ? submitter.value : '';
      if (!chosen) return;
      event.preventDefault();
      const body = new FormData(form);
      body.set('currency', chosen);
      void fetch(form.action, { method: 'POST', body, redirect: 'manual' })
        .then((response) => {
          if (response.type !== 'opaqueredirect' && !response.ok) throw new Error(`currency ${String(response.status)}`);
          const next = resolveCurrency(chosen);
          for (const el of doc.querySelectorAll('[data-current-currency]')) el.textContent = next;
          form.closest('details')?.removeAttribute('open');
          window.dispatchEvent(new CustomEvent('currencychange', { detail: { currency: next } }));
        })
        .catch(() => {
          form.submit();
        });
    });
  }
}
