/**
 * The captcha (hCaptcha or Turnstile, see captchaProvider.ts). Mounted only with the "forgot
 * password" form, or in the sign-in form once the server asks for it (an account with several
 * failed attempts), so the provider's script never loads with the page. The response token goes up through `onToken`; after a refused
 * attempt the parent bumps `resetCount` and the widget asks for a fresh one (tokens are single-use).
 */
import { useEffect, useRef } from 'react';
import { captchaProvider, explicitRenderUrl, type CaptchaApi } from './captchaProvider.ts';

/** One script per URL for the page's lifetime: opening the form again reuses it. */
const loading = new Map<string, Promise<CaptchaApi>>();

function loadProvider(scriptUrl: string): Promise<CaptchaApi> {
  const src = explicitRenderUrl(scriptUrl);
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<CaptchaApi>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      // The login page sends no referrer (mailed tokens sit in its address bar); the provider may
      // still want to see which site asks, and the origin alone carries no token.
      script.referrerPolicy = 'strict-origin';
      script.onload = () => {
        const provider = captchaProvider(window);
        if (provider) resolve(provider.api);
        else reject(new Error(`${src} defined neither turnstile nor hcaptcha`));
      };
      script.onerror = () => {
        reject(new Error(`${src} did not load`));
      };
      document.head.append(script);
    });
    // A failed load (offline, blocked) may succeed when the form is opened again.
    promise.catch(() => loading.delete(src));
    loading.set(src, promise);
  }
  return promise;
}

interface Props {
  siteKey: string;
  scriptUrl: string;
  onToken: (token: string | null) => void;
  /** Changes after each refused attempt: the widget then resets. */
  resetCount: number;
}

export function CaptchaWidget({ siteKey, scriptUrl, onToken, resetCount }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: CaptchaApi; id: string | number | undefined } | null>(null);
  // The latest callback without re-rendering the widget when the parent re-renders.
  const tokenSink = useRef(onToken);
  useEffect(() => {
    tokenSink.current = onToken;
  }, [onToken]);

  useEffect(() => {
    let cancelled = false;
    loadProvider(scriptUrl)
      .then((api) => {
        if (cancelled || !container.current) return;
        const id = api.render(container.current, {
          sitekey: siteKey,
          callback: (token) => {
            tokenSink.current(token);
          },
          'expired-callback': () => {
            tokenSink.current(null);
          },
          'error-callback': () => {
            tokenSink.current(null);
          },
        });
        widget.current = { api, id };
      })
      .catch((error: unknown) => {
        // Blocked by the browser or an extension: the server's refusal then says what is missing.
        console.warn(error);
      });
    return () => {
      cancelled = true;
      const current = widget.current;
      widget.current = null;
      current?.api.remove?.(current.id);
      // The token belonged to this widget: a form opened again must not send a stale one.
      tokenSink.current(null);
    };
  }, [siteKey, scriptUrl]);

  useEffect(() => {
    if (resetCount === 0 || !widget.current) return;
    tokenSink.current(null);
    widget.current.api.reset(widget.current.id);
  }, [resetCount]);

  return <div ref={container} className="login__captcha" />;
}
