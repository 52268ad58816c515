/**
 * Google Identity Services, loaded on demand (never with the page): the "Sign in with Google"
 * button of the login island and the one-tap prompt of static pages share this loader, so the
 * script is requested once however many of them a page has.
 */
export const GIS_SCRIPT = 'https://accounts.google.com/gsi/client';

export interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: Record<string, unknown> & { client_id: string; callback: (response: { credential: string }) => void }): void;
      renderButton(element: HTMLElement, options: Record<string, string>): void;
      prompt(): void;
    };
  };
}

let loading: Promise<GoogleIdentity> | undefined;

export function loadGoogleIdentity(): Promise<GoogleIdentity> {
  const existing = (window as unknown as { google?: GoogleIdentity }).google;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SCRIPT;
    script.async = true;
    script.onload = () => {
      const google = (window as unknown as { google?: GoogleIdentity }).google;
      if (google) resolve(google);
      else reject(new Error('Google Identity Services did not load'));
    };
    script.onerror = () => {
      reject(new Error('Google Identity Services did not load'));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    // A failed load may be retried later (a flaky network), not remembered forever.
    loading = undefined;
    throw error;
  });
  return loading;
}
