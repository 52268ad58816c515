/**
 * Support's mails, written in the case's language: the case opened (number and the signed thread
 * link), a reply from Support (the reply, the link, and the two surveys), and the after-trip NPS
 * survey. Case mails answer the traveller's own request and are transactional; survey mails are
 * not, and carry the mail type `survey` for the preferences check.
 */
import { ENGLISH, messagesFor } from '../../i18n/messages.ts';
import { localeBySegment, resolveSegment } from '../../i18n/locales.ts';
import { createTranslator, type Translate } from '../../i18n/translate.ts';
import type { Db } from '../db/client.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { hasOptedOut, withUnsubscribe } from '../mail/preferences.ts';
import type { SupportDeps } from './deps.ts';
import { casePath, surveyPath } from './links.ts';

export function translatorFor(lang: string): Translate {
  const locale = localeBySegment(resolveSegment(lang));
  return createTranslator(locale.code, messagesFor(locale.code), ENGLISH);
}

/** The mail types of support's non-transactional mails (for the mail preferences). */
export type SupportMailType = 'survey';

/**
 * A survey mail as sent, through the mail preferences (src/server/mail/preferences.ts):
 * `undefined` when the address declined the type (nothing is sent), else the message with the
 * signed unsubscribe link and the `List-Unsubscribe` / one-click `List-Unsubscribe-Post` headers.
 */
export async function withMailPreferences(
  db: Pick<Db, 'select'>,
  message: MailMessage,
  type: SupportMailType,
  lang: string,
): Promise<MailMessage | undefined> {
  if (await hasOptedOut(db, type, message.to)) return undefined;
  return withUnsubscribe({ ...message, type, lang });
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
