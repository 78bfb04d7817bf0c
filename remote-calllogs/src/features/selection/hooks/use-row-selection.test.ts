import { act, renderHook } from '@testing-library/react';
import { idsBetween, useRowSelection } from './use-row-selection';

const rows = ['a', 'b', 'c', 'd', 'e', 'f'];

function setup(order: string[] = rows) {
  return renderHook(({ ids }) => useRowSelection(ids), { initialProps: { ids: order } });
}

test('toggle adds and removes one id; clear empties', () => {
  const { result } = setup();
  act(() => result.current[1].toggle('b'));
  act(() => result.current[1].toggle('d'));
  expect(result.current[0]).toEqual(['b', 'd']);
  act(() => result.current[1].toggle('b'));
  expect(result.current[0]).toEqual(['d']);
  act(() => result.current[1].clear());
  expect(result.current[0]).toEqual([]);
});

test('a shift-toggle selects the run from the previous toggle, in either direction', () => {
  const { result } = setup();
  act(() => result.current[1].toggle('b'));
  act(() => result.current[1].toggle('e', { range: true }));
  expect(result.current[0]).toEqual(['b', 'c', 'd', 'e']);

  act(() => result.current[1].clear());
  act(() => result.current[1].toggle('e'));
  act(() => result.current[1].toggle('c', { range: true }));
  expect([...result.current[0]].sort()).toEqual(['c', 'd', 'e']);
});

test('a shift-toggle on a selected row unselects the run', () => {
  const { result } = setup();
  act(() => result.current[1].select(rows));
  act(() => result.current[1].toggle('b'));
  act(() => result.current[1].toggle('d', { range: true }));
  expect(result.current[0]).toEqual(['a', 'e', 'f']);
});

test('ranges are read from the current rows, and without an anchor a shift-toggle is a plain toggle', () => {
  const { result, rerender } = setup(['a', 'b']);
  act(() => result.current[1].toggle('b', { range: true }));
  expect(result.current[0]).toEqual(['b']);
  // More rows load; the anchor stays.
  rerender({ ids: ['a', 'b', 'c', 'd'] });
  act(() => result.current[1].toggle('d', { range: true }));
  expect(result.current[0]).toEqual(['b', 'c', 'd']);
});

test('select replaces the selection, drops duplicates and resets the anchor', () => {
  const { result } = setup();
  act(() => result.current[1].toggle('a'));
  act(() => result.current[1].select(['c', 'c', 'd']));
  expect(result.current[0]).toEqual(['c', 'd']);
  act(() => result.current[1].toggle('f', { range: true }));
  expect(result.current[0]).toEqual(['c', 'd', 'f']);
});

test('the actions keep their identity across renders', () => {
  const { result, rerender } = setup();
  const first = result.current[1];
  act(() => result.current[1].toggle('a'));
  rerender({ ids: ['a', 'b'] });
  expect(result.current[1]).toBe(first);
});

test('idsBetween is inclusive and null when an end is missing', () => {
  expect(idsBetween(rows, 'd', 'b')).toEqual(['b', 'c', 'd']);
  expect(idsBetween(rows, 'a', 'z')).toBeNull();
});
