import type { StatsFigures } from '@callboard/contract';
import { cardLines } from './report-email';

const flags = { rejectedUnknownCount: 0, rejectedUnknownPct: 0, redNoConnectCount: 0, redNoConnectPct: 0, flagVoicemail: false, flagTargetHU: false, flagRejectedUnknown: false, flagRedNoConnect: false };

function figures(totalCalls: number, sales: number): StatsFigures {
  return { totalCalls, dispositions: [{ disposition: 'Sales', count: sales, percentage: Math.round((sales / totalCalls) * 10_000) / 100 }], flags };
}

/** The compared period's figures, with the range the cards never read. */
function earlier(totalCalls: number, sales: number): StatsFigures & { range: { from: string; to: string } } {
  return { ...figures(totalCalls, sales), range: { from: '2025-06-01T04:00:00.000Z', to: '2025-06-02T04:00:00.000Z' } };
}

describe("a report email's cards read as the dashboard's", () => {
  test("Total Processed's difference is in whole percent from 10 % on, one decimal below, as on its card", () => {
    const lines = (now: number, before: number) => cardLines({ ...figures(now, 10), previous: earlier(before, 10) });
    expect(lines(113, 97)[0]).toMatchObject({ label: 'Total Processed', count: 113, share: null, previousCount: 97, arrow: '▲', change: '+16 %' });
    expect(lines(100, 97)[0]).toMatchObject({ arrow: '▲', change: '+3.1 %' });
    expect(lines(0, 40)[0]).toMatchObject({ arrow: '▼', change: '−100 %' });
    expect(lines(5, 0)[0]).toMatchObject({ arrow: '▲', change: 'none before' });
  });

  test("another card's difference is between its shares, in points", () => {
    const sales = cardLines({ ...figures(200, 30), previous: earlier(100, 20) }).find((line) => line.label === 'Sales');
    expect(sales).toMatchObject({ count: 30, share: 15, previousCount: 20, previousShare: 20, arrow: '▼', change: '−5 pts' });
  });
});
