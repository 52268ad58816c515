/**
 * A small client of finAPI: the calls the shop makes, each answer parsed with the published
 * shapes (shapes.ts). Authentication is finAPI's OAuth password grant for the shop's own finAPI
 * user (client id and secret + user name and password); the token is kept until shortly before
 * it expires. Every call that changes something carries an `Idempotency-Key`, so a call repeated
 * after a timeout is the same web form or transfer at finAPI, not a second one.
 * `fetch` is injectable: the contract tests hand it the local sandbox, with no network at all.
 */
import type { z } from 'zod';
import type { FinapiSettings } from './config.ts';
import {
  moneyTransferRequest,
  finapiPayment,
  paymentsAnswer,
  tokenAnswer,
  webFormAnswer,
  type MoneyTransferRequest,
  type StandalonePaymentRequest,
} from './shapes.ts';

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** finAPI answered something the shop cannot use (down, refused, or off its published shape). */
export class FinapiError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'FinapiError';
    this.status = status;
  }
}

/** A token is renewed this long before finAPI says it expires. */
const TOKEN_MARGIN_MS = 60_000;

type ClientSettings = Pick<FinapiSettings, 'apiUrl' | 'webFormUrl' | 'clientId' | 'clientSecret' | 'username' | 'password'>;

export function createFinapiClient(settings: ClientSettings, fetchImpl: Fetch = fetch, now: () => number = Date.now) {
  let token: { value: string; until: number } | undefined;

  async function send(method: 'GET' | 'POST', url: string, init: { headers: Record<string, string>; body?: string }): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method,
        headers: { accept: 'application/json', ...init.headers },
        ...(init.body === undefined ? {} : { body: init.body }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new FinapiError(`finAPI unreachable: ${error instanceof Error ? error.message : String(error)}`, 503);
    }
    const text = await response.text();
    const path = new URL(url).pathname;
    if (!response.ok)
      throw new FinapiError(`finAPI ${method} ${path}: HTTP ${String(response.status)} ${text.slice(0, 200)}`, response.status);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new FinapiError(`finAPI ${method} ${path}: not JSON`, 502);
    }
  }

  function parse<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new FinapiError(`finAPI ${what}: unexpected answer (${parsed.error.message.slice(0, 200)})`, 502);
    return parsed.data;
  }

  async function accessToken(): Promise<string> {
    if (token && token.until > now()) return token.value;
    const form = new URLSearchParams({
      grant_type: 'password',
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      username: settings.username,
      password: settings.password,
    });
    const answer = parse(
      tokenAnswer,
      await send('POST', `${settings.apiUrl}/api/v2/oauth/token`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      }),
      'token',
    );
    token = { value: answer.access_token, until: now() + answer.expires_in * 1000 - TOKEN_MARGIN_MS };
    return token.value;
  }

  async function call<T extends z.ZodType>(
    method: 'GET' | 'POST',
    url: string,
    answer: T,
    options: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<z.infer<T>> {
    const headers: Record<string, string> = { authorization: `Bearer ${await accessToken()}` };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    return parse(
      answer,
      await send(method, url, { headers, ...(body === undefined ? {} : { body }) }),
      `${method} ${new URL(url).pathname}`,
    );
  }

  return {
    /** POST /api/webForms/standalonePayment (Web Form 2.0) */
    createStandalonePayment: (body: StandalonePaymentRequest, idempotencyKey: string) =>
      call('POST', `${settings.webFormUrl}/api/webForms/standalonePayment`, webFormAnswer, { body, idempotencyKey }),
    /** GET /api/webForms/{id} (Web Form 2.0) */
    webForm: (id: string) => call('GET', `${settings.webFormUrl}/api/webForms/${encodeURIComponent(id)}`, webFormAnswer),
    /** GET /api/v2/payments?ids= (Access) */
    payment: async (id: number) => {
      const answer = await call('GET', `${settings.apiUrl}/api/v2/payments?ids=${String(id)}`, paymentsAnswer);
      return answer.payments.find((p) => p.id === id);
    },
    /** POST /api/v2/payments/moneyTransfers (Access): the shop's own transfer, used for refunds. */
    moneyTransfer: (body: MoneyTransferRequest, idempotencyKey: string) =>
      call('POST', `${settings.apiUrl}/api/v2/payments/moneyTransfers`, finapiPayment, {
        body: moneyTransferRequest.parse(body),
        idempotencyKey,
      }),
  };
}

export type FinapiClient = ReturnType<typeof createFinapiClient>;
