/**
 * Publish and subscribe across every server process of one deployment. Three transports behind
 * one interface, chosen by configuration (transports.ts):
 *   - Redis pub/sub when REDIS_URL is set;
 *   - PostgreSQL NOTIFY / LISTEN when DATABASE_URL is set (the default scale-out path);
 *   - in-process for embedded PGlite, which only one process can open anyway.
 * Topics and their zod schemas are in topics.ts.
 */
import type { z } from 'zod';
import { channelOf, topicMessages, type Topic, type TopicMessage } from './topics.ts';

/** Raw text messages on wire channels: what a transport carries. */
export interface Transport {
  readonly kind: 'redis' | 'postgres' | 'local';
  publish(channel: string, text: string): Promise<void>;
  /** Starts delivering `channel` to `onText`; resolves once the subscription is live. */
  listen(channel: string, onText: (text: string) => void): Promise<void>;
  unlisten(channel: string): Promise<void>;
  close(): Promise<void>;
}

export type Handler<T extends Topic> = (message: TopicMessage<T>) => void;

export interface Bus {
  readonly transport: Transport['kind'];
  publish<T extends Topic>(topic: T, message: TopicMessage<T>): Promise<void>;
  /** Resolves once messages published from then on will arrive; call the returned function to stop. */
  subscribe<T extends Topic>(topic: T, handler: Handler<T>): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export function createBus(transport: Transport, onDropped: (topic: Topic, reason: string) => void = () => undefined): Bus {
  const handlers = new Map<Topic, Set<(message: unknown) => void>>();

  function deliver(topic: Topic, text: string): void {
    let parsed: unknown;
    try {
      parsed = (topicMessages[topic] as z.ZodType).parse(JSON.parse(text));
    } catch (error) {
      onDropped(topic, error instanceof Error ? error.message : String(error));
      return;
    }
    for (const handler of handlers.get(topic) ?? []) {
      try {
        handler(parsed);
      } catch (error) {
        onDropped(topic, `handler failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  return {
    transport: transport.kind,
    async publish(topic, message) {
      const checked = (topicMessages[topic] as z.ZodType).parse(message);
      await transport.publish(channelOf(topic), JSON.stringify(checked));
    },
    async subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        handlers.set(topic, (set = new Set()));
        await transport.listen(channelOf(topic), (text) => {
          deliver(topic, text);
        });
      }
      const entry = handler as (message: unknown) => void;
      set.add(entry);
      return async () => {
        set.delete(entry);
        if (set.size === 0 && handlers.get(topic) === set) {
          handlers.delete(topic);
          await transport.unlisten(channelOf(topic));
        }
      };
    },
    close: () => transport.close(),
  };
}
