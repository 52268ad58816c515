/**
 * "Sign in with Google" through Google Identity Services. The script loads only when a client id
 * is configured and this button is on screen; the credential (an ID token) goes to the server,
 * which verifies it (src/server/accounts/signIn.ts).
 */
import { useEffect, useRef } from 'react';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential: string }) => void }): void;
      renderButton(element: HTMLElement, options: Record<string, string>): void;
    };
  };
}

const SCRIPT = 'https://accounts.google.com/gsi/client';

function loadScript(): Promise<GoogleIdentity> {
  return new Promise((resolve, reject) => {
    const existing = (window as unknown as { google?: GoogleIdentity }).google;
    if (existing) {
      resolve(existing);
      return;
    }
    const script = document.createElement('script');
    script.src = SCRIPT;
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
  });
}

export function GoogleButton({ clientId, onCredential }: { clientId: string; onCredential: (credential: string) => void }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    loadScript()
      .then((google) => {
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (r) => {
            onCredential(r.credential);
          },
        });
        if (container.current)
          google.accounts.id.renderButton(container.current, { theme: 'outline', size: 'large', locale: document.documentElement.lang });
      })
      .catch((error: unknown) => {
        // Blocked by the browser or an extension: the other ways to sign in still work.
        console.warn(error);
      });
  }, [clientId, onCredential]);
  return <div ref={container} className="login__google" />;
}
