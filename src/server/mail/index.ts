/** The process-wide mailer, configured once from the environment. */
import { parseServerEnv } from '../config.ts';
import { createMailer, type Mailer } from './mailer.ts';

let mailer: Mailer | undefined;

export function getMailer(): Mailer {
  if (!mailer) {
    const env = parseServerEnv();
    mailer = createMailer({ from: env.MAIL_FROM, smtpUrl: env.SMTP_URL, outboxDir: env.MAIL_OUTBOX_DIR });
  }
  return mailer;
}
