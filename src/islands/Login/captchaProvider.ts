/**
 * The explicit-render API that hCaptcha and Cloudflare Turnstile share: `render(element,
 * {sitekey, callback, …})` gives a widget id, `reset(id)` asks for a fresh token, `remove(id)`
 * tears the widget down. The configured script decides which provider it is; we only look at the
 * global it defined, so one setting (PUBLIC_CAPTCHA_SCRIPT_URL) is enough to switch.
 */

export interface CaptchaRenderOptions {
  sitekey: string;
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': () => void;
}

export interface CaptchaApi {
  render(element: HTMLElement, options: CaptchaRenderOptions): string | number | undefined;
  reset(widgetId?: string | number): void;
  remove?(widgetId?: string | number): void;
}

export type CaptchaProviderName = 'turnstile' | 'hcaptcha';

function isCaptchaApi(value: unknown): value is CaptchaApi {
  if (typeof value !== 'object' || value === null) return false;
  const api = value as Partial<Record<keyof CaptchaApi, unknown>>;
  return typeof api.render === 'function' && typeof api.reset === 'function';
}

/** The provider whose global the widget script defined, or null while it has not (yet) run. */
export function captchaProvider(scope: object): { name: CaptchaProviderName; api: CaptchaApi } | null {
  const globals = scope as Partial<Record<CaptchaProviderName, unknown>>;
  for (const name of ['turnstile', 'hcaptcha'] as const) {
    const api = globals[name];
    if (isCaptchaApi(api)) return { name, api };
  }
  return null;
}

/**
 * The script URL with `render=explicit`: both providers otherwise scan the page for their own
 * class names on load. Whatever else the operator put in the URL (`hl`, `recaptchacompat`) stays.
 */
export function explicitRenderUrl(scriptUrl: string): string {
  const url = new URL(scriptUrl);
  if (!url.searchParams.has('render')) url.searchParams.set('render', 'explicit');
  return url.toString();
}
