/** The process's dispatcher over the real subscribers (tests build their own with createEventDispatcher). */
import { createEventDispatcher, type EventDispatcher } from './dispatch.ts';
import { SUBSCRIBERS } from './subscribers.ts';

export const eventDispatcher: EventDispatcher = createEventDispatcher(SUBSCRIBERS);
