import { DISPOSITIONS } from '@callboard/contract';
import { OUTBOUND_EVENT_TYPES } from '@callboard/contract/event-subscriptions';
import { eventSubscriptions } from './0039-event-subscriptions';

// The migration freezes its lists (a migration never changes once it has landed); this holds the frozen copies to
// the contract's, so a disposition or event type added there without a migration widening the checks fails here.
const sql = eventSubscriptions.statements.join('\n');
const quoted = (value: string) => `'${value.replace(/'/g, "''")}'`;

test('the subscriptions table accepts every event type the contract names', () => {
  for (const type of OUTBOUND_EVENT_TYPES) expect(sql).toContain(quoted(type));
});

test("the 'disposition becomes' check accepts every disposition the contract names", () => {
  for (const disposition of DISPOSITIONS) expect(sql).toContain(quoted(disposition));
});
