/**
 * Session replay (issue 25 item 5, SPEC §9: 3 % of sessions, every session on the money path),
 * with rrweb's recorder rather than a home-made one. Loaded by the collector only for a sampled
 * session whose consent allows statistics. Every input's value is masked (what travellers type —
 * names, passports, cards — never leaves the browser) and chunks go out every 10 s and when the
 * page is hidden.
 */
import { record } from 'rrweb';

const CHUNK_INTERVAL_MS = 10_000;

export function startReplay(url: string, sessionId: string): () => void {
  let events: unknown[] = [];
  let seq = 0;
  const send = (keepalive: boolean) => {
    if (events.length === 0) return;
    const body = JSON.stringify({ session: sessionId, seq: seq++, path: location.pathname, events: JSON.stringify(events) });
    events = [];
    // keepalive bodies are limited to 64 KB: a larger chunk on the way out is dropped by the browser.
    void fetch(url, {
      method: 'POST',
      body,
      keepalive: keepalive && body.length < 60_000,
      headers: { 'content-type': 'application/json' },
    }).catch(() => undefined);
  };
  const stopRecording = record({
    emit(event) {
      events.push(event);
    },
    maskAllInputs: true,
    blockSelector: '[data-no-replay]',
  });
  const timer = setInterval(() => {
    send(false);
  }, CHUNK_INTERVAL_MS);
  const onHide = () => {
    if (document.visibilityState === 'hidden') send(true);
  };
  document.addEventListener('visibilitychange', onHide);
  return () => {
    stopRecording?.();
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onHide);
    events = [];
  };
}
