/**
 * Profile settings (SPEC §2 /profile): details, email and password changes with
 * re-authentication, saved passengers, two-factor enrolment and removal, account deletion.
 * Every change goes to `user/profile` or `user/two-factor`, which act on the session's user only.
 */
import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../../domain/accounts/credentialLimits.ts';
import type { AnswerOf, BodyOf, PostOperation, SavedPassenger } from '../../domain/api/operations.ts';
import { apiPost } from '../../stores/api.ts';
import { logout } from '../../stores/auth.store.ts';
import { useHydrated } from '../shared/useHydrated.ts';
import { islandTranslator, type IslandT } from '../shared/translate.ts';
import './ProfileSettings.css';
import type { IslandMessages } from '../../i18n/islandMessages.ts';

export type ProfilePassenger = Pick<SavedPassenger, 'id' | 'full_name'>;

/** The account calls this page makes. */
type SettingsCall = Extract<PostOperation, 'user/profile' | 'DELETE user/profile' | 'user/two-factor' | 'DELETE user/two-factor'>;

interface Props {
  lang: string;
  messages: IslandMessages;
  profile: { email: string | null; name: string; phone: string; hasPassword: boolean; twoFactor: boolean };
  passengers: ProfilePassenger[];
}

type Status = { kind: 'ok' | 'error'; text: string } | null;

function formData(event: SyntheticEvent<HTMLFormElement>): Record<string, string> {
  event.preventDefault();
  return Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
}

/** A titled settings block with its own status line (announced to screen readers). */
function Section({ title, status, children }: { title: string; status: Status; children: ReactNode }) {
  const id = useId();
  return (
    <section className="settings__section card" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
      <p className={`settings__status settings__status--${status?.kind ?? 'none'}`} role="status">
        {status?.text ?? ''}
      </p>
    </section>
  );
}

function Field({ label, ...input }: { label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="settings__field">
      <span>{label}</span>
      <input {...input} />
    </label>
  );
}

function useAction(lang: string, t: IslandT) {
  return async <K extends SettingsCall>(
    name: K,
    body: BodyOf<K>,
    okText: string,
    set: (s: Status) => void,
  ): Promise<AnswerOf<K> | null> => {
    try {
      const res = await apiPost(lang, name, body);
      if (res.ok) {
        set({ kind: 'ok', text: okText });
        return res.data;
      }
      set({ kind: 'error', text: res.error?.message ?? t('profile.failed') });
    } catch {
      set({ kind: 'error', text: t('profile.failed') });
    }
    return null;
  };
}

export default function ProfileSettings({ lang, messages, profile, passengers: initialPassengers }: Props) {
  const t = islandTranslator(messages, lang);
  const act = useAction(lang, t);
  const off = !useHydrated();
  const [details, setDetails] = useState<Status>(null);
  const [emailStatus, setEmailStatus] = useState<Status>(null);
  const [passwordStatus, setPasswordStatus] = useState<Status>(null);
  const [passengerStatus, setPassengerStatus] = useState<Status>(null);
  const [twoFactorStatus, setTwoFactorStatus] = useState<Status>(null);
  const [deleteStatus, setDeleteStatus] = useState<Status>(null);
  const [passengers, setPassengers] = useState(initialPassengers);
  const [twoFactorOn, setTwoFactorOn] = useState(profile.twoFactor);
  const [enrolment, setEnrolment] = useState<{ secret: string; qrSvg: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const reauth = profile.hasPassword;

  return (
    <div className="settings">
      <Section title={t('profile.details')} status={details}>
        <form
          onSubmit={(e) => {
            const d = formData(e);
            void act('user/profile', { action: 'details', name: d.name ?? '', phone: d.phone ?? '' }, t('profile.saved'), setDetails);
          }}
        >
          <Field label={t('profile.name')} name="name" autoComplete="name" defaultValue={profile.name} maxLength={200} />
          <Field label={t('profile.phone')} name="phone" type="tel" autoComplete="tel" defaultValue={profile.phone} maxLength={32} />
          <button className="button" type="submit" disabled={off}>
            {t('profile.save')}
          </button>
        </form>
      </Section>

      <Section title={t('profile.changeEmail')} status={emailStatus}>
        <p>{t('profile.currentEmail', { email: profile.email ?? '' })}</p>
        <form
          onSubmit={(e) => {
            const d = formData(e);
            void act(
              'user/profile',
              { action: 'email', email: d.email ?? '', ...(reauth ? { password: d.password } : {}) },
              t('profile.emailSent'),
              setEmailStatus,
            );
          }}
        >
          <Field label={t('profile.newEmail')} name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} />
          {reauth ? (
            <Field label={t('profile.currentPassword')} name="password" type="password" autoComplete="current-password" required />
          ) : null}
          <button className="button" type="submit" disabled={off}>
            {t('profile.changeEmail')}
          </button>
        </form>
      </Section>

      <Section title={t('profile.changePassword')} status={passwordStatus}>
        <form
          onSubmit={(e) => {
            const d = formData(e);
            const form = e.currentTarget;
            void act(
              'user/profile',
              { action: 'password', newPassword: d.newPassword ?? '', ...(reauth ? { currentPassword: d.currentPassword } : {}) },
              t('profile.passwordChanged'),
              setPasswordStatus,
            ).then((ok) => {
              if (ok) form.reset();
            });
          }}
        >
          {reauth ? (
            <Field label={t('profile.currentPassword')} name="currentPassword" type="password" autoComplete="current-password" required />
          ) : null}
          <Field
            label={t('profile.newPassword')}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
          />
          <button className="button" type="submit" disabled={off}>
            {t('profile.changePassword')}
          </button>
        </form>
      </Section>

      <Section title={t('profile.passengers')} status={passengerStatus}>
        {passengers.length ? (
          <ul className="settings__list">
            {passengers.map((p) => (
              <li key={p.id}>
                <span>{p.full_name}</span>
                <button
                  type="button"
                  disabled={off}
                  className="button button--secondary"
                  onClick={() => {
                    void act('user/profile', { action: 'removePassenger', id: p.id }, t('profile.saved'), setPassengerStatus).then(
                      (body) => {
                        if (body && 'passengers' in body) setPassengers(body.passengers);
                      },
                    );
                  }}
                >
                  {t('profile.remove', { name: p.full_name })}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('profile.noPassengers')}</p>
        )}
        <form
          className="settings__inline"
          onSubmit={(e) => {
            const d = formData(e);
            const form = e.currentTarget;
            const passenger = {
              action: 'addPassenger' as const,
              firstName: d.firstName ?? '',
              middleName: d.middleName ?? '',
              lastName: d.lastName ?? '',
            };
            void act('user/profile', passenger, t('profile.saved'), setPassengerStatus).then((body) => {
              if (!body || !('passengers' in body)) return;
              setPassengers(body.passengers);
              form.reset();
            });
          }}
        >
          <Field label={t('profile.firstName')} name="firstName" required maxLength={100} autoComplete="off" />
          <Field label={t('profile.middleName')} name="middleName" maxLength={100} autoComplete="off" />
          <Field label={t('profile.lastName')} name="lastName" required maxLength={100} autoComplete="off" />
          <button className="button" type="submit" disabled={off}>
            {t('profile.addPassenger')}
          </button>
        </form>
      </Section>

      <Section title={t('profile.twoFactor')} status={twoFactorStatus}>
        <p>{t(twoFactorOn ? 'profile.twoFactorOn' : 'profile.twoFactorOff')}</p>
        {recoveryCodes ? (
          <div>
            <p>{t('profile.recoveryCodes')}</p>
            <ul className="settings__codes" aria-label={t('profile.recoveryCodesLabel')}>
              {recoveryCodes.map((c) => (
                <li key={c}>
                  <code>{c}</code>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {!twoFactorOn && !enrolment ? (
          <button
            type="button"
            disabled={off}
            className="button"
            onClick={() => {
              void act('user/two-factor', { action: 'start' }, '', setTwoFactorStatus).then((body) => {
                if (body && 'secret' in body) setEnrolment({ secret: body.secret, qrSvg: body.qrSvg });
              });
            }}
          >
            {t('profile.enable2fa')}
          </button>
        ) : null}
        {!twoFactorOn && enrolment ? (
          <form
            onSubmit={(e) => {
              const d = formData(e);
              void act('user/two-factor', { action: 'confirm', code: d.code ?? '' }, t('profile.twoFactorOn'), setTwoFactorStatus).then(
                (body) => {
                  if (!body || !('recoveryCodes' in body)) return;
                  setRecoveryCodes(body.recoveryCodes);
                  setTwoFactorOn(true);
                  setEnrolment(null);
                },
              );
            }}
          >
            <p>{t('profile.scanQr')}</p>
            <img
              className="settings__qr"
              src={`data:image/svg+xml;base64,${btoa(enrolment.qrSvg)}`}
              alt={t('profile.qrAlt')}
              width={200}
              height={200}
            />
            <p>
              {t('profile.secretKey')} <code data-testid="totp-secret">{enrolment.secret}</code>
            </p>
            <Field
              label={t('profile.code')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              pattern="\d{6}"
              maxLength={6}
            />
            <button className="button" type="submit" disabled={off}>
              {t('profile.confirm2fa')}
            </button>
          </form>
        ) : null}
        {twoFactorOn ? (
          <form
            onSubmit={(e) => {
              const d = formData(e);
              void act('DELETE user/two-factor', { code: d.code ?? '' }, t('profile.twoFactorOff'), setTwoFactorStatus).then((body) => {
                if (!body) return;
                setTwoFactorOn(false);
                setRecoveryCodes(null);
              });
            }}
          >
            <Field label={t('profile.codeOrRecovery')} name="code" autoComplete="one-time-code" required maxLength={12} />
            <button className="button button--secondary" type="submit" disabled={off}>
              {t('profile.disable2fa')}
            </button>
          </form>
        ) : null}
      </Section>

      <Section title={t('profile.deleteAccount')} status={deleteStatus}>
        <p>{t('profile.deleteWarning')}</p>
        <form
          onSubmit={(e) => {
            const d = formData(e);
            void act('DELETE user/profile', reauth ? { password: d.password ?? '' } : {}, '', setDeleteStatus).then(async (body) => {
              if (body) await logout(lang, `/${lang}`);
            });
          }}
        >
          {reauth ? (
            <Field label={t('profile.currentPassword')} name="password" type="password" autoComplete="current-password" required />
          ) : null}
          <button className="button settings__danger" type="submit" disabled={off}>
            {t('profile.deleteConfirm')}
          </button>
        </form>
      </Section>
    </div>
  );
}
