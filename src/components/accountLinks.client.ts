/**
 * Replaces the visitor's account links with the signed-in user's when the user cookies say so.
 * The user is read from the display cookies by the user store (src/stores/user.store.ts).
 */
import { accountMenu } from '../domain/accountMenu.ts';
import { replaceBrackets } from '../i18n/placeholders.ts';
import { currentUser } from '../stores/user.store.ts';

export function hydrateAccountLinks(root: Document): void {
  const user = currentUser();
  if (!user) return;
  const labelled = root.querySelector<HTMLElement>('.account-links[data-labels]');
  const labels = JSON.parse(labelled?.dataset.labels ?? '{}') as Record<string, string>;
  for (const container of root.querySelectorAll<HTMLElement>('.account-links')) {
    const locale = container.dataset.locale ?? 'en';
    const entries = accountMenu(user, {
      lang: container.dataset.lang ?? 'en',
      localeCode: locale,
      currentPath: location.pathname,
      placement: container.dataset.placement === 'footer' ? 'footer' : 'header',
    });
    container.replaceChildren(
      ...entries.map((entry) => {
        const link = document.createElement('a');
        link.href = entry.href;
        link.dataset.entry = entry.id;
        link.textContent = replaceBrackets(labels[entry.labelKey] ?? entry.labelKey, entry.values);
        return link;
      }),
    );
  }
}
