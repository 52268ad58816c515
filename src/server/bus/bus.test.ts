import { afterEach, describe, expect, it } from 'vitest';
import { createBus, type Bus } from './bus.ts';
import { localTransport } from './transports.ts';
import { channelOf } from './topics.ts';

const opened: Bus[] = [];
afterEach(async () => {
  for (const bus of opened.splice(0)) await bus.close();
});

function bus(onDropped?: (topic: string, reason: string) => void): Bus {
  const b = createBus(localTransport(), onDropped);
  opened.push(b);
  return b;
}

const next = () => new Promise((resolve) => setImmediate(resolve));

describe('the bus (in-process transport)', () => {
  it('delivers a published message to every subscriber, in another bus of the same process too', async () => {
    const seen: number[] = [];
    await bus().subscribe('inventory_changed', ({ version }) => seen.push(version));
    await bus().subscribe('inventory_changed', ({ version }) => seen.push(version * 10));
    await bus().publish('inventory_changed', { version: 7 });
    await next();
    expect(seen.sort()).toEqual([7, 70]);
  });

  it('stops delivering after unsubscribe', async () => {
    const seen: number[] = [];
    const b = bus();
    const stop = await b.subscribe('inventory_changed', ({ version }) => seen.push(version));
    await stop();
    await b.publish('inventory_changed', { version: 1 });
    await next();
    expect(seen).toEqual([]);
  });

  it('refuses to publish a message its topic does not allow', async () => {
    // @ts-expect-error — the wrong shape on purpose
    await expect(bus().publish('inventory_changed', { version: 'seven' })).rejects.toThrow();
  });

  it('drops and reports a garbled message instead of handing it on', async () => {
    const dropped: string[] = [];
    const seen: unknown[] = [];
    await bus((topic, reason) => dropped.push(`${topic}: ${reason}`)).subscribe('inventory_changed', (m) => seen.push(m));
    // What another program could NOTIFY on the channel.
    await localTransport().publish(channelOf('inventory_changed'), '{"version":-1}');
    await localTransport().publish(channelOf('inventory_changed'), 'not json');
    await next();
    expect(seen).toEqual([]);
    expect(dropped).toHaveLength(2);
  });
});
