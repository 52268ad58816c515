/**
 * "Sign in with Google" through Google Identity Services. The script loads only when a client id
 * is configured and this button is on screen; the credential (an ID token) goes to the server,
 * which verifies it (src/server/accounts/signIn.ts).
 */
import { useEffect, useRef } from 'react';
import { loadGoogleIdentity } from '../shared/googleIdentity.ts';

export function GoogleButton({ clientId, onCredential }: { clientId: string; onCredential: (credential: string) => void }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    loadGoogleIdentity()
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
