/**
 * Renders the Alerts tab inside the app's host (renderInHost: the real providers, a router at
 * /reporting/alerts, the toaster, a signed-in session) over a small in-memory alerts server: the rules, their
 * subscriptions and transitions, a preview that depends on the rule's threshold, and the pickers, views and
 * endpoints the form offers. Saves are judged by the contract's alertRuleErrors and previews by its
 * alertPreviewErrors, as the API judges them; links are written as the API writes them.
 */
import type { FilterOption, Role, SavedView } from '@callboard/contract';
import {
  alertPreviewErrors,
  alertRuleErrors,
  alertRuleWithDefaults,
  type AlertChannel,
  type AlertPreview,
  type AlertPreviewBody,
  type AlertRule,
  type AlertRuleBody,
  type AlertScope,
  type AlertTransition,
} from '@callboard/contract/alerts';
import type { FakeResponseInit } from '@callboard/shared-auth/testing/fetch-mock';
import { renderInHost, type FakeRequest, type RenderedInHost } from '@callboard/shared-auth/testing/render-in-host';
import { Route, Routes } from '@callboard/shared-router';
import AlertsPage from '../features/alerts/components/alerts-page';

export const PUBLISHERS: FilterOption[] = [
  { value: '1', label: 'Acme Media', count: 600 },
  { value: '2', label: 'Beacon Leads', count: 400 },
];
export const CAMPAIGNS: FilterOption[] = [{ value: '10', label: 'Medicare Q1', count: 900 }];

export const VIEWS: SavedView[] = [
  {
    id: '6b1f0c7e-1111-4a4a-8a8a-000000000001',
    name: 'Sales desk',
    area: 'reporting',
    query: 'datePreset=today&status=Sales',
    columns: null,
    shared: false,
    ownerId: 'u1',
    ownerName: 'Ada Lovelace',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
  },
];

export const ENDPOINT = { id: '0c5e7a1d-2222-4b4b-9b9b-000000000002', name: 'Ops Slack', kind: 'slack', paused: false } as const;

export function alertRule(overrides: Partial<AlertRule> = {}): AlertRule {
  return {
    id: '9a0d3f2e-0000-4000-8000-000000000001',
    name: 'A rule',
    metric: 'Voicemail',
    scope: { kind: 'network' },
    window: '1h',
    condition: 'above',
    threshold: 30,
    resetLevel: 30,
    minCalls: 20,
    pendingMinutes: 0,
    cooldownMinutes: 30,
    businessHours: null,
    endpointIds: [],
    status: { state: 'ok', since: '2026-03-09T13:00:00.000Z', evaluatedAt: '2026-03-09T15:00:00.000Z', figures: null },
    subscription: null,
    subscribers: 0,
    createdBy: 'u9',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A firing rule on one publisher you are subscribed to, and a "no calls" rule on the network in business hours. */
export const FIRING = alertRule({
  id: '9a0d3f2e-0000-4000-8000-000000000001',
  name: 'Voicemail spike, Acme',
  scope: { kind: 'sources', publisher: [1] },
  status: {
    state: 'firing',
    since: '2026-03-09T14:05:00.000Z',
    evaluatedAt: '2026-03-09T15:00:00.000Z',
    figures: { windowFrom: '2026-03-09T14:00:00.000Z', windowTo: '2026-03-09T15:00:00.000Z', calls: 140, value: 42.5 },
  },
  subscription: ['in_app', 'email'],
  subscribers: 3,
});
export const NO_CALLS = alertRule({
  id: '9a0d3f2e-0000-4000-8000-000000000002',
  name: 'No calls in business hours',
  metric: 'volume',
  condition: 'below',
  threshold: 1,
  resetLevel: 1,
  minCalls: 0,
  businessHours: { days: [1, 2, 3, 4, 5], startHour: 9, endHour: 17 },
});

export const TRANSITIONS: AlertTransition[] = [
  {
    id: '12',
    ruleId: FIRING.id,
    from: 'pending',
    to: 'firing',
    at: '2026-03-09T14:05:00.000Z',
    figures: { windowFrom: '2026-03-09T13:05:00.000Z', windowTo: '2026-03-09T14:05:00.000Z', calls: 120, value: 41.25 },
    link: '/reporting?datePreset=custom&startDate=2026-03-09T09%3A05%3A00-04%3A00&endDate=2026-03-09T10%3A05%3A00-04%3A00&publisher=1',
  },
  {
    id: '11',
    ruleId: FIRING.id,
    from: 'ok',
    to: 'pending',
    at: '2026-03-09T14:00:00.000Z',
    figures: { windowFrom: '2026-03-09T13:00:00.000Z', windowTo: '2026-03-09T14:00:00.000Z', calls: 110, value: 35 },
    link: '/reporting?datePreset=custom&startDate=2026-03-09T09%3A00%3A00-04%3A00&endDate=2026-03-09T10%3A00%3A00-04%3A00&publisher=1',
  },
];

/**
 * The preview a rule gets: three firings with a threshold under 40, one from 40 on, none from 60 on, so a test
 * sees it change as the threshold does.
 */
export function previewFor(body: AlertPreviewBody): AlertPreview {
  // Links as the server writes them (the network: the window alone).
  const firings = [
    {
      firedAt: '2026-02-10T15:00:00.000Z',
      endedAt: '2026-02-10T15:45:00.000Z',
      figures: { windowFrom: '2026-02-10T14:00:00.000Z', windowTo: '2026-02-10T15:00:00.000Z', calls: 90, value: 61.5 },
      link: '/reporting?datePreset=custom&startDate=2026-02-10T09%3A00%3A00-05%3A00&endDate=2026-02-10T10%3A00%3A00-05%3A00',
    },
    {
      firedAt: '2026-02-20T16:00:00.000Z',
      endedAt: '2026-02-20T18:20:00.000Z',
      figures: { windowFrom: '2026-02-20T15:00:00.000Z', windowTo: '2026-02-20T16:00:00.000Z', calls: 80, value: 45 },
      link: '/reporting?datePreset=custom&startDate=2026-02-20T10%3A00%3A00-05%3A00&endDate=2026-02-20T11%3A00%3A00-05%3A00',
    },
    {
      firedAt: '2026-03-09T14:05:00.000Z',
      endedAt: null,
      figures: { windowFrom: '2026-03-09T13:05:00.000Z', windowTo: '2026-03-09T14:05:00.000Z', calls: 120, value: 41.25 },
      link: '/reporting?datePreset=custom&startDate=2026-03-09T09%3A05%3A00-04%3A00&endDate=2026-03-09T10%3A05%3A00-04%3A00',
    },
  ];
  const kept = body.threshold >= 60 ? [] : body.threshold >= 40 ? firings.slice(0, 1) : firings;
  return { from: '2026-02-07T15:00:00.000Z', to: '2026-03-09T15:00:00.000Z', firingCount: kept.length, firings: kept, minutes: 43_200, noDataMinutes: 4_320 };
}

const ok = (data: unknown, message?: string): FakeResponseInit => ({ body: { success: true, ...(message ? { message } : {}), data } });

interface RenderAlertsOptions {
  role?: Role;
  rules?: AlertRule[];
  /** Answers a request before the server does (a refusal). */
  refuse?: (request: FakeRequest) => FakeResponseInit | undefined;
}

export interface RenderedAlerts extends RenderedInHost {
  /** The rules the server holds now. */
  rules: () => AlertRule[];
}

function scopeOf(body: AlertRuleBody): AlertScope {
  if (body.scope.kind !== 'view') return body.scope;
  const view = VIEWS.find((v) => v.id === (body.scope as { viewId: string }).viewId);
  return { kind: 'view', viewId: view?.id ?? null, viewName: view?.name ?? '', query: 'status=Sales' };
}

export function renderAlerts({ role = 'reviewer', rules: initial = [FIRING, NO_CALLS], refuse }: RenderAlertsOptions = {}): RenderedAlerts {
  let rules = [...initial];
  let created = 0;
  const answerRule = (id: string) => ok(rules.find((rule) => rule.id === id));
  const subscribe = (id: string, channels: AlertChannel[] | null) => {
    rules = rules.map((rule) => (rule.id === id ? { ...rule, subscription: channels } : rule));
  };

  const rendered = renderInHost(
    <Routes>
      <Route path="/reporting/*" element={<Routes><Route path="alerts" element={<AlertsPage />} /></Routes>} />
      <Route path="*" element={null} />
    </Routes>,
    {
      path: '/reporting/alerts',
      session: { role },
      api: (request) => {
        const refusal = refuse?.(request);
        if (refusal) return refusal;
        const { path, method } = request;
        if (path === '/api/filters/publishers' || path === '/api/filters/campaigns') {
          const all = path.endsWith('publishers') ? PUBLISHERS : CAMPAIGNS;
          const ids = request.query.get('ids')?.split(',');
          const search = request.query.get('search')?.toLowerCase();
          const options = all.filter((o) => (ids ? ids.includes(o.value) : !search || o.label.toLowerCase().includes(search)));
          return ok({ [path.replace('/api/filters/', '')]: options });
        }
        if (path.startsWith('/api/filters/')) return ok({ [path.replace('/api/filters/', '')]: [] });
        if (path === '/api/views') return ok(VIEWS);
        if (path === '/api/delivery-endpoints') return ok([ENDPOINT]);
        if (path === '/api/alerts' && method === 'GET') return ok(rules);
        if (path === '/api/alerts/preview') {
          const body = request.body as AlertPreviewBody;
          const errors = alertPreviewErrors(body);
          if (errors.length > 0) return { status: 400, body: { success: false, code: 'VALIDATION_ERROR', message: 'Validation failed', errors } };
          return ok(previewFor(body));
        }
        if (path === '/api/alerts' && method === 'POST') {
          const body = request.body as AlertRuleBody;
          const errors = alertRuleErrors(body);
          if (errors.length > 0) return { status: 400, body: { success: false, code: 'VALIDATION_ERROR', message: 'Validation failed', errors } };
          created += 1;
          const full = alertRuleWithDefaults(body);
          const rule = alertRule({ ...full, id: `9a0d3f2e-0000-4000-8000-00000000010${created}`, scope: scopeOf(body), createdBy: 'u1' });
          rules = [...rules, rule];
          return { status: 201, body: { success: true, message: 'Alert rule saved', data: rule } };
        }
        const subscription = /^\/api\/alerts\/([^/]+)\/subscription$/.exec(path);
        if (subscription) {
          const id = subscription[1]!;
          subscribe(id, method === 'PUT' ? (request.body as { channels: AlertChannel[] }).channels : null);
          return { body: { success: true, message: method === 'PUT' ? 'Subscribed' : 'Unsubscribed', data: rules.find((rule) => rule.id === id) } };
        }
        const history = /^\/api\/alerts\/([^/]+)\/transitions$/.exec(path);
        if (history) return ok(TRANSITIONS.filter((t) => t.ruleId === history[1]));
        const one = /^\/api\/alerts\/([^/]+)$/.exec(path);
        if (one && method === 'PUT') {
          const body = request.body as AlertRuleBody;
          const full = alertRuleWithDefaults(body);
          rules = rules.map((rule) => (rule.id === one[1] ? { ...rule, ...full, scope: scopeOf(body) } : rule));
          return { body: { success: true, message: 'Alert rule saved', data: rules.find((rule) => rule.id === one[1]) } };
        }
        if (one && method === 'DELETE') {
          rules = rules.filter((rule) => rule.id !== one[1]);
          return { body: { success: true, message: 'Alert rule deleted' } };
        }
        if (one) return answerRule(one[1]!);
        return undefined;
      },
    },
  );
  return { ...rendered, rules: () => rules };
}
