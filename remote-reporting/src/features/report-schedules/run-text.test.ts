import type { ReportRun } from '@callboard/contract/report-schedules';
import { runOutcome } from './run-text';

const day = { from: '2026-03-09T04:00:00.000Z', to: '2026-03-10T04:00:00.000Z' };
const person = (name: string, outcome: 'queued' | 'empty' | 'refused', detail: string | null = null) => ({ userId: name, name, email: `${name}@example.com`, outcome, detail, delivery: null });
const run = (fields: Partial<ReportRun>): ReportRun => ({ id: 'r', trigger: 'send_now', period: day, status: 'skipped', requestedBy: 'u1', createdAt: '2026-03-10T14:00:00.000Z', recipients: [], ...fields });

test('a run that sent says the period and to how many; one that sent nothing says why', () => {
  expect(runOutcome({ frequency: 'daily' }, run({ status: 'sent', recipients: [person('Ann', 'queued')] }))).toEqual({ tone: 'success', text: 'Mon, Mar 9, 2026 sent to 1 recipient' });
  expect(runOutcome({ frequency: 'daily' }, run({ recipients: [person('Ann', 'empty'), person('Bo', 'empty')] }))).toEqual({
    tone: 'info',
    text: 'Nothing sent for Mon, Mar 9, 2026: no recipient had calls in it',
  });
  expect(runOutcome({ frequency: 'daily' }, run({ recipients: [person('Pat', 'refused', 'the view filters by buyers, which this partner does not see')] }))).toEqual({
    tone: 'info',
    text: 'Nothing sent for Mon, Mar 9, 2026: not sent to Pat (the view filters by buyers, which this partner does not see)',
  });
  expect(runOutcome({ frequency: 'monthly' }, run({ period: { from: '2026-02-01T05:00:00.000Z', to: '2026-03-01T05:00:00.000Z' } })).text).toBe('Nothing sent for February 2026: nobody is left on its list');
});
