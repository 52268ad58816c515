import { describe, expect, it } from 'vitest';
import { createMailQueue } from './mailQueue.ts';

describe('createMailQueue', () => {
  it('runs one job at a time, in order, and resolves each when it ran', async () => {
    const log: string[] = [];
    let inFlight = 0;
    let most = 0;
    const queue = createMailQueue(async (id) => {
      inFlight++;
      most = Math.max(most, inFlight);
      log.push(`start ${String(id)}`);
      await new Promise((r) => setTimeout(r, 5));
      log.push(`end ${String(id)}`);
      inFlight--;
    });
    await Promise.all([1, 2, 3].map((id) => queue.enqueue(id)));
    expect(most).toBe(1);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
    expect(queue.size).toBe(0);
  });

  it('keeps going after a job fails', async () => {
    const sent: number[] = [];
    const queue = createMailQueue((id) => (id === 1 ? Promise.reject(new Error('smtp down')) : Promise.resolve(void sent.push(id))));
    await Promise.all([queue.enqueue(1), queue.enqueue(2)]);
    expect(sent).toEqual([2]);
  });

  it('runs up to the given number of jobs at once', async () => {
    let inFlight = 0;
    let most = 0;
    const queue = createMailQueue(async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
    }, 2);
    await Promise.all([1, 2, 3, 4].map((id) => queue.enqueue(id)));
    expect(most).toBe(2);
  });
});
