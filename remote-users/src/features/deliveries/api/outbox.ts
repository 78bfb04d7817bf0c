/** The outbox (email kept when no SMTP_URL is set) as the Outbox tab reads it: the list, newest first, and one message. */
import { OUTBOX_PATH, outboxMessagePath, type OutboxEntry, type OutboxMessage } from '@callboard/contract/delivery';
import useSWR from 'swr';
import type { Answer } from '../../admin-tools/admin-request';

/** The newest messages listed: a day of a busy demo's alerts and reports. */
export const OUTBOX_LIST_SIZE = 100;

export function useOutbox() {
  return useSWR<Answer<OutboxEntry[]>, Error>([OUTBOX_PATH, { limit: OUTBOX_LIST_SIZE }]);
}

export function useOutboxMessage(id: string | null) {
  return useSWR<Answer<OutboxMessage>, Error>(id ? outboxMessagePath(id) : null);
}
