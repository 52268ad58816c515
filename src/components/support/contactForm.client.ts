/**
 * The "Contact us" form (contact.astro): uploads each chosen file as the body of
 * POST /{lang}/file/upload (no cookies, SPEC §7), then opens the case with support/send-case and
 * the upload tokens. Refusals are shown with the server's translated message (SPEC §5: not
 * loaded, wrong format, size limit), prefixed with the file's name. Texts come from the form's
 * data attributes, so the script carries no translations.
 */
interface ErrorEnvelope {
  error?: { message?: string };
}

async function errorMessage(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as ErrorEnvelope;
    return body.error?.message ?? fallback;
  } catch {
    return fallback;
  }
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\[(\w+)\]/g, (whole, name: string) => values[name] ?? whole);
}

async function loadOwnBookings(form: HTMLFormElement, lang: string): Promise<void> {
  const box = form.querySelector<HTMLElement>('[data-own-bookings]');
  const select = box?.querySelector('select');
  if (!box || !select) return;
  // Only signed-in travellers have bookings to pick; for visitors the call answers 401 and nothing shows.
  if (!document.cookie.split('; ').some((c) => c.startsWith('user_id='))) return;
  const response = await fetch(`/api/nuxt/${lang}/user/bookings`, { credentials: 'same-origin' }).catch(() => undefined);
  if (!response?.ok) return;
  const { bookings } = (await response.json()) as { bookings?: { reference: string }[] };
  if (!bookings?.length) return;
  for (const booking of bookings) select.add(new Option(booking.reference, booking.reference));
  // "Contact us about this booking" (the booking list) names it in the address.
  const named = form.querySelector<HTMLInputElement>('#case-reference')?.value;
  if (named && bookings.some((b) => b.reference === named)) select.value = named;
  box.hidden = false;
  select.addEventListener('change', () => {
    const reference = form.querySelector<HTMLInputElement>('#case-reference');
    if (reference) reference.value = select.value;
  });
}

export function runContactForm(form: HTMLFormElement): void {
  const data = form.dataset;
  const lang = data.lang ?? 'en';
  const status = form.querySelector<HTMLElement>('[data-status]');
  const error = form.querySelector<HTMLElement>('[data-error]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const say = (text: string) => status && (status.textContent = text);
  const fail = (text: string): void => {
    if (error) error.textContent = text;
    say('');
    if (button) button.disabled = false;
  };
  // A link from a booking ("Contact us about this booking") carries its reference.
  const askedReference = new URLSearchParams(window.location.search).get('booking');
  const referenceField = form.querySelector<HTMLInputElement>('#case-reference');
  if (askedReference && referenceField && /^[\w-]{1,32}$/.test(askedReference)) referenceField.value = askedReference;
  void loadOwnBookings(form, lang);

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    if (error) error.textContent = '';
    void (async () => {
      const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value.trim() ?? '';
      const files = [...((form.elements.namedItem('files') as HTMLInputElement | null)?.files ?? [])];
      if (files.length > Number(data.maxFiles ?? 5)) {
        fail(data.tooMany ?? '');
        return;
      }
      if (button) button.disabled = true;
      const tokens: string[] = [];
      for (const file of files) {
        say(fill(data.uploading ?? '', { name: file.name }));
        const response = await fetch(`/${lang}/file/upload`, {
          method: 'POST',
          body: file,
          credentials: 'omit',
          headers: { 'content-type': file.type || 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name) },
        }).catch(() => undefined);
        if (!response) {
          fail(data.failed ?? '');
          return;
        }
        if (!response.ok) {
          fail(`${file.name}: ${await errorMessage(response, data.failed ?? '')}`);
          return;
        }
        tokens.push(((await response.json()) as { file: { token: string } }).file.token);
      }
      say(data.sending ?? '');
      const reference = field('reference');
      const bookingEmail = field('bookingEmail');
      const body = {
        topic: field('topic'),
        message: field('message'),
        ...(field('email') ? { email: field('email') } : {}),
        ...(reference ? { booking: { reference, ...(bookingEmail ? { email: bookingEmail } : {}) } } : {}),
        attachments: tokens,
      };
      const response = await fetch(`/api/nuxt/${lang}/support/send-case`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
      }).catch(() => undefined);
      if (!response) {
        fail(data.failed ?? '');
        return;
      }
      if (!response.ok) {
        fail(await errorMessage(response, data.failed ?? ''));
        return;
      }
      const opened = (await response.json()) as { case: { number: string; url: string } };
      form.reset();
      if (button) button.disabled = false;
      if (status) {
        status.textContent = `${fill(data.opened ?? '', { number: opened.case.number })} `;
        const link = document.createElement('a');
        link.href = opened.case.url;
        link.textContent = data.openLink ?? '';
        status.append(link);
      }
    })();
  });
}
