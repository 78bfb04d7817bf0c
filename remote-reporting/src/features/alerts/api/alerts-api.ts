/**
 * The alert rules' endpoints (contract/src/alerts.ts), each read in one place: the list, one rule's history, the
 * preview of an unsaved rule, and the writes with their toasts. The list is read again after every write and
 * once a minute while shown, as the rules are judged once a minute.
 */
import type { ApiSuccess } from '@callboard/contract';
import {
  ALERT_PREVIEW_PATH,
  ALERTS_PATH,
  alertPath,
  alertSubscriptionPath,
  alertTransitionsPath,
  type AlertChannel,
  type AlertPreview,
  type AlertPreviewBody,
  type AlertRule,
  type AlertRuleBody,
  type AlertTransition,
} from '@callboard/contract/alerts';
import { notificationPushedAtom } from '@callboard/shared-auth/live-status';
import { useApiFetch, type BoundApiFetch } from '@callboard/shared-auth/use-session';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { sendWithToast, type SendResult } from '../../../lib/send-with-toast';

export const ALERTS_TEXT = {
  loadFailed: 'Failed to load alert rules',
  saveFailed: 'Failed to save the alert rule',
  deleteFailed: 'Failed to delete the alert rule',
  subscribeFailed: 'Failed to change your subscription',
  historyFailed: 'Failed to load the rule’s history',
  previewFailed: 'Failed to preview the rule',
} as const;

/**
 * Rules move between states once a minute: the list follows at that pace while it is on screen, and at once when
 * this person is told of a firing or its end (the bell and the list then agree).
 */
export const RULES_REFRESH_MS = 60_000;
/** Transitions a page of a rule's history holds. */
export const HISTORY_PAGE = 50;

export function useAlertRules() {
  const rules = useSWR<ApiSuccess<AlertRule[]>, Error>(ALERTS_PATH, { refreshInterval: RULES_REFRESH_MS });
  const pushed = useAtomValue(notificationPushedAtom);
  const { mutate } = rules;
  useEffect(() => {
    if (pushed?.notification.kind === 'alert.fired' || pushed?.notification.kind === 'alert.resolved') void mutate();
  }, [pushed, mutate]);
  return rules;
}

/** One page of a rule's transitions, newest first: the first, or the one after transition `before`. */
export function fetchTransitions(apiFetch: BoundApiFetch, ruleId: string, before?: string): Promise<ApiSuccess<AlertTransition[]>> {
  return apiFetch<ApiSuccess<AlertTransition[]>>(alertTransitionsPath(ruleId), { query: { limit: HISTORY_PAGE, before } });
}

/**
 * How the rule would have fired over the last 30 days. `body` is null while the form has problems (nothing is
 * asked). The key is the body's JSON, so the same rule is asked once and an edit back to it is answered from the
 * cache; the answer shown stays until the next one arrives (keepPreviousData, the app's SWR option).
 */
export function useAlertPreview(body: AlertPreviewBody | null) {
  const apiFetch = useApiFetch();
  const json = body === null ? null : JSON.stringify(body);
  return useSWR<ApiSuccess<AlertPreview>, Error>(json === null ? null : [ALERT_PREVIEW_PATH, json], ([path, text]: readonly [string, string]) =>
    apiFetch<ApiSuccess<AlertPreview>>(path, { method: 'POST', body: JSON.parse(text) as AlertPreviewBody }),
  );
}

type RuleAnswer = ApiSuccess<AlertRule>;

export interface AlertActions {
  create: (body: AlertRuleBody) => Promise<SendResult<RuleAnswer>>;
  update: (id: string, body: AlertRuleBody) => Promise<SendResult<RuleAnswer>>;
  remove: (rule: Pick<AlertRule, 'id'>) => Promise<SendResult<{ message?: string }>>;
  /** `announce` false: no toast on success (a new rule's author subscribed with it: the save's toast says enough). */
  subscribe: (id: string, channels: AlertChannel[], announce?: boolean) => Promise<SendResult<RuleAnswer>>;
  unsubscribe: (id: string) => Promise<SendResult<RuleAnswer>>;
}

export function useAlertActions(): AlertActions {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  const refresh = useCallback(() => void mutate(ALERTS_PATH), [mutate]);
  const after = useCallback(
    async <T>(sent: Promise<T>) => {
      const result = await sent;
      refresh();
      return result;
    },
    [refresh],
  );

  return useMemo<AlertActions>(
    () => ({
      create: (body) =>
        after(sendWithToast(() => apiFetch<RuleAnswer>(ALERTS_PATH, { method: 'POST', body }), { success: 'Alert rule saved', failure: ALERTS_TEXT.saveFailed, formShowsFields: true })),
      update: (id, body) =>
        after(sendWithToast(() => apiFetch<RuleAnswer>(alertPath(id), { method: 'PUT', body }), { success: 'Alert rule saved', failure: ALERTS_TEXT.saveFailed, formShowsFields: true })),
      remove: (rule) => after(sendWithToast(() => apiFetch<{ message?: string }>(alertPath(rule.id), { method: 'DELETE' }), { success: 'Alert rule deleted', failure: ALERTS_TEXT.deleteFailed })),
      subscribe: (id, channels, announce = true) =>
        after(
          sendWithToast(() => apiFetch<RuleAnswer>(alertSubscriptionPath(id), { method: 'PUT', body: { channels } }), {
            success: announce ? 'Subscribed' : null,
            failure: ALERTS_TEXT.subscribeFailed,
          }),
        ),
      unsubscribe: (id) =>
        after(sendWithToast(() => apiFetch<RuleAnswer>(alertSubscriptionPath(id), { method: 'DELETE' }), { success: 'Unsubscribed', failure: ALERTS_TEXT.subscribeFailed })),
    }),
    [after, apiFetch],
  );
}
