/**
 * A local sandbox of finAPI, served by this site under /sandbox-finapi (as Yuno's is under
 * /sandbox-yuno), so the default setup and the tests need no outside network. It answers the
 * calls the shop makes (client.ts) in finAPI's published shapes (shapes.ts): the OAuth password
 * grant (checking the client and the user), Web Form 2.0's standalone payment and web form
 * status, Access's payments and money transfers; it keeps Idempotency-Key answers and remembers
 * its state in `provider_sandbox_records`, what finAPI keeps on its side.
 *
 * Its web form page (src/pages/sandbox-finapi/webform/[id].astro) plays the bank: the traveller
 * picks the test bank, gives the account the money leaves, and approves or cancels. The payment
 * is made, the form finalised, finAPI's callback posted to the URL the shop registered, and the
 * traveller sent to the redirect URL the shop added to the form's URL.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { createSandboxStore, jsonAnswer, readJsonBody } from '../sandboxStore.ts';
import type { Fetch } from './client.ts';
import type { FinapiSettings } from './config.ts';
import { moneyTransferRequest, standalonePaymentRequest, webFormCallback, type FinapiPayment, type WebForm } from './shapes.ts';

const PROVIDER = 'finapi';

/** Web Form 2.0's forms expire after a while; the shop's hold is shorter and decides. */
const WEB_FORM_MINUTES = 60;
const TOKEN_SECONDS = 3600;

/** The test account a traveller pays from in the sandbox (a valid German test IBAN). */
export const SANDBOX_PAYER_IBAN = 'DE02120300000000202051';

interface SandboxWebForm extends WebForm {
  request: z.infer<typeof standalonePaymentRequest>;
}

export interface FinapiSandboxOptions {
  db: Db;
  settings: () => FinapiSettings;
  now?: () => number;
  /** Where the sandbox's web form pages are (the URL web forms answer with). */
  webFormPageUrl: (id: string) => string;
  /** How the sandbox reaches the shop's callback; the tests hand it the shop's handler. */
  post?: Fetch;
}

const answer = jsonAnswer;

/** finAPI's error answer: `{ errors: [{ message, code, type }] }`. */
const refusal = (status: number, code: string, message: string) =>
  answer(status, { errors: [{ message, code, type: status === 401 ? 'TECHNICAL' : 'BUSINESS' }], date: new Date().toISOString() });

/** A record as finAPI shows it: without what the sandbox keeps for itself (a form's request, a payment's direction). */
function omit(record: object, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));
}

const round2 = (value: number) => Math.round(value * 1000) / 1000;

export function createFinapiSandbox(options: FinapiSandboxOptions) {
  const { db } = options;
  const now = options.now ?? (() => Date.now());
  const iso = (ms = now()) => new Date(ms).toISOString();

  const { load, save, where, onceFor } = createSandboxStore(db, PROVIDER, now);

  async function issueToken(request: Request): Promise<Response> {
    const form = new URLSearchParams(await request.text());
    const s = options.settings();
    if (form.get('grant_type') !== 'password') return refusal(400, 'BAD_REQUEST', 'unsupported grant_type');
    if (form.get('client_id') !== s.clientId || form.get('client_secret') !== s.clientSecret)
      return refusal(401, 'UNAUTHORIZED', 'invalid client');
    if (form.get('username') !== s.username || form.get('password') !== s.password) return refusal(401, 'UNAUTHORIZED', 'invalid user');
    const token = randomUUID();
    await save('token', token, { until: now() + TOKEN_SECONDS * 1000 });
    return answer(200, { access_token: token, token_type: 'bearer', expires_in: TOKEN_SECONDS, scope: 'all' });
  }

  async function authorised(request: Request): Promise<boolean> {
    const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
    const stored = token ? await load<{ until: number }>('token', token) : undefined;
    return stored !== undefined && stored.until > now();
  }

  /** The web form as finAPI answers it (without what the sandbox keeps for itself). */
  function publicForm(form: SandboxWebForm): WebForm {
    return omit(form, 'request') as WebForm;
  }

  async function createWebForm(request: Request): Promise<Response> {
    const parsed = standalonePaymentRequest.safeParse(await readJsonBody(request));
    if (!parsed.success) return refusal(422, 'BAD_REQUEST', parsed.error.issues.map((i) => i.path.join('.')).join(', '));
    const id = randomUUID();
    const form: SandboxWebForm = {
      id,
      url: options.webFormPageUrl(id),
      createdAt: iso(),
      expiresAt: iso(now() + WEB_FORM_MINUTES * 60_000),
      type: 'STANDALONE_PAYMENT',
      status: 'NOT_YET_OPENED',
      payload: {},
      request: parsed.data,
    };
    await save('webform', id, form);
    return answer(201, publicForm(form));
  }

  async function currentForm(id: string): Promise<SandboxWebForm | undefined> {
    const form = await load<SandboxWebForm>('webform', id);
    if (form && (form.status === 'NOT_YET_OPENED' || form.status === 'IN_PROGRESS') && Date.parse(form.expiresAt) < now()) {
      const expired: SandboxWebForm = { ...form, status: 'EXPIRED' };
      await save('webform', id, expired);
      return expired;
    }
    return form;
  }

  async function moneyTransfer(request: Request): Promise<Response> {
    const parsed = moneyTransferRequest.safeParse(await readJsonBody(request));
    if (!parsed.success) return refusal(422, 'BAD_REQUEST', parsed.error.issues.map((i) => i.path.join('.')).join(', '));
    if (parsed.data.accountId !== options.settings().accountId) return refusal(422, 'ENTITY_NOT_FOUND', 'unknown accountId');
    const [order] = parsed.data.orders;
    if (!order) return refusal(422, 'BAD_REQUEST', 'orders');
    // The sandbox's one rule about money: the shop gives back no more than an account paid it.
    const received = (await where<FinapiPayment & { direction: string }>('payment', 'iban', order.counterpartIban)).filter(
      (p) => p.direction === 'in' && p.status === 'SUCCESSFUL',
    );
    const sentBack = await where<FinapiPayment & { direction: string }>('payment', 'counterpartIban', order.counterpartIban);
    const paidIn = round2(received.reduce((sum, p) => sum + p.amount, 0));
    const paidOut = round2(sentBack.reduce((sum, p) => sum + p.amount, 0));
    if (order.amount > round2(paidIn - paidOut) + 1e-9) return refusal(422, 'INSUFFICIENT_FUNDS', 'more than this account paid in');
    const transfer = {
      id: randomInt(1, 2 ** 31 - 1),
      accountId: parsed.data.accountId,
      iban: options.settings().recipientIban,
      counterpartIban: order.counterpartIban,
      type: 'MONEY_TRANSFER',
      amount: order.amount,
      currencyCode: order.currencyCode ?? 'EUR',
      status: 'SUCCESSFUL' as const,
      requestDate: iso(),
      direction: 'out',
    };
    await save('payment', String(transfer.id), transfer);
    return answer(201, omit(transfer, 'direction'));
  }

  /** finAPI's REST calls the shop makes (Access and Web Form 2.0 under one base path). */
  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^.*?(?=\/api\/)/, '');
    if (request.method === 'POST' && path === '/api/v2/oauth/token') return issueToken(request);
    if (!(await authorised(request))) return refusal(401, 'UNAUTHORIZED', 'invalid or expired access token');
    const key = request.headers.get('idempotency-key');
    if (request.method === 'POST' && path === '/api/webForms/standalonePayment') return onceFor(key, () => createWebForm(request));
    const formPath = /^\/api\/webForms\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && formPath) {
      const form = await currentForm(formPath[1] ?? '');
      return form ? answer(200, publicForm(form)) : refusal(404, 'ENTITY_NOT_FOUND', 'no such web form');
    }
    if (request.method === 'GET' && path === '/api/v2/payments') {
      const ids = (url.searchParams.get('ids') ?? '').split(',').filter((id) => /^\d+$/.test(id));
      const found = await Promise.all(ids.map((id) => load<FinapiPayment & { direction?: string }>('payment', id)));
      const payments = found.filter((p) => p !== undefined).map((p) => omit(p, 'direction'));
      return answer(200, { payments, paging: { page: 1, perPage: ids.length, pageCount: 1, totalCount: payments.length } });
    }
    if (request.method === 'POST' && path === '/api/v2/payments/moneyTransfers') {
      if (!key) return refusal(422, 'BAD_REQUEST', 'Idempotency-Key is required');
      return onceFor(key, () => moneyTransfer(request));
    }
    return refusal(404, 'ENTITY_NOT_FOUND', 'no such operation in the sandbox');
  }

  /** The form behind the bank page, marked opened; undefined when unknown, finalised or expired. */
  async function openForm(id: string): Promise<{ form: SandboxWebForm; amount: { value: number; currency: string } } | undefined> {
    if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
    const form = await currentForm(id);
    const order = form?.request.orders[0];
    if (!form || !order || (form.status !== 'NOT_YET_OPENED' && form.status !== 'IN_PROGRESS')) return undefined;
    if (form.status === 'NOT_YET_OPENED') await save('webform', id, { ...form, status: 'IN_PROGRESS' });
    return { form, amount: order.amount };
  }

  /** finAPI's `finalised` callback to the URL the shop registered; finAPI ignores the answer. */
  async function postCallback(form: SandboxWebForm): Promise<boolean> {
    const target = form.request.callbacks?.finalised;
    if (!target) return false;
    const body = JSON.stringify(webFormCallback.parse({ webFormId: form.id, status: form.status }));
    const post = options.post ?? ((url, init) => fetch(url, init));
    try {
      return (await post(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).ok;
    } catch {
      // The traveller's return (pay/finapi-payment-result) asks finAPI what a lost callback did not say.
      return false;
    }
  }

  /**
   * The bank page's submit: `approve` pays the order from the given account, `abort` ends the form.
   * Either way the form is finalised and the callback posted.
   */
  async function finalise(
    id: string,
    choice: { action: 'approve'; iban: string } | { action: 'abort' },
  ): Promise<{ kind: 'done'; form: WebForm; payment?: FinapiPayment } | { kind: 'gone' } | { kind: 'invalid_iban' }> {
    const opened = await openForm(id);
    if (!opened) return { kind: 'gone' };
    const iban = choice.action === 'approve' ? choice.iban.replace(/\s+/g, '').toUpperCase() : '';
    if (choice.action === 'approve' && !/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return { kind: 'invalid_iban' };
    let payment: (FinapiPayment & { direction: string }) | undefined;
    if (choice.action === 'approve') {
      payment = {
        id: randomInt(1, 2 ** 31 - 1),
        iban,
        type: 'MONEY_TRANSFER',
        amount: opened.amount.value,
        currencyCode: opened.amount.currency,
        status: 'SUCCESSFUL',
        requestDate: iso(),
        direction: 'in',
      };
      await save('payment', String(payment.id), payment);
    }
    const form: SandboxWebForm = {
      ...opened.form,
      status: payment ? 'COMPLETED' : 'ABORTED',
      payload: payment ? { paymentId: payment.id } : { errorCode: 'ABORTED', errorMessage: 'The user cancelled the web form' },
    };
    await save('webform', id, form);
    await postCallback(form);
    if (!payment) return { kind: 'done', form: publicForm(form) };
    return { kind: 'done', form: publicForm(form), payment: omit(payment, 'direction') as FinapiPayment };
  }

  /** Where the bank page may send the traveller: only back to the shop that made the form. */
  async function redirectAllowed(id: string, target: string | null): Promise<string | undefined> {
    const form = await load<SandboxWebForm>('webform', id);
    const callback = form?.request.callbacks?.finalised;
    if (!target || !callback) return undefined;
    try {
      return new URL(target).origin === new URL(callback).origin ? target : undefined;
    } catch {
      return undefined;
    }
  }

  return { handle, openForm, finalise, redirectAllowed, postCallback, load, save };
}

export type FinapiSandbox = ReturnType<typeof createFinapiSandbox>;
