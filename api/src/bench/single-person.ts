/**
 * The single-person rows: what one analyst waits for, sending one request at a time as a person at a
 * desk does, each endpoint 3 warm-ups then SINGLE_PERSON_RUNS timed requests, on a database just
 * vacuumed and analysed. The team row says what many people cost the server; these rows say what one
 * person's answer costs when nobody else is asking, which is where a request's own overhead shows.
 */
import { API_PATHS, filterOptionsPath } from '@callboard/contract';

export const SINGLE_PERSON_RUNS = 30;

export interface PersonRead {
  name: string;
  url: string;
  target: string;
}

/**
 * The reads the targets of docs/benchmarks.md name for one person: stats for today and the year, the
 * records page with its total on the first page, 200 pages deep and under a caller-id search, the
 * Publishers picker and the cost stats. `callerIdDigits`: six digits of a caller id the data holds.
 */
export function singlePersonReads(callerIdDigits: string): PersonRead[] {
  const year = 'datePreset=this_year';
  return [
    { name: 'stats, today', url: `${API_PATHS.stats}?datePreset=today`, target: 'p95 ≤ 10' },
    { name: 'stats, this_year', url: `${API_PATHS.stats}?${year}`, target: 'p95 ≤ 10' },
    { name: 'records page 1 with its total, this_year', url: `${API_PATHS.records}?${year}`, target: 'p95 ≤ 15' },
    { name: 'records page 200 with its total, this_year', url: `${API_PATHS.records}?${year}&page=200`, target: 'p95 ≤ 15' },
    { name: 'records page 1 with its total, this_year, caller-id search', url: `${API_PATHS.records}?${year}&search=${callerIdDigits}`, target: 'p95 ≤ 15' },
    { name: 'publishers picker, this_year', url: `${filterOptionsPath('publishers')}?${year}`, target: 'p95 ≤ 10' },
    { name: 'cost stats, this_year', url: `${API_PATHS.costStats}?${year}`, target: 'p95 ≤ 10' },
  ];
}
