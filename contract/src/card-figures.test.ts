import { cardFigures, countChange, shareChange } from './card-figures';
import type { StatsFigures } from './calls';

const flags = { rejectedUnknownCount: 4, rejectedUnknownPct: 8, redNoConnectCount: 0, redNoConnectPct: 0, flagVoicemail: false, flagTargetHU: false, flagRejectedUnknown: true, flagRedNoConnect: false };
const figures = (totalCalls: number, voicemail: number): StatsFigures => ({
  totalCalls,
  dispositions: [{ disposition: 'Voicemail', count: voicemail, percentage: totalCalls ? Math.round((voicemail / totalCalls) * 10_000) / 100 : 0 }],
  flags,
});

test('countChange: relative to the count before, a decimal below 10 %, none before from nothing', () => {
  expect([countChange(113, 97), countChange(100, 97), countChange(97, 100), countChange(0, 0), countChange(3, 0), countChange(50, 50)]).toEqual([
    '+16 %',
    '+3.1 %',
    '−3 %',
    '±0 %',
    'none before',
    '±0 %',
  ]);
});

test('shareChange: in points, to two decimals', () => {
  expect([shareChange(27.5, 20), shareChange(20, 21.25), shareChange(8, 8)]).toEqual(['+7.5 pts', '−1.25 pts', '±0 pts']);
});

test('cardFigures: every card in order; Total Processed compares counts, the others shares; flags from the API', () => {
  const cards = cardFigures(figures(50, 10), figures(40, 12));
  expect(cards[0]).toMatchObject({ count: 50, share: 100, previousCount: 40, compared: 'count', trend: 'up', change: '+25 %' });
  expect(cards.find((c) => c.card.label === 'Voicemail')).toMatchObject({ count: 10, share: 20, previousShare: 30, compared: 'share', trend: 'down', change: '−10 pts' });
  expect(cards.find((c) => c.card.flag === 'flagRejectedUnknown')).toMatchObject({ count: 4, share: 8, flagged: true, trend: 'flat' });
  // No compared period yet: every figure against zero.
  expect(cardFigures(figures(0, 0), undefined)[0]).toMatchObject({ share: 0, previousCount: 0, trend: 'flat', change: '±0 %' });
});
