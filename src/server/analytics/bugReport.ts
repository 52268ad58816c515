/**
 * Bug reports (issue 25 item 6, SPEC §7 `recipients, force, message`): mailed to the staff of the
 * roles named — never to an address the caller gives, so the call cannot relay mail. The same
 * message reported again within REPEAT_WINDOW_MS is kept but not mailed again unless `force`.
 */
import { createHash } from 'node:crypto';
import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bugReports, users } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { BugReportBody } from './schemas.ts';

export const REPEAT_WINDOW_MS = 60 * 60 * 1000;

export interface BugReportResult {
  /** Staff mailed (0 when it was a repeat, or no staff of those roles has an address). */
  mailed: number;
  duplicate: boolean;
}

export async function fileBugReport(
  db: Db,
  mailer: Mailer,
  report: BugReportBody,
  context: { reporterId: number | null; host: string; now: Date },
): Promise<BugReportResult> {
  const digest = createHash('sha256').update(report.message).digest('hex');
  const since = new Date(context.now.getTime() - REPEAT_WINDOW_MS);
  const [repeat] = await db
    .select({ id: bugReports.id })
    .from(bugReports)
    .where(and(eq(bugReports.digest, digest), gte(bugReports.recordedAt, since)))
    .limit(1);
  const duplicate = repeat !== undefined;
  let mailed = 0;
  if (!duplicate || report.force) {
    const staff = await db
      .select({ email: users.email })
      .from(users)
      .where(inArray(users.role, [...report.recipients]));
    const subject = `Bug report from ${context.host}${report.path ? ` (${report.path})` : ''}`;
    for (const { email } of staff) {
      if (!email) continue;
      await mailer.send({
        to: email,
        subject,
        text: `${report.message}\n\n— ${context.host}${report.path ?? ''}, ${context.now.toISOString()}`,
      });
      mailed += 1;
    }
  }
  await db.insert(bugReports).values({
    recordedAt: context.now,
    digest,
    message: report.message,
    recipients: [...report.recipients],
    path: report.path ?? null,
    reporterId: context.reporterId,
    mailedTo: mailed,
  });
  return { mailed, duplicate };
}
