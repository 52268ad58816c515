/**
 * Support's mails, written in the case's language: the case opened (number and the signed thread
 * link), a reply from Support (the reply, the link, and the two surveys), and the after-trip NPS
 * survey. Case mails answer the traveller's own request and are transactional; survey mails are
 * not, and carry the mail type `survey` for the preferences check.
 */
import { ENGLISH, messagesFor } from '../../i18n/messages.ts';
import { localeBySegment, resolveSegment } from '../../i18n/locales.ts';
import { createTranslator, type Translate } from '../../i18n/translate.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { SupportDeps } from './deps.ts';
import { casePath, surveyPath } from './links.ts';

export function translatorFor(lang: string): Translate {
  const locale = localeBySegment(resolveSegment(lang));
  return createTranslator(locale.code, messagesFor(locale.code), ENGLISH);
}

/** The mail types of support's non-transactional mails (for the mail preferences). */
export type SupportMailType = 'survey';

/**
 * MERGE POINT (issue 24 item 6, branch supportself): the unsubscribe link and the
 * `List-Unsubscribe` / `List-Unsubscribe-Post: List-Unsubscribe=One-Click` headers of a
 * non-transactional mail, and the opt-out check, come from `src/server/mail/preferences.ts`,
 * which the other half of the issue writes. Wire it here at merge: return `undefined` when the
 * address opted out of `type` (the mail is then not sent), else the message with the headers and
 * the link added. Until then the message goes out as it is.
 */
export function withMailPreferences(message: MailMessage, type: SupportMailType): Promise<MailMessage | undefined> {
  // Until the merge every survey mail goes out as it is; `type` is what preferences.ts will check.
  return Promise.resolve({ ...message, headers: { ...message.headers, 'X-Roamly-Mail-Type': type } });
}

interface CaseRef {
  id: number;
  number: string;
  email: string;
  lang: string;
}

export function caseOpenedMail(deps: SupportDeps, c: CaseRef): MailMessage {
  const t = translatorFor(c.lang);
  const link = `${deps.siteUrl}${casePath(c.lang, c.id)}`;
  return {
    to: c.email,
    subject: t('support.mail.openedSubject', { number: c.number }),
    text: `${t('support.mail.openedText', { number: c.number })}\n\n${t('support.mail.threadLink')}\n${link}\n`,
  };
}

export function replyMail(deps: SupportDeps, c: CaseRef, reply: string): MailMessage {
  const t = translatorFor(c.lang);
  const link = `${deps.siteUrl}${casePath(c.lang, c.id)}`;
  const lines = [t('support.mail.replyText', { number: c.number }), '', reply, '', t('support.mail.threadLink'), link];
  return { to: c.email, subject: t('support.mail.replySubject', { number: c.number }), text: `${lines.join('\n')}\n` };
}

/** After the first answer: how good it was (rate-support) and how easy it was (support-ces). */
export function caseSurveyMail(deps: SupportDeps, c: CaseRef, surveys: { rate: number; ces: number }): MailMessage {
  const t = translatorFor(c.lang);
  const lines = [
    t('support.mail.surveyText', { number: c.number }),
    '',
    t('support.mail.rateLink'),
    `${deps.siteUrl}${surveyPath(c.lang, 'rate', surveys.rate)}`,
    '',
    t('support.mail.cesLink'),
    `${deps.siteUrl}${surveyPath(c.lang, 'ces', surveys.ces)}`,
  ];
  return { to: c.email, subject: t('support.mail.surveySubject', { number: c.number }), text: `${lines.join('\n')}\n` };
}

export function npsMail(deps: SupportDeps, survey: { id: number; email: string; lang: string }, reference: string): MailMessage {
  const t = translatorFor(survey.lang);
  return {
    to: survey.email,
    subject: t('support.mail.npsSubject'),
    text: `${t('support.mail.npsText', { reference })}\n\n${deps.siteUrl}${surveyPath(survey.lang, 'nps', survey.id)}\n`,
  };
}
