import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { watchStalledReader } from './stalled-reader';

/** Enough of a response for the watcher: its buffer state and its 'drain' and 'close' events. */
function fakeResponse() {
  return Object.assign(new EventEmitter(), { writableNeedDrain: false });
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('watchStalledReader', () => {
  test('fires once the buffer has stayed full, with no drain, for the threshold', () => {
    // On the test's own clock: on a loaded machine real timers fire late, and 120 ms of real time was
    // not always enough for a 40 ms threshold looked at every 10 ms.
    jest.useFakeTimers();
    try {
      const response = fakeResponse();
      let stalled = 0;
      watchStalledReader(response as unknown as ServerResponse, 40, () => (stalled += 1));
      response.writableNeedDrain = true;
      jest.advanceTimersByTime(30);
      expect(stalled).toBe(0);
      jest.advanceTimersByTime(90);
      expect(stalled).toBe(1);
      jest.advanceTimersByTime(200);
      expect(stalled).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });

  test('a client that drains now and then, or keeps up, is never cut', async () => {
    const response = fakeResponse();
    let stalled = 0;
    watchStalledReader(response as unknown as ServerResponse, 60, () => (stalled += 1));
    response.writableNeedDrain = true;
    for (let i = 0; i < 8; i += 1) {
      await sleep(25);
      response.emit('drain');
    }
    response.writableNeedDrain = false;
    await sleep(100);
    expect(stalled).toBe(0);
  });

  test('time the thread was held up does not count: a drain waiting behind it is heard before a cut', async () => {
    const response = fakeResponse();
    let stalled = 0;
    watchStalledReader(response as unknown as ServerResponse, 40, () => (stalled += 1));
    response.writableNeedDrain = true;
    await sleep(15);
    // The client reads meanwhile, but its drain can only be heard once the thread is free again, after
    // the overdue looks (timers run before I/O and immediates): as an embedded database's long query does.
    setImmediate(() => {
      response.writableNeedDrain = false;
      response.emit('drain');
    });
    const heldUntil = performance.now() + 150;
    while (performance.now() < heldUntil) {
      // held up
    }
    await sleep(60);
    expect(stalled).toBe(0);
  });

  test('stops watching when the response closes', async () => {
    const response = fakeResponse();
    let stalled = 0;
    watchStalledReader(response as unknown as ServerResponse, 40, () => (stalled += 1));
    response.emit('close');
    response.writableNeedDrain = true;
    await sleep(120);
    expect(stalled).toBe(0);
  });
});
