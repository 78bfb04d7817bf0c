import { coalescedNudge } from './dispatch-nudge';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('nudges are coalesced: the first queues at once, a burst during the interval queues once more when it ends', async () => {
  const queued: number[] = [];
  const started = Date.now();
  const nudge = coalescedNudge(async () => void queued.push(Date.now() - started), 150, () => {});
  nudge.nudge();
  await sleep(20);
  expect(queued).toHaveLength(1);
  for (let i = 0; i < 50; i += 1) nudge.nudge();
  await sleep(60);
  expect(queued).toHaveLength(1);
  await sleep(150);
  expect(queued).toHaveLength(2);
  expect(queued[1]! - queued[0]!).toBeGreaterThanOrEqual(140);
  await sleep(200);
  expect(queued).toHaveLength(2);
  await nudge.stop();
});

test('a failure to queue is told, never thrown; after stop nothing more is queued, and stop waits for one under way', async () => {
  const told: unknown[] = [];
  let finish!: () => void;
  let calls = 0;
  const nudge = coalescedNudge(
    () => {
      calls += 1;
      if (calls === 1) return Promise.reject(new Error('database away'));
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    },
    10,
    (error) => told.push(error),
  );
  nudge.nudge();
  await sleep(30);
  expect(told).toEqual([new Error('database away')]);
  nudge.nudge();
  await sleep(30);
  expect(calls).toBe(2);
  let stopped = false;
  const stopping = nudge.stop().then(() => (stopped = true));
  await sleep(20);
  expect(stopped).toBe(false);
  finish();
  await stopping;
  nudge.nudge();
  await sleep(30);
  expect(calls).toBe(2);
});
