/**
 * The live chat's browser side (SupportChat.astro), loaded on the traveller's click: shows the
 * conversation, sends lines with POST chatProxy/{userId}, and keeps one long-poll GET open
 * (`wait`) so Support's answers appear as soon as any server process stores them. Lines are
 * written with textContent (never as HTML). A failed poll waits a little before asking again.
 */
import { featureAllowed } from '../../domain/bots.ts';

interface Line {
  id: number;
  author: 'traveller' | 'staff';
  body: string;
  at: string;
  staff_name: string | null;
}
interface ChatAnswer {
  user_id: string | null;
  case: { number: string; status: string } | null;
  needs_email?: boolean;
  messages?: Line[];
  message?: Line;
  error?: { message?: string; fields?: Record<string, string[]> };
}

const WAIT_S = 25;
const RETRY_MS = 3000;

export function startChat(root: HTMLElement): void {
  // SPEC §1: no chat for bots, even if one clicks.
  if (!featureAllowed('chat', navigator.userAgent)) return;
  const panel = root.querySelector<HTMLElement>('[data-chat-panel]');
  const log = root.querySelector<HTMLOListElement>('[data-chat-log]');
  const scroller = root.querySelector<HTMLElement>('[data-chat-scroll]');
  const form = root.querySelector<HTMLFormElement>('[data-chat-form]');
  const emailRow = root.querySelector<HTMLElement>('[data-chat-email]');
  const errorBox = root.querySelector<HTMLElement>('[data-chat-error]');
  const caseBox = root.querySelector<HTMLElement>('[data-chat-case]');
  const openButton = root.querySelector<HTMLButtonElement>('[data-chat-open]');
  if (!panel || !log || !form || !emailRow || !errorBox || !caseBox) return;
  const { lang = 'en' } = root.dataset;
  const staff = root.dataset.staff !== undefined;
  const texts = root.dataset;
  const time = new Intl.DateTimeFormat(document.documentElement.lang || undefined, { timeStyle: 'short' });
  let userId = root.dataset.user ?? 'me';
  let after = 0;
  let polling = false;
  const shown = new Set<number>();

  panel.hidden = false;
  openButton?.setAttribute('aria-expanded', 'true');
  openButton?.setAttribute('hidden', '');
  form.querySelector('textarea')?.focus();

  function show(lines: readonly Line[]): void {
    for (const line of lines) {
      after = Math.max(after, line.id);
      if (shown.has(line.id)) continue;
      shown.add(line.id);
      const mine = (line.author === 'staff') === staff;
      const item = document.createElement('li');
      item.className = mine ? 'mine' : 'theirs';
      const who = document.createElement('p');
      const name = document.createElement('strong');
      const support = line.staff_name ? `${texts.textSupport ?? ''} (${line.staff_name})` : (texts.textSupport ?? '');
      name.textContent = mine ? (texts.textYou ?? '') : line.author === 'staff' ? support : (texts.textTraveller ?? '');
      const at = document.createElement('time');
      at.dateTime = line.at;
      at.textContent = ` · ${time.format(new Date(line.at))}`;
      who.append(name, at);
      const body = document.createElement('p');
      body.textContent = line.body;
      item.append(who, body);
      log?.append(item);
    }
    scroller?.scrollTo({ top: scroller.scrollHeight });
  }

  function showCase(answer: ChatAnswer): void {
    if (answer.case && caseBox) caseBox.textContent = (texts.textCase ?? '').replace('[number]', answer.case.number);
  }

  async function ask(wait: number): Promise<ChatAnswer> {
    const response = await fetch(`/api/nuxt/${lang}/chatProxy/${encodeURIComponent(userId)}?after=${String(after)}&wait=${String(wait)}`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(String(response.status));
    return (await response.json()) as ChatAnswer;
  }

  async function poll(): Promise<void> {
    if (polling) return;
    polling = true;
    for (;;) {
      try {
        const answer = await ask(WAIT_S);
        showCase(answer);
        show(answer.messages ?? []);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const field = (name: string) => form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name=${name}]`)?.value.trim() ?? '';
    const message = field('message');
    if (!message) return;
    const email = field('email');
    const ticket = root.dataset.ticketBooking
      ? { booking: Number(root.dataset.ticketBooking), token: root.dataset.ticketToken ?? '' }
      : undefined;
    const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
    if (button) button.disabled = true;
    errorBox.textContent = '';
    void fetch(`/api/nuxt/${lang}/chatProxy/${encodeURIComponent(userId)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ message, ...(email && !emailRow.hidden ? { email } : {}), ...(ticket ? { ticket } : {}) }),
    })
      .then(async (response) => {
        const answer = (await response.json().catch(() => ({}))) as ChatAnswer;
        if (!response.ok || !answer.message) {
          if (answer.error?.fields?.email) emailRow.hidden = false;
          errorBox.textContent = answer.error?.message ?? texts.textFailed ?? '';
          return;
        }
        if (answer.user_id) userId = answer.user_id;
        emailRow.hidden = true;
        form.reset();
        showCase(answer);
        show([answer.message]);
        void poll();
      })
      .catch(() => {
        errorBox.textContent = texts.textFailed ?? '';
      })
      .finally(() => {
        if (button) button.disabled = false;
        form.querySelector('textarea')?.focus();
      });
  });

  // The conversation so far (a reload keeps it), then wait for what comes next.
  void ask(0)
    .then((answer) => {
      if (answer.user_id) userId = answer.user_id;
      emailRow.hidden = !answer.needs_email || root.dataset.ticketBooking !== undefined;
      showCase(answer);
      show(answer.messages ?? []);
      if (answer.case) void poll();
    })
    .catch(() => {
      errorBox.textContent = texts.textFailed ?? '';
    });
}
