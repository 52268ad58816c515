/**
 * Support cases end to end through the handlers (issue 24 items 2–3; the articles API reads the
 * content collections, which only a build has: tests/e2e/support-cases.spec.ts): uploads decided by content (a renamed executable, a text file, an oversized and an empty body
 * refused with their SPEC §5 codes; images re-encoded without metadata), opening a case with a
 * booking and attachments, the mailed thread link, Support's answer, the attachment guard, and
 * single-use surveys with their totals.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { bookings, carts, supportAttachments, supportCases, supportMessages, users } from '../../src/server/db/schema.ts';
import type { MailMessage } from '../../src/server/mail/mailer.ts';
import { supportApi } from '../../src/server/support/api.ts';
import { serveAttachment } from '../../src/server/support/attachmentRoute.ts';
import { caseById, caseThread, replyAsStaff } from '../../src/server/support/cases.ts';
import type { SupportDeps } from '../../src/server/support/deps.ts';
import { verifySurveyHash } from '../../src/server/support/links.ts';
import { answerSurvey, surveyTotals } from '../../src/server/support/surveys.ts';
import { uploadHandler } from '../../src/server/support/uploadRoute.ts';
import { DATABASES } from './databases.ts';

/** What the handlers answer, as far as these tests read it. */
interface Answer {
  file: { token: string; name: string; mime: string; size: number };
  case: { number: string; status: string; url: string };
  attachments: number;
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

const uploadDir = mkdtempSync(join(tmpdir(), 'roamly-uploads-'));
process.env.SUPPORT_UPLOAD_DIR = uploadDir;
process.env.SUPPORT_UPLOAD_MAX_BYTES = String(200 * 1024);
afterAll(() => {
  rmSync(uploadDir, { recursive: true, force: true });
});

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
/** An ELF executable's header, renamed to look like a photo. */
const EXECUTABLE = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 1)]);

async function pngWithMetadata(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .withExif({ IFD0: { Copyright: 'GPS secret', Artist: 'traveller' } })
    .toBuffer();
}

describe.each(DATABASES)('support cases on $name', (database) => {
  let handle: DbHandle;
  let deps: SupportDeps;
  const mails: MailMessage[] = [];
  const clock = { now: Date.UTC(2026, 10, 21, 8, 0, 0) };
  let upload: ReturnType<typeof uploadHandler>;
  let api: ReturnType<typeof supportApi>;

  beforeAll(async () => {
    handle = await database.open();
    deps = {
      db: handle.db,
      mailer: {
        send: (m) => {
          mails.push(m);
          return Promise.resolve();
        },
      },
      now: () => new Date(clock.now),
      siteUrl: 'http://roamly.test',
    };
    upload = uploadHandler(() => Promise.resolve(handle.db));
    api = supportApi(() => Promise.resolve(deps));
  });
  afterAll(async () => {
    await handle.close();
  });

  const post = async (body: Buffer, name: string, type = 'application/octet-stream') => {
    const request = new Request('http://localhost/en/file/upload', {
      method: 'POST',
      body: new Uint8Array(body),
      headers: { 'content-type': type, 'x-file-name': encodeURIComponent(name) },
    });
    const response = await upload({ request, params: { lang: 'en' }, url: new URL(request.url) } as never);
    return { status: response.status, body: (await response.json()) as Answer };
  };
  const sendCase = async (body: unknown) => {
    const request = new Request('http://localhost/api/nuxt/en/support/send-case', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    const response = await api.sendCase({ request, params: { lang: 'en' }, url: new URL(request.url) });
    return { status: response.status, body: (await response.json()) as Answer };
  };

  it('refuses a wrong type, a renamed executable, an oversized and an empty file, storing nothing', async () => {
    const before = await handle.db.select().from(supportAttachments);
    const text = await post(Buffer.from('just some words, not an image at all'), 'notes.png', 'image/png');
    expect(text).toMatchObject({ status: 415, body: { error: { code: 'file_wrong_format' } } });
    expect(text.body.error.message).toMatch(/Wrong file format/);
    const exe = await post(EXECUTABLE, 'holiday-photo.png', 'image/png');
    expect(exe).toMatchObject({ status: 415, body: { error: { code: 'file_wrong_format' } } });
    const big = await post(Buffer.concat([PDF, Buffer.alloc(250 * 1024, 32)]), 'big.pdf', 'application/pdf');
    expect(big).toMatchObject({ status: 413, body: { error: { code: 'file_too_large' } } });
    expect(big.body.error.message).toMatch(/size limit/);
    const empty = await post(Buffer.alloc(0), 'nothing.png');
    expect(empty).toMatchObject({ status: 400, body: { error: { code: 'file_not_loaded' } } });
    expect(await handle.db.select().from(supportAttachments)).toEqual(before);
  });

  it('keeps a PNG re-encoded without its metadata and a PDF as it is, named by their content', async () => {
    const png = await post(await pngWithMetadata(), 'C:\\Users\\me\\IMG 1.exe', 'application/x-msdownload');
    expect(png).toMatchObject({ status: 201, body: { file: { mime: 'image/png', name: 'IMG 1.png' } } });
    const [row] = await handle.db.select().from(supportAttachments).where(eq(supportAttachments.token, png.body.file.token));
    if (!row) throw new Error('no row');
    const stored = readdirSync(uploadDir).find((f) => f === row.storedName);
    expect(stored).toBeDefined();
    const metadata = await sharp(join(uploadDir, row.storedName)).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.width).toBe(32);
    const pdf = await post(PDF, 'receipt.pdf', 'application/pdf');
    expect(pdf).toMatchObject({ status: 201, body: { file: { mime: 'application/pdf', name: 'receipt.pdf', size: PDF.byteLength } } });
  });

  it('opens a case with a booking and attachments, mails the thread link, and Support’s answer reaches the thread and the mail', async () => {
    const [cart] = await handle.db
      .insert(carts)
      .values({ hash: `support-${database.name}`, lang: 'en', currency: 'THB', people: 1 })
      .returning();
    if (!cart) throw new Error('no cart');
    const [booking] = await handle.db
      .insert(bookings)
      .values({
        reference: `RS${database.name === 'pglite' ? 'PGL1' : 'PGS1'}`,
        cartId: cart.id,
        status: 'confirmed',
        email: 'Traveller@Example.com',
        lang: 'en',
        currency: 'THB',
        people: 1,
        totalMinor: 50000,
        holdExpiresAt: new Date(clock.now),
      })
      .returning();
    if (!booking) throw new Error('no booking');
    const png = await post(await pngWithMetadata(), 'ticket.png');
    const pdf = await post(PDF, 'receipt.pdf');
    const [staffUser] = await handle.db
      .insert(users)
      .values({ email: `agent-${database.name}@roamly.test`, name: 'Agent', role: 'support' })
      .returning();
    if (!staffUser) throw new Error('no staff user');
    const staff = { userId: staffUser.id, role: 'support' as const };

    // A wrong e-mail for the booking: refused, and no case kept.
    const casesBefore = (await handle.db.select().from(supportCases)).length;
    const wrong = await sendCase({
      topic: 'refund',
      message: 'My ferry was cancelled, please refund.',
      email: 'someone@example.com',
      booking: { reference: booking.reference, email: 'stranger@example.com' },
    });
    expect(wrong).toMatchObject({ status: 404, body: { error: { code: 'case_booking_not_found' } } });
    // An upload token that does not exist: refused, and the good uploads stay unattached.
    const unknown = await sendCase({
      topic: 'refund',
      message: 'My ferry was cancelled, please refund.',
      email: 'traveller@example.com',
      attachments: [png.body.file.token, '00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown).toMatchObject({ status: 422, body: { error: { code: 'invalid_case', fields: { attachments: ['unknown_upload'] } } } });
    expect((await handle.db.select().from(supportCases)).length).toBe(casesBefore);

    mails.length = 0;
    const opened = await sendCase({
      topic: 'refund',
      message: 'My ferry was cancelled, please refund.',
      email: 'traveller@example.com',
      booking: { reference: booking.reference.toLowerCase(), email: 'traveller@example.com' },
      attachments: [png.body.file.token, pdf.body.file.token],
    });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({ case: { status: 'open' }, attachments: 2 });
    expect(opened.body.case.number).toMatch(/^SC-[0-9A-Z]{8}$/);
    const [mail] = mails;
    expect(mail?.to).toBe('traveller@example.com');
    expect(mail?.subject).toContain(opened.body.case.number);
    expect(mail?.text).toContain(`http://roamly.test${opened.body.case.url}`);

    const caseId = Number(new URL(opened.body.case.url, 'http://x').searchParams.get('c'));
    const row = await caseById(handle.db, caseId);
    expect(row).toMatchObject({ bookingId: booking.id, email: 'traveller@example.com', status: 'open' });
    // An attachment is used once: a second case naming it is refused.
    const reused = await sendCase({
      topic: 'other',
      message: 'Second case, same file.',
      email: 'x@example.com',
      attachments: [pdf.body.file.token],
    });
    expect(reused.body.error.code).toBe('invalid_case');

    // The attachment: the traveller's signed link opens it, a guess without the signature does not.
    const link = new URL(opened.body.case.url, 'http://localhost');
    const attachmentUrl = (signed: boolean) =>
      new URL(
        `http://localhost/en/support/attachment?c=${String(caseId)}&a=${png.body.file.token}${signed ? `&t=${link.searchParams.get('t') ?? ''}` : ''}`,
      );
    const served = await serveAttachment({ url: attachmentUrl(true), request: new Request(attachmentUrl(true)) }, () =>
      Promise.resolve(handle.db),
    );
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const refused = await serveAttachment({ url: attachmentUrl(false), request: new Request(attachmentUrl(false)) }, () =>
      Promise.resolve(handle.db),
    );
    expect(refused.status).toBe(404);

    mails.length = 0;
    clock.now += 3_600_000;
    await replyAsStaff(deps, staff, caseId, 'We have refunded the ticket; it arrives in 5 days.');
    const thread = await caseThread(handle.db, caseId);
    expect(thread.messages.map((m) => m.author)).toEqual(['traveller', 'staff']);
    expect(thread.attachments.map((a) => a.mime).sort()).toEqual(['application/pdf', 'image/png']);
    expect((await caseById(handle.db, caseId))?.status).toBe('answered');
    const reply = mails.find((m) => m.subject.startsWith('Answer'));
    expect(reply?.text).toContain('We have refunded the ticket');
    const survey = mails.find((m) => m.text.includes('/rate-support/'));
    expect(survey?.text).toContain('/support-ces/');

    // The rating link: answered once; the second use records nothing.
    const rateHash = /\/en\/rate-support\/([^\s]+)/.exec(survey?.text ?? '')?.[1] ?? '';
    expect(verifySurveyHash('rate', rateHash)).toBeDefined();
    expect(verifySurveyHash('nps', rateHash)).toBeUndefined();
    expect(await answerSurvey(handle.db, 'rate', rateHash, { score: 5, comment: 'Quick and kind' }, new Date(clock.now))).toBe('recorded');
    expect(await answerSurvey(handle.db, 'rate', rateHash, { score: 1, comment: '' }, new Date(clock.now))).toBe('already_answered');
    expect(await answerSurvey(handle.db, 'rate', `${rateHash.slice(0, -1)}x`, { score: 1, comment: '' }, new Date(clock.now))).toBe(
      'not_found',
    );
    const answers = await caseThread(handle.db, caseId);
    expect(answers.surveys.find((s) => s.kind === 'rate')).toMatchObject({ score: 5, comment: 'Quick and kind' });
    const totals = await surveyTotals(handle.db);
    expect(totals.find((t) => t.kind === 'rate')).toMatchObject({ sent: 1, answered: 1, average: 5 });
    expect(totals.find((t) => t.kind === 'ces')).toMatchObject({ sent: 1, answered: 0, average: null });

    // A second answer from Support sends no second survey.
    mails.length = 0;
    await replyAsStaff(deps, staff, caseId, 'One more detail: the refund reference is R-1.');
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Answer/)]);
    expect((await handle.db.select().from(supportMessages).where(eq(supportMessages.caseId, caseId))).length).toBe(3);
  });
});
