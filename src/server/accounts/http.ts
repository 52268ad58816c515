/**
 * The account API handlers (SPEC §7 User calls), as plain Request → Response functions so that
 * the integration tests run them against their own database without a server. Route files in
 * src/pages/api/nuxt/[lang]/ call these through `accountRoute`.
 */
import { MAX_ROW_ID } from '../../domain/ids.ts';
import { z } from 'zod';
import { emailSchema, passwordSchema, recoveryCodeSchema, totpCodeSchema } from '../../domain/accounts/credentials.ts';
import { safeRef } from '../../domain/accounts/ref.ts';
import { resolveCurrency } from '../../domain/currency.ts';
import type { Translate } from '../../i18n/translate.ts';
import { ApiError } from '../api/errors.ts';
import { endpoints, json as jsonAnswer, NO_STORE, parseInput, readJson } from '../api/http.ts';
import type { ApiErrorCode } from '../api/catalogue.ts';
import { reviewableTrips, userBookings } from './bookings.ts';
import { parseCookies, sessionTokenFrom, signedInCookies, signedOutCookies } from './cookies.ts';
import type { AccountsDeps } from './deps.ts';
import { register, requestEmailChange, requestLoginLink, requestPasswordReset, resetPassword, type MailResult } from './mailLinks.ts';
import { addPassenger, changePassword, deleteAccount, listPassengers, reauthenticated, removePassenger, updateDetails } from './profile.ts';
import { agentOperator } from './roles.ts';
import { endSession, findSession, type ActiveSession } from './sessions.ts';
import { completeTwoFactor, signInWithGoogle, signInWithOneTimeToken, signInWithPassword, type SignInResult } from './signIn.ts';
import { confirmEnrolment, disableTwoFactor, startEnrolment } from './twoFactor.ts';
import { userDto } from './users.ts';

export interface AccountRequest {
  request: Request;
  lang: string;
  localeCode: string;
  t: Translate;
  ip: string;
}

type Handler = (req: AccountRequest) => Promise<Response>;

/** Account answers are about one person: never cached. */
const json = (body: unknown, status = 200, setCookies: readonly string[] = []): Response => jsonAnswer(body, status, NO_STORE, setCookies);

const tooManyAttempts = (retryAfter: number) => new ApiError('too_many_attempts', { headers: { 'retry-after': String(retryAfter) } });

export const loginBody = z.union([
  // `captcha`: the solved widget's token, asked for once an account has seen several attempts.
  z.object({ email: emailSchema, password: z.string().min(1).max(1024), captcha: z.string().max(4096).optional() }),
  z.object({ token: z.string().min(10).max(200), code: z.union([totpCodeSchema, recoveryCodeSchema]) }),
]);
export const registerBody = z.object({ email: emailSchema, password: passwordSchema, name: z.string().trim().max(200).default('') });
export const resetBody = z.union([
  z.object({ token: z.string().min(10).max(200), password: passwordSchema }),
  z.object({ email: emailSchema, captcha: z.string().max(4096).optional() }),
]);
export const emailLinkBody = z.object({ email: emailSchema, ref: z.string().max(2000).optional() });
export const googleBody = z.object({ credential: z.string().min(20).max(8192) });
export const otptBody = z.object({ token: z.string().min(10).max(200) });

const nameField = z.string().trim().min(1).max(100);
export const profileBody = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('details'),
    name: z.string().trim().max(200),
    phone: z
      .string()
      .trim()
      .regex(/^[+\d\s()-]{0,32}$/, 'field-phone-error'),
  }),
  z.object({ action: z.literal('password'), currentPassword: z.string().max(1024).optional(), newPassword: passwordSchema }),
  z.object({ action: z.literal('email'), password: z.string().max(1024).optional(), email: emailSchema }),
  z.object({
    action: z.literal('addPassenger'),
    firstName: nameField,
    middleName: z.string().trim().max(100).default(''),
    lastName: nameField,
  }),
  z.object({ action: z.literal('removePassenger'), id: z.number().int().positive().max(MAX_ROW_ID) }),
]);
export const deleteBody = z.object({ password: z.string().max(1024).optional() });
export const twoFactorBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('start') }),
  z.object({ action: z.literal('confirm'), code: totpCodeSchema }),
]);
export const twoFactorOffBody = z.object({ code: z.union([totpCodeSchema, recoveryCodeSchema]) });

export function accountsHttp(deps: AccountsDeps) {
  const client = (req: AccountRequest) => ({ ip: req.ip });

  /** Turns a sign-in outcome into the answer: the user and fresh cookies, a 2FA token, 401 or 429. */
  async function signInResponse(
    req: AccountRequest,
    result: SignInResult,
    failure: ApiErrorCode = 'invalid_credentials',
  ): Promise<Response> {
    switch (result.kind) {
      case 'signed_in': {
        // Session rotation: whatever session the browser had before is ended, never upgraded.
        await endSession(deps, sessionTokenFrom(req.request, deps));
        return json(
          { user: userDto(result.user, { isTemp: result.isTemp, ip: req.ip }) },
          200,
          signedInCookies(deps, result.token, result.user, result.isTemp),
        );
      }
      case 'two_factor':
        return json({ token: result.token });
      case 'invalid':
        throw new ApiError(failure);
      case 'rate_limited':
        throw tooManyAttempts(result.retryAfter);
      case 'captcha_required':
        throw new ApiError('captcha_required');
      case 'captcha_failed':
        throw new ApiError('captcha_failed');
    }
  }

  /** Re-authentication for a profile change: the password, counted against the sign-in limits. */
  async function reauthenticate(req: AccountRequest, s: ActiveSession, password: string | undefined): Promise<void> {
    const result = await reauthenticated(deps, s, password, client(req));
    if (result.kind === 'ok') return;
    if (result.kind === 'rate_limited') throw tooManyAttempts(result.retryAfter);
    throw new ApiError('reauthentication_failed');
  }

  function mailResponse(result: MailResult): Response {
    if (result.kind === 'rate_limited') throw tooManyAttempts(result.retryAfter);
    return json({ sent: true });
  }

  async function session(req: AccountRequest): Promise<ActiveSession | null> {
    return findSession(deps, sessionTokenFrom(req.request, deps));
  }

  /** Handlers that need a fully signed-in user (level 2). */
  function signedIn(handler: (req: AccountRequest, s: ActiveSession) => Promise<Response>): Handler {
    return async (req) => {
      const s = await session(req);
      if (!s || s.isTemp) throw new ApiError('not_signed_in');
      return handler(req, s);
    };
  }

  const mailContext = (req: AccountRequest) => ({ t: req.t, lang: req.lang });

  return endpoints({
    /** POST user: {email, password} or {token, code}. */
    login: async (req: AccountRequest) => {
      const body = parseInput(loginBody, await readJson(req.request), 'invalid_login');
      if ('email' in body) return signInResponse(req, await signInWithPassword(deps, body, client(req)));
      return signInResponse(req, await completeTwoFactor(deps, body, client(req)), 'invalid_code');
    },

    register: async (req: AccountRequest) => {
      const input = parseInput(registerBody, await readJson(req.request), 'invalid_registration');
      return mailResponse(await register(deps, mailContext(req), input, client(req)));
    },

    /** POST reset password: {email, captcha?} asks for a link; {token, password} sets the new password. */
    resetPassword: async (req: AccountRequest) => {
      const body = parseInput(resetBody, await readJson(req.request), 'invalid_reset');
      if ('token' in body) return signInResponse(req, await resetPassword(deps, body, client(req)), 'invalid_link');
      // Checked before the rate limit and the mail: a bot without a valid token costs nothing.
      if (deps.captcha && !(await deps.captcha(body.captcha, req.ip))) throw new ApiError('captcha_failed');
      return mailResponse(await requestPasswordReset(deps, mailContext(req), body, client(req)));
    },

    loginWithEmail: async (req: AccountRequest) => {
      const input = parseInput(emailLinkBody, await readJson(req.request), 'invalid_login');
      const link = { email: input.email, ref: safeRef(input.ref) };
      return mailResponse(await requestLoginLink(deps, mailContext(req), link, client(req)));
    },

    loginWithGoogle: async (req: AccountRequest) => {
      const input = parseInput(googleBody, await readJson(req.request), 'invalid_login');
      return signInResponse(req, await signInWithGoogle(deps, input.credential, client(req)), 'invalid_google');
    },

    otpt: async (req: AccountRequest) => {
      const input = parseInput(otptBody, await readJson(req.request), 'invalid_link');
      return signInResponse(req, await signInWithOneTimeToken(deps, input.token, client(req)), 'invalid_link');
    },

    /** GET logout: ends the session on the server and clears every account cookie. */
    logout: async (req: AccountRequest) => {
      await endSession(deps, sessionTokenFrom(req.request, deps));
      return json({ ok: true }, 200, signedOutCookies(deps));
    },

    /** GET user data: the user (or null), the last search's places and the currency. */
    userData: async (req: AccountRequest) => {
      const s = await session(req);
      const cookies = parseCookies(req.request.headers.get('cookie'));
      const place = (side: 'from' | 'to') => {
        const id = cookies.get(`${side}_id`);
        return id ? { id, slug: cookies.get(`${side}_slug`) ?? '', name: cookies.get(`${side}_name`) ?? '' } : null;
      };
      // SPEC §3 agent config: the header's co-branding (headerLogo.client.ts) reads `agent.operator`.
      const operator = s ? await agentOperator(deps, s.user) : null;
      return json({
        user: s ? userDto(s.user, { isTemp: s.isTemp, ip: req.ip }) : null,
        searchForm: { from: place('from'), to: place('to') },
        fxcode: resolveCurrency(cookies.get('currency')),
        agent: operator ? { operator } : null,
      });
    },

    profile: signedIn(async (_req, s) =>
      json({
        profile: {
          email: s.user.email,
          name: s.user.name,
          phone: s.user.phone,
          hasPassword: s.user.passwordHash !== null,
          twoFactor: s.user.totpEnabledAt !== null,
        },
        passengers: await listPassengers(deps, s.user.id),
      }),
    ),

    updateProfile: signedIn(async (req, s) => {
      const body = parseInput(profileBody, await readJson(req.request), 'invalid_profile');
      switch (body.action) {
        case 'details':
          await updateDetails(deps, s.user.id, { name: body.name, phone: body.phone });
          return json({ ok: true });
        case 'password': {
          await reauthenticate(req, s, body.currentPassword);
          await changePassword(deps, s, body.newPassword);
          return json({ ok: true });
        }
        case 'email': {
          await reauthenticate(req, s, body.password);
          // Same answer whether the new address is free or taken: no enumeration from the profile either.
          await requestEmailChange(deps, mailContext(req), s.user, body.email);
          return json({ sent: true });
        }
        case 'addPassenger':
          await addPassenger(deps, s.user.id, { firstName: body.firstName, middleName: body.middleName, lastName: body.lastName });
          return json({ passengers: await listPassengers(deps, s.user.id) });
        case 'removePassenger':
          if (!(await removePassenger(deps, s.user.id, body.id))) throw new ApiError('not_found');
          return json({ passengers: await listPassengers(deps, s.user.id) });
      }
    }),

    deleteProfile: signedIn(async (req, s) => {
      const input = parseInput(deleteBody, await readJson(req.request), 'invalid_profile');
      await reauthenticate(req, s, input.password);
      await deleteAccount(deps, s.user);
      return json({ ok: true }, 200, signedOutCookies(deps));
    }),

    twoFactor: signedIn(async (req, s) => {
      const input = parseInput(twoFactorBody, await readJson(req.request), 'invalid_code');
      if (input.action === 'start') {
        const enrolment = await startEnrolment(deps, s.user);
        if (!enrolment) throw new ApiError('two_factor_on');
        return json(enrolment);
      }
      const codes = await confirmEnrolment(deps, s.user, input.code);
      if (!codes) throw new ApiError('invalid_code');
      return json({ recoveryCodes: codes });
    }),

    disableTwoFactor: signedIn(async (req, s) => {
      const input = parseInput(twoFactorOffBody, await readJson(req.request), 'invalid_code');
      if (!(await disableTwoFactor(deps, s.user, input.code))) throw new ApiError('invalid_code');
      return json({ ok: true });
    }),

    bookings: signedIn(async (req, s) => json({ bookings: await userBookings(deps, s.user, req.localeCode, req.lang) })),

    review: signedIn(async (req, s) => json({ trips: await reviewableTrips(deps, s.user, req.localeCode, req.lang) })),
  } satisfies Record<string, Handler>);
}

export type AccountsHttp = ReturnType<typeof accountsHttp>;
