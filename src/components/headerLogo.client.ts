/**
 * Agent co-branding (SPEC §6) on static pages: fetches `GET user data` once per tab for a
 * signed-in reseller, remembers the answer in sessionStorage for the user id the cookie names
 * (a different user, or a sign-out, misses the cache), and re-renders the logo box through the
 * same pure headerBrand() the build used. Presentation only: the server never trusts this.
 */
import type { Role } from '../domain/accountMenu.ts';
import { headerBrand, type AgentOperator, type HeaderBrand, type WhiteLabelConfig } from '../domain/branding.ts';
import { replaceBrackets } from '../i18n/placeholders.ts';
import { readCookie } from '../stores/readCookie.ts';
import { apiHeaders } from '../stores/clientHeaders.ts';

const CACHE_KEY = 'agent_branding';

interface Branding {
  userId: string;
  role: Role;
  operator: AgentOperator | null;
}

interface UserDataBody {
  user?: { id: number; role: Role } | null;
  agent?: { operator: AgentOperator | null } | null;
}

async function brandingFor(userId: string, lang: string): Promise<Branding | null> {
  try {
    const cached = JSON.parse(sessionStorage.getItem(CACHE_KEY) ?? 'null') as Branding | null;
    if (cached?.userId === userId) return cached;
  } catch {
    // Unreadable cache (or storage blocked): ask the server.
  }
  const response = await fetch(`/api/nuxt/${lang}/user-data`, {
    credentials: 'same-origin',
    headers: apiHeaders({ accept: 'application/json' }),
  });
  if (!response.ok) return null;
  const body = (await response.json()) as UserDataBody;
  if (!body.user) return null;
  const branding: Branding = { userId, role: body.user.role, operator: body.agent?.operator ?? null };
  try {
    sessionStorage.setItem(CACHE_KEY, JSON.stringify(branding));
  } catch {
    // Private mode with storage off: the next page asks again.
  }
  return branding;
}

export function renderBrand(box: HTMLElement, brand: HeaderBrand): void {
  const name = box.querySelector<HTMLElement>('.site-header__name');
  const current = box.querySelector('.site-header__mark, .site-header__image');
  if (brand.logoSrc) {
    const img = document.createElement('img');
    img.className = 'site-header__image';
    img.src = brand.logoSrc;
    img.alt = brand.showName ? '' : brand.name;
    img.height = 32;
    // A missing operator logo must not leave an empty box: the previous mark comes back.
    if (current) {
      img.addEventListener(
        'error',
        () => {
          img.replaceWith(current);
        },
        { once: true },
      );
      current.replaceWith(img);
    } else {
      box.prepend(img);
    }
  }
  if (name) {
    name.textContent = brand.name;
    name.hidden = !brand.showName;
  }
  if (box.hasAttribute('href')) box.setAttribute('aria-label', replaceBrackets(box.dataset.label ?? '[name]', { name: brand.name }));
  box.dataset.brandSource = brand.source;
}

export async function applyAgentBranding(root: Document): Promise<void> {
  const box = root.querySelector<HTMLElement>('[data-brand-logo]');
  const userId = readCookie('user_id');
  if (!box || !userId) return;
  const lang = box.dataset.lang ?? 'en';
  const branding = await brandingFor(userId, lang).catch(() => null);
  if (!branding?.operator) return;
  const config = JSON.parse(box.dataset.config ?? '{}') as WhiteLabelConfig;
  const brand = headerBrand(
    config,
    { role: branding.role, operator: branding.operator },
    { lang, defaultName: box.dataset.defaultName ?? '' },
  );
  if (brand.source === 'operator') renderBrand(box, brand);
}
