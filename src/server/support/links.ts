/**
 * Signed links of support mails: the case thread (`/{lang}/support/case?c=&t=`) and the surveys
 * (`/{lang}/rate-support/{hash}`, `support-ces`, `nps`). Each signs a row id with HMAC-SHA256
 * under its own prefix; a survey hash is single use because the survey row records its answer.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseSupportEnv } from './config.ts';

function mac(payload: string): string {
  return createHmac('sha256', parseSupportEnv().TICKET_LINK_SECRET).update(payload).digest('base64url').slice(0, 32);
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function caseToken(caseId: number): string {
  return mac(`case:${String(caseId)}`);
}

export function verifyCaseToken(caseId: number, token: string): boolean {
  return Number.isInteger(caseId) && caseId > 0 && same(caseToken(caseId), token);
}

/** The thread's address, relative to the site (mails put SITE_URL in front). */
export function casePath(lang: string, caseId: number): string {
  return `/${lang}/support/case?c=${String(caseId)}&t=${caseToken(caseId)}`;
}

export function attachmentPath(lang: string, caseId: number, attachmentToken: string): string {
  return `/${lang}/support/attachment?c=${String(caseId)}&t=${caseToken(caseId)}&a=${attachmentToken}`;
}

export type SurveyKind = 'rate' | 'ces' | 'nps';

/** SPEC §2 routes of the three surveys. */
export const SURVEY_ROUTES: Readonly<Record<SurveyKind, string>> = { rate: 'rate-support', ces: 'support-ces', nps: 'nps' };

export function surveyHash(kind: SurveyKind, surveyId: number): string {
  return `${String(surveyId)}-${mac(`survey:${kind}:${String(surveyId)}`)}`;
}

/** The survey id a hash names, when the hash is genuine for that kind of survey. */
export function verifySurveyHash(kind: SurveyKind, hash: string): number | undefined {
  const match = /^(\d{1,9})-([A-Za-z0-9_-]{32})$/.exec(hash);
  if (!match) return undefined;
  const id = Number(match[1]);
  return id > 0 && same(mac(`survey:${kind}:${String(id)}`), match[2] ?? '') ? id : undefined;
}

export function surveyPath(lang: string, kind: SurveyKind, surveyId: number): string {
  return `/${lang}/${SURVEY_ROUTES[kind]}/${surveyHash(kind, surveyId)}`;
}
