/**
 * The login island (SPEC §2 /login and /login/2fa, §4 login): email and password, email link,
 * registration, password reset, Google, and the second step with a TOTP or recovery code.
 * It also redeems the single-use links from mails (`otpt`, `reset` in the page's query).
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../../domain/accounts/credentialLimits.ts';
import {
  $authBusy,
  $authError,
  authAction,
  goAfterLogin,
  twoFactorPath,
  type AuthOutcome,
  type SignInOperation,
} from '../../stores/auth.store.ts';
import { islandTranslator } from '../shared/translate.ts';
import { EmailSuggestions, useEmailSuggestions } from '../shared/EmailSuggestions.tsx';
import { CaptchaWidget } from './CaptchaWidget.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import './Login.css';
import type { IslandMessages } from '../../i18n/islandMessages.ts';

type View = 'password' | 'register' | 'forgot' | 'reset' | 'sent' | 'registered' | 'twoFactor' | 'redeeming';

interface Props {
  lang: string;
  messages: IslandMessages;
  /** SPEC §2 `ref`: where to go after signing in (already checked to be a path on this site). */
  returnTo: string | null;
  mode: 'login' | '2fa';
  /** Second-step token (mode 2fa). */
  token?: string | null;
  /** Single-use link tokens from mails. */
  otpt?: string | null;
  reset?: string | null;
  googleClientId?: string | null;
  /** PUBLIC_CAPTCHA_SITE_KEY / PUBLIC_CAPTCHA_SCRIPT_URL (src/config/captcha.ts); null = no captcha. */
  captchaSiteKey?: string | null;
  captchaScriptUrl?: string | null;
}

export default function Login({
  lang,
  messages,
  returnTo: target,
  mode,
  token,
  otpt,
  reset,
  googleClientId,
  captchaSiteKey,
  captchaScriptUrl,
}: Props) {
  const t = islandTranslator(messages);
  const error = useStore($authError);
  // Buttons are enabled in the server's HTML: the page hydrates this island on the first touch
  // (client:interaction), which holds clicks and submits until React runs and then replays them.
  // `method="post"` keeps a password out of the address bar should a form submit natively.
  const busy = useStore($authBusy);
  const initial: View = mode === '2fa' ? 'twoFactor' : otpt ? 'redeeming' : reset ? 'reset' : 'password';
  const [view, setView] = useState<View>(initial);
  const [email, setEmail] = useState('');
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaResets, setCaptchaResets] = useState(0);
  // Set once the server asks for the captcha on sign-in (an account with several failed attempts).
  const [signInCaptcha, setSignInCaptcha] = useState(false);
  const id = useId();
  const redeemed = useRef(false);
  // The address as typed, for the suggestions; the field itself stays uncontrolled.
  const emailInput = useRef<HTMLInputElement>(null);
  const [typedEmail, setTypedEmail] = useState('');
  const suggestionFocus = useEmailSuggestions();

  const handle = useCallback(
    async (outcome: AuthOutcome, onSent?: View): Promise<void> => {
      if (outcome.kind === 'user') await goAfterLogin(outcome.user, target, lang);
      else if (outcome.kind === 'two_factor') window.location.assign(twoFactorPath(lang, outcome.token, target));
      else if (outcome.kind === 'sent' && onSent) setView(onSent);
    },
    [target, lang],
  );

  useEffect(() => {
    if (!otpt || redeemed.current) return;
    redeemed.current = true;
    void authAction(lang, 'user/otpt', { token: otpt }).then(async (outcome) => {
      if (outcome.kind === 'failed') setView('password');
      await handle(outcome);
    });
    // Runs once (the ref), for the link the page was opened with.
  }, [otpt, lang, handle]);

  function submit(path: SignInOperation, onSent?: View, onFailed?: (code: string | undefined) => void) {
    return (event: SyntheticEvent<HTMLFormElement>) => {
      event.preventDefault();
      const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
      if (data.email) setEmail(data.email);
      void authAction(lang, path, data).then(async (outcome) => {
        if (outcome.kind === 'failed') onFailed?.(outcome.code);
        await handle(outcome, onSent);
      });
    };
  }

  function show(next: View) {
    $authError.set(null);
    setView(next);
  }

  // A live region that is always there (empty when all is well), so screen readers announce the
  // server's message when it appears rather than depending on how they treat a new alert node.
  const alert = (
    <div className="login__live" role="alert" aria-atomic="true">
      {error ? <p className="login__error">{error}</p> : null}
    </div>
  );
  const backToPassword = (
    <button
      type="button"
      className="login__link"
      disabled={busy}
      onClick={() => {
        show('password');
      }}
    >
      {t('login.back')}
    </button>
  );
  // The suggestions follow the label, not inside it: a label holds one control.
  const emailField = (
    <>
      <label className="login__field">
        <span>{t('login.email')}</span>
        <input
          ref={emailInput}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={email}
          maxLength={EMAIL_MAX}
          onInput={(e) => {
            setTypedEmail(e.currentTarget.value);
          }}
          onFocus={suggestionFocus.onFocus}
          onBlur={suggestionFocus.onBlur}
        />
      </label>
      <EmailSuggestions
        id={`${id}-email-suggestions`}
        value={typedEmail}
        label={t('support.emailSuggest.label')}
        focus={suggestionFocus}
        onPick={(address) => {
          if (emailInput.current) emailInput.current.value = address;
          setTypedEmail(address);
          emailInput.current?.focus();
        }}
      />
    </>
  );

  const captcha =
    captchaSiteKey && captchaScriptUrl ? (
      <>
        <CaptchaWidget siteKey={captchaSiteKey} scriptUrl={captchaScriptUrl} onToken={setCaptchaToken} resetCount={captchaResets} />
        {/* The field name the endpoints read (loginBody and resetBody in src/server/accounts/http.ts). */}
        {captchaToken ? <input type="hidden" name="captcha" value={captchaToken} /> : null}
      </>
    ) : null;

  if (view === 'redeeming') {
    return (
      <p className="login" role="status">
        {t('login.signingIn')}
      </p>
    );
  }

  if (view === 'twoFactor') {
    return (
      <form className="login" method="post" onSubmit={submit('user')} aria-labelledby={`${id}-2fa`}>
        <h2 id={`${id}-2fa`}>{t('login.twoFactorTitle')}</h2>
        {alert}
        <input type="hidden" name="token" value={token ?? ''} />
        <label className="login__field">
          <span>{t('login.code')}</span>
          <input name="code" inputMode="text" autoComplete="one-time-code" required minLength={6} maxLength={12} />
        </label>
        <button type="submit" className="button" disabled={busy}>
          {t('login.verify')}
        </button>
        <a href={`/${lang}/login${target ? `?ref=${encodeURIComponent(target)}` : ''}`}>{t('login.back')}</a>
      </form>
    );
  }

  if (view === 'sent' || view === 'registered') {
    return (
      <div className="login">
        <p role="status">{t(view === 'sent' ? 'login.linkSent' : 'login.registerSent')}</p>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => {
            show('password');
          }}
        >
          {t('login.back')}
        </button>
      </div>
    );
  }

  if (view === 'register') {
    return (
      <form className="login" method="post" onSubmit={submit('register', 'registered')} aria-labelledby={`${id}-register`}>
        <h2 id={`${id}-register`}>{t('login.registerTitle')}</h2>
        {alert}
        <label className="login__field">
          <span>{t('login.name')}</span>
          <input name="name" autoComplete="name" maxLength={200} />
        </label>
        {emailField}
        <label className="login__field">
          <span>{t('login.password')}</span>
          <input
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            aria-describedby={`${id}-hint`}
          />
          <small id={`${id}-hint`}>{t('login.passwordHint')}</small>
        </label>
        <button type="submit" className="button" disabled={busy}>
          {t('login.registerSubmit')}
        </button>
        {backToPassword}
      </form>
    );
  }

  if (view === 'forgot') {
    return (
      <form
        className="login"
        method="post"
        // A refused token is spent: the widget must hand out a new one before the next attempt.
        onSubmit={submit('reset-password', 'sent', () => {
          setCaptchaResets((n) => n + 1);
        })}
        aria-labelledby={`${id}-forgot`}
      >
        <h2 id={`${id}-forgot`}>{t('login.resetTitle')}</h2>
        {alert}
        {emailField}
        {captcha}
        <button type="submit" className="button" disabled={busy}>
          {t('login.resetSubmit')}
        </button>
        {backToPassword}
      </form>
    );
  }

  if (view === 'reset') {
    return (
      <form className="login" method="post" onSubmit={submit('reset-password')} aria-labelledby={`${id}-reset`}>
        <h2 id={`${id}-reset`}>{t('login.resetTitle')}</h2>
        {alert}
        <input type="hidden" name="token" value={reset ?? ''} />
        <label className="login__field">
          <span>{t('login.newPassword')}</span>
          <input name="password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN} maxLength={PASSWORD_MAX} />
        </label>
        <button type="submit" className="button" disabled={busy}>
          {t('login.setPassword')}
        </button>
      </form>
    );
  }

  return (
    <div className="login">
      <form
        method="post"
        // captcha_required / captcha_failed: the widget appears (its script loads only now) and
        // the next attempt carries its token. Any refusal spends the token: the widget resets.
        onSubmit={submit('user', undefined, (code) => {
          if (code === 'captcha_required' || code === 'captcha_failed') setSignInCaptcha(true);
          setCaptchaResets((n) => n + 1);
        })}
        aria-labelledby={`${id}-login`}
        className="login__form"
      >
        <h2 id={`${id}-login`} className="visually-hidden">
          {t('login.title')}
        </h2>
        {alert}
        {emailField}
        <label className="login__field">
          <span>{t('login.password')}</span>
          <input name="password" type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX} />
        </label>
        {signInCaptcha ? captcha : null}
        <button type="submit" className="button" disabled={busy}>
          {t('login.submit')}
        </button>
      </form>
      <div className="login__actions">
        <button
          type="button"
          className="login__link"
          disabled={busy}
          onClick={() => {
            show('forgot');
          }}
        >
          {t('login.forgot')}
        </button>
        <button
          type="button"
          className="login__link"
          disabled={busy}
          onClick={(event) => {
            const form = event.currentTarget.closest('.login')?.querySelector('form');
            const input = form?.elements.namedItem('email');
            if (!(input instanceof HTMLInputElement) || !input.reportValidity()) return;
            setEmail(input.value);
            void authAction(lang, 'login-with-email', { email: input.value, ...(target ? { ref: target } : {}) }).then((o) =>
              handle(o, 'sent'),
            );
          }}
        >
          {t('login.emailLink')}
        </button>
      </div>
      {googleClientId ? (
        <GoogleButton
          clientId={googleClientId}
          onCredential={(credential) => void authAction(lang, 'login-with-google', { credential }).then((o) => handle(o))}
        />
      ) : null}
      <p className="login__register">
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => {
            show('register');
          }}
        >
          {t('login.register')}
        </button>
      </p>
    </div>
  );
}
