/**
 * Google one-tap on eligible pages (rule: src/domain/oneTap.ts). Loads Google Identity Services
 * lazily once the page is idle, posts the credential to `login with google` (the server verifies
 * it, src/server/accounts/signIn.ts) and reloads, so the static page re-renders its menu from the
 * new display cookies. A second-step account goes to the 2FA page instead.
 */
import { oneTapEligible } from '../domain/oneTap.ts';
import { readCookie } from '../stores/readCookie.ts';
import { loadGoogleIdentity } from '../islands/shared/googleIdentity.ts';
import { apiHeaders } from '../stores/clientHeaders.ts';

async function signIn(lang: string, credential: string): Promise<void> {
  const response = await fetch(`/api/nuxt/${lang}/login-with-google`, {
    method: 'POST',
    headers: apiHeaders({ 'content-type': 'application/json', accept: 'application/json' }),
    credentials: 'same-origin',
    body: JSON.stringify({ credential }),
  });
  const body = (await response.json().catch(() => ({}))) as { user?: unknown; token?: string };
  if (response.ok && body.token) {
    // Same target as the login island's twoFactorPath(): the second step, then back here.
    const query = new URLSearchParams({ token: body.token, ref: location.pathname + location.search });
    location.assign(`/${lang}/login/2fa?${query.toString()}`);
  } else if (response.ok && body.user) {
    location.reload();
  } else {
    console.warn('one-tap sign-in failed', response.status);
  }
}

export function startOneTap(marker: HTMLElement): void {
  const clientId = marker.dataset.clientId;
  const lang = marker.dataset.lang ?? 'en';
  if (!clientId || !oneTapEligible({ clientId, pathname: location.pathname, signedIn: Boolean(readCookie('user_id')) })) return;
  const run = () => {
    loadGoogleIdentity()
      .then((google) => {
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (r) => void signIn(lang, r.credential),
          cancel_on_tap_outside: true,
          itp_support: true,
          use_fedcm_for_prompt: true,
        });
        google.accounts.id.prompt();
      })
      .catch((error: unknown) => {
        // Blocked by the browser or an extension: the login page still offers every way in.
        console.warn(error);
      });
  };
  // Lazily: after the page has loaded and the main thread is free, so it never delays content.
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 4000 });
  else setTimeout(run, 1500);
}
