import { REJECTED_UNKNOWN, STATS_CARDS, type StatsCard } from '@callboard/contract';
import { bucketNarrowing, cardNarrowing, isCardNarrowing, statusNarrowing } from './drill-through';

const card = (label: string) => STATS_CARDS.find((c) => c.label === label) as StatsCard;

describe('drill-through', () => {
  test('each special card sets its own narrowing, a disposition card its status', () => {
    expect(cardNarrowing(card('Total Processed'))).toEqual({ status: [], connected: '' });
    expect(cardNarrowing(card('Red No Connects'))).toEqual({ status: [], connected: 'false' });
    expect(cardNarrowing(card('Rejected / Unknown'))).toEqual({ status: [REJECTED_UNKNOWN] });
    expect(cardNarrowing(card('Subsidy'))).toEqual({ status: ['subsidy/incentivised'] });
    expect(statusNarrowing('Sales')).toEqual({ status: ['Sales'] });
  });

  test('a card is the current narrowing exactly when the filters are what it sets', () => {
    const none = { status: [], connected: '' } as const;
    expect(isCardNarrowing(card('Total Processed'), none)).toBe(true);
    expect(isCardNarrowing(card('Total Processed'), { status: [], connected: 'true' })).toBe(false);
    expect(isCardNarrowing(card('Red No Connects'), { status: [], connected: 'false' })).toBe(true);
    expect(isCardNarrowing(card('Red No Connects'), none)).toBe(false);
    expect(isCardNarrowing(card('Sales'), { status: ['Sales'], connected: '' })).toBe(true);
    expect(isCardNarrowing(card('Sales'), { status: ['Sales', 'DNC'], connected: '' })).toBe(false);
    expect(isCardNarrowing(card('Rejected / Unknown'), { status: [REJECTED_UNKNOWN], connected: '' })).toBe(true);
  });

  test('a bar segment narrows to its bucket as a New York custom range, across a clock change too', () => {
    expect(bucketNarrowing({ from: '2026-01-15T09:00:00-05:00', to: '2026-01-15T10:00:00-05:00' }, 'DNC')).toEqual({
      datePreset: 'custom',
      startDate: '2026-01-15T09:00',
      endDate: '2026-01-15T10:00',
      status: ['DNC'],
    });
    // The day the clocks go forward is 23 hours long; its bounds are still midnights on the wall.
    expect(bucketNarrowing({ from: '2026-03-08T05:00:00Z', to: '2026-03-09T04:00:00Z' }, REJECTED_UNKNOWN)).toMatchObject({
      startDate: '2026-03-08T00:00',
      endDate: '2026-03-09T00:00',
      status: [REJECTED_UNKNOWN],
    });
  });
});
