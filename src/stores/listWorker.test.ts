import { describe, expect, it } from 'vitest';
import { answerListRequest, type ListRequest, type ListResponse } from '../domain/results/listWork.ts';
import { makeTrip } from '../domain/results/testTrips.ts';
import { createListClient, type WorkerLike } from './listWorker.ts';

/** A worker stand-in that answers like list.worker.ts, asynchronously. */
function fakeWorker(): WorkerLike {
  let listener: ((event: MessageEvent<ListResponse>) => void) | undefined;
  return {
    postMessage(message: ListRequest) {
      setTimeout(() => listener?.({ data: answerListRequest(message) } as MessageEvent<ListResponse>), 0);
    },
    addEventListener(_type, l) {
      listener = l;
    },
  };
}

describe('list worker client', () => {
  it('sorts and filters in the worker', async () => {
    const client = createListClient(fakeWorker());
    const trips = [
      makeTrip({ key: 'b', dep: '09:00', arr: '10:00', price: 20 }),
      makeTrip({ key: 'a', dep: '08:00', arr: '09:00', price: 10 }),
    ];
    const products = await client.call('sortAndFilterProducts', { trips, view: { sort: 'cheapest', tab: 'all', selected: {} } });
    expect(products.map((t) => t.key)).toEqual(['a', 'b']);
  });

  it('drops approximate trips and past next dates', async () => {
    const client = createListClient(fakeWorker());
    const trips = [
      makeTrip({ key: 'a', dep: '08:00', arr: '09:00', price: 10 }),
      { ...makeTrip({ key: 'x', dep: '08:00', arr: '09:00', price: 1 }), approximate: true },
    ];
    expect((await client.call('makeProductList', trips)).map((t) => t.key)).toEqual(['a']);
    const dates = await client.call('makeActualNextTripDates', {
      today: '2026-12-02',
      dates: [
        { date: '2026-12-05', title: 'b' },
        { date: '2026-12-01', title: 'past' },
        { date: '2026-12-03', title: 'a' },
        { date: '2026-12-05', title: 'again' },
      ],
    });
    expect(dates.map((d) => d.title)).toEqual(['a', 'b']);
  });

  it('rejects a call without data with "No data returned in: {function}"', async () => {
    const client = createListClient(fakeWorker());
    await expect(client.call('sortAndFilterProducts', undefined)).rejects.toThrow('No data returned in: sortAndFilterProducts');
  });
});
