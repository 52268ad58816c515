/** What support's services need, passed in so tests give their own clock, mailer and database. */
import { getAccountsDeps } from '../accounts/deps.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';

export interface SupportDeps {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  /** Origin for links in mails (SITE_URL, no trailing slash). */
  siteUrl: string;
}

/** The process's deps: the same database, mailer and site address as the accounts. */
export async function getSupportDeps(): Promise<SupportDeps> {
  const { db, mailer, now, siteUrl } = await getAccountsDeps();
  return { db, mailer, now, siteUrl };
}
