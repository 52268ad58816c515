/**
 * Adds every currency after the pinned ones to the currency menus, named by the browser in the
 * page's language (the page itself carries the pinned three and a link to the currency page).
 */
import { currenciesForSelector } from '../../domain/currencyCodes.ts';

function otherCurrencies(doc: Document, heading: string): HTMLElement[] {
  const names = new Intl.DisplayNames([doc.documentElement.lang || 'en'], { type: 'currency' });
  const title = doc.createElement('p');
  title.className = 'currency-picker__heading';
  title.textContent = heading;
  const list = doc.createElement('ul');
  list.className = 'picker__list';
  for (const c of currenciesForSelector().others) {
    const button = doc.createElement('button');
    button.type = 'submit';
    button.name = 'currency';
    button.value = c.code;
    const code = doc.createElement('bdi');
    code.textContent = c.code;
    button.append(code, ` ${c.symbol} · ${names.of(c.code) ?? c.code}`);
    const item = doc.createElement('li');
    item.append(button);
    list.append(item);
  }
  return [title, list];
}

export function addOtherCurrencies(doc: Document): void {
  for (const menu of doc.querySelectorAll<HTMLElement>('[data-currency-menu]')) {
    const slot = menu.querySelector<HTMLElement>('[data-currency-more]');
    if (!slot || menu.dataset.enhanced !== undefined) continue;
    slot.replaceChildren(...otherCurrencies(doc, slot.dataset.heading ?? ''));
    menu.dataset.enhanced = '';
  }
}
