import { randomUUID } from 'node:crypto';
import type { HTTPMethods, InjectOptions } from 'fastify';
import {
  API_PATHS,
  DEFAULT_PARTNER_FIELDS,
  PERMISSIONS,
  ROLES,
  callDispositionPath,
  paymentPath,
  restoreVerdictPath,
  roleMay,
  undoChangePath,
  userPath,
  VIEW_AS_END_PATH,
  viewAsPath,
  viewDefaultPath,
  viewPath,
  type Permission,
  type Role,
} from '@callboard/contract';
import { disputeDecisionPath, disputeWindowPath, disputeWithdrawPath, disputesOfCallPath } from '@callboard/contract/disputes';
import { NOTIFICATIONS_READ_PATH } from '@callboard/contract/notifications';
import { PARTNER_KEYS_PATH } from '@callboard/contract/partner-keys';
import { REPORT_SCHEDULES_PATH, REPORT_UNSUBSCRIBE_PATH, reportResendPath, reportSchedulePath, reportSendNowPath } from '@callboard/contract/report-schedules';
import { CONNECTORS_PATH, connectorPath, connectorReceivePath, connectorRotatePath } from '@callboard/contract/connectors';
import { IMPORTS_PATH, importMappingPath, importRunPath } from '@callboard/contract/imports';
import { EVENT_SUBSCRIPTIONS_PATH, eventSubscriptionPath } from '@callboard/contract/event-subscriptions';
import { ALERTS_PATH, ALERT_PREVIEW_PATH, alertPath, alertSubscriptionPath, type AlertRuleBody } from '@callboard/contract/alerts';
import {
  DELIVERY_ENDPOINTS_PATH,
  deliveryEndpointPath,
  replayDeliveryPath,
  resumeEndpointPath,
  rotateEndpointSecretPath,
  testEndpointPath,
} from '@callboard/contract/delivery';
import { INGEST_KEY, ingestAll, makeCall } from './support/calls-fixtures';
import { bearer, buildTestApp, login, signUp, type TestApp } from './support/test-app';

/**
 * Every write route the API serves, held to contract/src/permissions.ts role by role: a route that
 * needs a permission answers 403 FORBIDDEN to the roles PERMISSIONS leaves out and anything but 403
 * to the rest. The list is compared with the route table, so a new write route fails this test until
 * it says here who may use it.
 */

type Who =
  /** Only the roles contract/src/permissions.ts gives this permission. */
  | { permission: Permission }
  /** Every signed-in role: their own profile, their own views, signing out, a read sent as POST. */
  | { everyRole: string }
  /** Before signing in; a role changes nothing. */
  | { signedOut: true }
  /** An ingest key's, never a person's session (401 for every role). */
  | { ingestKey: true }
  /** A partner account's own (its API keys): 403 for the network's roles. */
  | { partnerOnly: string };

interface Target {
  /** Someone else's account, made for this request. */
  otherUserId: string;
  otherUserEmail: string;
  /** A view that someone else made and shared with the team, made when asked. */
  sharedViewOfOther: () => Promise<string>;
  /** A change set someone else (a reviewer made for it) made to a call, made when asked. */
  changeOfOther: () => Promise<string>;
}

interface WriteRoute {
  who: Who;
  /**
   * What a partner account gets where it differs from the rule of `who`: 403 on a route every other signed-in
   * role may use (one not marked `partner: 'scoped'`, plugins/app/partner-scope.ts), 404 where the thing
   * asked about is outside its scope (existence not revealed). Routes needing a permission refuse partners
   * anyway: contract/src/permissions.ts gives the role none.
   */
  partner?: 403 | 404;
  request: (target: Target) => { url: string; payload?: object } | Promise<{ url: string; payload?: object }>;
}

const NO_SUCH_ID = randomUUID();
/** A call or dispute id (they are numbers) that nothing has. */
const NO_SUCH_NUMBER = '999999999';
/** The call the matrix's change sets change. */
const MATRIX_CALL = 'matrix-call';
const OTHER_PASSWORD = 'secret-123';
/** A connector id that nothing has; and the matrix's own connector, whose token no person's session is. */
const NO_SUCH_CONNECTOR = 'cn_0000000000000000000000';
let matrixConnector = NO_SUCH_CONNECTOR;
/** A whole alert rule: a keeper's save or preview of it is answered, anyone else's refused. */
const MATRIX_ALERT: AlertRuleBody = { name: 'Matrix', metric: 'Voicemail', scope: { kind: 'network' }, window: '1h', condition: 'above', threshold: 40 };

const WRITE_ROUTES: Record<string, WriteRoute> = {
  'POST /api/auth/register': { who: { signedOut: true }, request: () => ({ url: API_PATHS.register, payload: {} }) },
  'POST /api/auth/login': { who: { signedOut: true }, request: () => ({ url: API_PATHS.login, payload: {} }) },
  'POST /api/auth/refresh': { who: { signedOut: true }, request: () => ({ url: API_PATHS.refresh }) },
  // The prerendered sign-in form's own submit (JavaScript off): sent back to the page, nothing read or written.
  'POST /login': { who: { signedOut: true }, request: () => ({ url: '/login' }) },
  'POST /api/auth/logout': { who: { everyRole: 'sign-out' }, request: () => ({ url: API_PATHS.logout }) },
  'PUT /api/auth/profile': { who: { everyRole: 'own profile' }, request: () => ({ url: API_PATHS.profile, payload: { name: 'Renamed' } }) },
  'POST /api/views': {
    who: { everyRole: 'own views' },
    request: () => ({ url: API_PATHS.views, payload: { name: `View ${randomUUID()}`, area: 'callLogs', query: '' } }),
  },
  'PUT /api/views/:id': { who: { everyRole: 'own views' }, request: () => ({ url: viewPath(NO_SUCH_ID), payload: { name: 'Renamed' } }) },
  'PUT /api/views/defaults/:area': { who: { everyRole: 'own views' }, request: () => ({ url: viewDefaultPath('reporting'), payload: { viewId: null } }) },
  // The owner deletes their own view whatever their role; someone else's shared one needs deleteSharedViews.
  // A partner never sees the team's shared views: someone else's is not found.
  'DELETE /api/views/:id': {
    who: { permission: 'deleteSharedViews' },
    partner: 404,
    request: async ({ sharedViewOfOther }) => ({ url: viewPath(await sharedViewOfOther()) }),
  },
  'POST /api/cost/export': { who: { everyRole: 'a read sent as POST' }, partner: 403, request: () => ({ url: API_PATHS.costExport, payload: { fmt: 'csv' } }) },
  'POST /api/scorecard/export': { who: { everyRole: 'a read sent as POST' }, partner: 403, request: () => ({ url: API_PATHS.scorecardExport, payload: { fmt: 'csv' } }) },
  'PUT /api/calls/bulk-update': {
    who: { permission: 'redispositionCalls' },
    request: () => ({ url: API_PATHS.bulkUpdate, payload: { callIds: [NO_SUCH_ID], status: 'Sales' } }),
  },
  'PUT /api/calls/:id/disposition': {
    who: { permission: 'redispositionCalls' },
    request: () => ({ url: callDispositionPath(NO_SUCH_ID), payload: { status: 'Sales' } }),
  },
  'POST /api/calls/:id/restore-verdict': { who: { permission: 'redispositionCalls' }, request: () => ({ url: restoreVerdictPath(NO_SUCH_ID) }) },
  // Reviewers undo their own change sets (call-changes.test.ts); someone else's needs undoOthersChanges.
  'POST /api/calls/changes/:changeId/undo': {
    who: { permission: 'undoOthersChanges' },
    request: async ({ changeOfOther }) => ({ url: undoChangePath(await changeOfOther()) }),
  },
  'POST /api/users': {
    who: { permission: 'manageUsers' },
    request: () => ({ url: API_PATHS.users, payload: { name: 'New', email: `new-${randomUUID()}@example.com`, password: 'secret-123', role: 'user' } }),
  },
  // Anyone may edit their own account here; someone else's is an admin's.
  'PUT /api/users/:id': {
    who: { permission: 'manageUsers' },
    request: ({ otherUserId, otherUserEmail }) => ({ url: userPath(otherUserId), payload: { name: 'Renamed', email: otherUserEmail, role: 'user' } }),
  },
  'PATCH /api/users/:id/role': {
    who: { permission: 'manageUsers' },
    request: ({ otherUserId }) => ({ url: `${userPath(otherUserId)}/role`, payload: { role: 'reviewer' } }),
  },
  'DELETE /api/users/:id': { who: { permission: 'manageUsers' }, request: ({ otherUserId }) => ({ url: userPath(otherUserId) }) },
  // Viewing as someone who is no partner is a 400 for an admin; the permission is what the matrix holds.
  'POST /api/users/:id/view-as': { who: { permission: 'manageUsers' }, request: ({ otherUserId }) => ({ url: viewAsPath(otherUserId) }) },
  // Ends the view as a partner its token is (409 with any other token); a partner's own session has no view to end.
  'DELETE /api/users/view-as': { who: { everyRole: 'end a view as a partner' }, partner: 403, request: () => ({ url: VIEW_AS_END_PATH }) },
  'POST /api/cost/payments': {
    who: { permission: 'managePayments' },
    request: () => ({ url: API_PATHS.payments, payload: { publisherId: 1, amount: '10.00' } }),
  },
  'PUT /api/cost/payments/:id': {
    who: { permission: 'managePayments' },
    request: () => ({ url: paymentPath(NO_SUCH_ID), payload: { publisherId: 1, amount: '10.00' } }),
  },
  'DELETE /api/cost/payments/:id': { who: { permission: 'managePayments' }, request: () => ({ url: paymentPath(NO_SUCH_ID) }) },
  'POST /api/ingest-keys': { who: { permission: 'manageIngestKeys' }, request: () => ({ url: '/api/ingest-keys', payload: { name: 'Tracker' } }) },
  'DELETE /api/ingest-keys/:id': { who: { permission: 'manageIngestKeys' }, request: () => ({ url: `/api/ingest-keys/${NO_SUCH_ID}` }) },
  // A partner's own read-only API keys (routes/api/partner-keys): a partner revoking a key it does not have gets 404.
  'POST /api/partner-keys': { who: { partnerOnly: 'own API keys' }, request: () => ({ url: PARTNER_KEYS_PATH, payload: { name: 'BI pull' } }) },
  'DELETE /api/partner-keys/:id': { who: { partnerOnly: 'own API keys' }, request: () => ({ url: `${PARTNER_KEYS_PATH}/${NO_SUCH_ID}` }) },
  // Disputes (routes/api/calls/disputes.ts, routes/api/disputes/): opened by reviewers and admins on a buyer's behalf and by a
  // buyer partner on its own calls (the matrix's partner is a publisher partner: 403); decided by reviewers and admins;
  // withdrawn by them or the buyer partner who opened it (an unknown dispute is not found for a partner); windows set by admins.
  'POST /api/calls/:id/disputes': {
    who: { permission: 'redispositionCalls' },
    partner: 403,
    request: () => ({ url: disputesOfCallPath(NO_SUCH_NUMBER), payload: { reason: 'other', note: 'Matrix' } }),
  },
  'POST /api/disputes/:id/decision': {
    who: { permission: 'redispositionCalls' },
    request: () => ({ url: disputeDecisionPath(NO_SUCH_NUMBER), payload: { decision: 'reject', note: 'Matrix' } }),
  },
  'POST /api/disputes/:id/withdraw': { who: { permission: 'redispositionCalls' }, partner: 404, request: () => ({ url: disputeWithdrawPath(NO_SUCH_NUMBER) }) },
  // Admins only, as payments are: a buyer's commercial terms.
  'PUT /api/disputes/windows/:buyerId': { who: { permission: 'managePayments' }, request: () => ({ url: disputeWindowPath(999_999), payload: { days: 10 } }) },
  // Where outbound messages go and their log (routes/api/delivery-endpoints, deliveries): admins only.
  'POST /api/delivery-endpoints': {
    who: { permission: 'manageDeliveries' },
    request: () => ({ url: DELIVERY_ENDPOINTS_PATH, payload: { name: 'Matrix', kind: 'slack', url: 'https://hooks.slack.com/services/matrix' } }),
  },
  'PUT /api/delivery-endpoints/:id': {
    who: { permission: 'manageDeliveries' },
    request: () => ({ url: deliveryEndpointPath(NO_SUCH_ID), payload: { name: 'Matrix', url: 'https://hooks.slack.com/services/matrix' } }),
  },
  'DELETE /api/delivery-endpoints/:id': { who: { permission: 'manageDeliveries' }, request: () => ({ url: deliveryEndpointPath(NO_SUCH_ID) }) },
  'POST /api/delivery-endpoints/:id/rotate-secret': { who: { permission: 'manageDeliveries' }, request: () => ({ url: rotateEndpointSecretPath(NO_SUCH_ID) }) },
  'POST /api/delivery-endpoints/:id/resume': { who: { permission: 'manageDeliveries' }, request: () => ({ url: resumeEndpointPath(NO_SUCH_ID) }) },
  'POST /api/delivery-endpoints/:id/test': { who: { permission: 'manageDeliveries' }, request: () => ({ url: testEndpointPath(NO_SUCH_ID) }) },
  'POST /api/deliveries/:id/replay': { who: { permission: 'manageDeliveries' }, request: () => ({ url: replayDeliveryPath(NO_SUCH_ID) }) },
  // Outbound events' subscriptions (routes/api/event-subscriptions): admins, who keep the endpoints they go to.
  'POST /api/event-subscriptions': {
    who: { permission: 'manageDeliveries' },
    request: () => ({ url: EVENT_SUBSCRIPTIONS_PATH, payload: { name: 'Matrix', endpointId: NO_SUCH_ID, eventTypes: ['call.created'] } }),
  },
  'PUT /api/event-subscriptions/:id': {
    who: { permission: 'manageDeliveries' },
    request: () => ({ url: eventSubscriptionPath(NO_SUCH_ID), payload: { name: 'Matrix', endpointId: NO_SUCH_ID, eventTypes: ['call.created'] } }),
  },
  'DELETE /api/event-subscriptions/:id': { who: { permission: 'manageDeliveries' }, request: () => ({ url: eventSubscriptionPath(NO_SUCH_ID) }) },
  // Inbound connectors (routes/api/connectors): admins, as ingest keys are; a connector takes its own token, never a person's session.
  'POST /api/connectors': { who: { permission: 'manageIngestKeys' }, request: () => ({ url: CONNECTORS_PATH, payload: { name: 'Matrix', platform: 'generic' } }) },
  'PUT /api/connectors/:id': { who: { permission: 'manageIngestKeys' }, request: () => ({ url: connectorPath(NO_SUCH_CONNECTOR), payload: { name: 'Matrix' } }) },
  'DELETE /api/connectors/:id': { who: { permission: 'manageIngestKeys' }, request: () => ({ url: connectorPath(NO_SUCH_CONNECTOR) }) },
  'POST /api/connectors/:id/rotate-secret': { who: { permission: 'manageIngestKeys' }, request: () => ({ url: connectorRotatePath(NO_SUCH_CONNECTOR) }) },
  'POST /api/ingest/connectors/:connectorId': { who: { ingestKey: true }, request: () => ({ url: connectorReceivePath(matrixConnector), payload: {} }) },
  // CSV imports from the app (routes/api/imports): admins, as ingest keys and connectors are (an import is a way in for calls).
  'POST /api/imports': { who: { permission: 'manageIngestKeys' }, request: () => ({ url: IMPORTS_PATH, payload: {} }) },
  'PUT /api/imports/:id/mapping': { who: { permission: 'manageIngestKeys' }, request: () => ({ url: importMappingPath(NO_SUCH_ID), payload: { mapping: [] } }) },
  'POST /api/imports/:id/run': { who: { permission: 'manageIngestKeys' }, request: () => ({ url: importRunPath(NO_SUCH_ID) }) },
  // Report schedules (routes/api/report-schedules): anyone of the network schedules their own views (an admin any);
  // closed to partners. The one-click unsubscribe is the email's token alone, nobody's session.
  'POST /api/report-schedules': {
    who: { everyRole: 'own views scheduled' },
    partner: 403,
    request: () => ({ url: REPORT_SCHEDULES_PATH, payload: { viewId: NO_SUCH_ID, frequency: 'daily', timeOfDay: '07:00', recipientIds: [NO_SUCH_ID] } }),
  },
  'PUT /api/report-schedules/:id': { who: { everyRole: 'own schedules' }, partner: 403, request: () => ({ url: reportSchedulePath(NO_SUCH_ID), payload: { enabled: false } }) },
  'DELETE /api/report-schedules/:id': { who: { everyRole: 'own schedules' }, partner: 403, request: () => ({ url: reportSchedulePath(NO_SUCH_ID) }) },
  'POST /api/report-schedules/:id/send-now': { who: { everyRole: 'own schedules' }, partner: 403, request: () => ({ url: reportSendNowPath(NO_SUCH_ID) }) },
  'POST /api/report-schedules/:id/resend-last': { who: { everyRole: 'own schedules' }, partner: 403, request: () => ({ url: reportResendPath(NO_SUCH_ID) }) },
  'POST /api/report-schedules/unsubscribe': { who: { signedOut: true }, request: () => ({ url: `${REPORT_UNSUBSCRIBE_PATH}?token=${'A'.repeat(43)}` }) },
  // Alert rules (routes/api/alerts): reviewers and admins keep them; anyone of the network subscribes themself; closed to partners.
  'POST /api/alerts': { who: { permission: 'manageAlerts' }, request: () => ({ url: ALERTS_PATH, payload: MATRIX_ALERT }) },
  'POST /api/alerts/preview': { who: { permission: 'manageAlerts' }, request: () => ({ url: ALERT_PREVIEW_PATH, payload: MATRIX_ALERT }) },
  'PUT /api/alerts/:id': { who: { permission: 'manageAlerts' }, request: () => ({ url: alertPath(NO_SUCH_ID), payload: MATRIX_ALERT }) },
  'DELETE /api/alerts/:id': { who: { permission: 'manageAlerts' }, request: () => ({ url: alertPath(NO_SUCH_ID) }) },
  'PUT /api/alerts/:id/subscription': { who: { everyRole: 'own subscription' }, partner: 403, request: () => ({ url: alertSubscriptionPath(NO_SUCH_ID), payload: { channels: ['in_app'] } }) },
  'DELETE /api/alerts/:id/subscription': { who: { everyRole: 'own subscription' }, partner: 403, request: () => ({ url: alertSubscriptionPath(NO_SUCH_ID) }) },
  // Every account marks its own notifications read (routes/api/notifications), partners included.
  'POST /api/notifications/read': { who: { everyRole: 'own notifications' }, request: () => ({ url: NOTIFICATIONS_READ_PATH, payload: { all: true } }) },
  'POST /api/ingest/calls': { who: { ingestKey: true }, request: () => ({ url: '/api/ingest/calls', payload: { calls: [] } }) },
  'POST /api/ingest/qc': { who: { ingestKey: true }, request: () => ({ url: '/api/ingest/qc', payload: { results: [] } }) },
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const servedWrites = new Set<string>();

let t: TestApp;
const accounts = {} as Record<Role, { email: string; password: string }>;

beforeAll(async () => {
  t = await buildTestApp({
    ingestApiKey: INGEST_KEY,
    onRoute: (route) => {
      for (const method of [route.method].flat()) if (WRITE_METHODS.has(method)) servedWrites.add(`${method} ${route.url}`);
    },
  });
  await ingestAll(t.app, [makeCall(MATRIX_CALL)]);
  // The first account is the admin; the reviewer is made one through the users API, as an admin does.
  const admin = await signUp(t.app, 'Matrix Admin');
  matrixConnector = (await t.app.inject({ method: 'POST', url: CONNECTORS_PATH, headers: bearer(admin.token), payload: { name: 'Matrix', platform: 'generic' } })).json().data.id;
  const user = await signUp(t.app, 'Matrix User');
  const reviewer = await signUp(t.app, 'Matrix Reviewer');
  const promoted = await t.app.inject({
    method: 'PATCH',
    url: `${userPath(reviewer.user.id)}/role`,
    headers: bearer(admin.token),
    payload: { role: 'reviewer' },
  });
  expect(promoted.json().data.role).toBe('reviewer');
  for (const [role, account] of [['admin', admin], ['user', user], ['reviewer', reviewer]] as const) {
    accounts[role] = { email: account.user.email, password: account.password };
  }
  // The partner is made as an admin makes one, with its scope (the call's publisher).
  const [publisher] = await t.db.query<{ id: number }>('SELECT publisher_id AS id FROM calls WHERE system_call_id = $1', [MATRIX_CALL]);
  const partnerEmail = `matrix-partner-${randomUUID()}@example.com`;
  const partner = await t.app.inject({
    method: 'POST',
    url: API_PATHS.users,
    headers: bearer(admin.token),
    payload: {
      name: 'Matrix Partner',
      email: partnerEmail,
      password: OTHER_PASSWORD,
      role: 'partner',
      partnerScope: { kind: 'publisher', ids: [Number(publisher!.id)], historyFrom: null, ...DEFAULT_PARTNER_FIELDS },
    },
  });
  expect(partner.json().data.role).toBe('partner');
  accounts.partner = { email: partnerEmail, password: OTHER_PASSWORD };
});
afterAll(() => t.close());

test('every write route the API serves is in the matrix, and every entry is served', () => {
  expect([...servedWrites].sort()).toEqual(Object.keys(WRITE_ROUTES).sort());
});

test('the matrix covers every permission the contract declares', () => {
  const named = new Set(Object.values(WRITE_ROUTES).flatMap(({ who }) => ('permission' in who ? [who.permission] : [])));
  expect([...named].sort()).toEqual(Object.keys(PERMISSIONS).sort());
});

const CASES = ROLES.flatMap((role) => Object.keys(WRITE_ROUTES).map((route) => [role, route] as const));

test.each(CASES)('%s: %s', async (role, route) => {
  const { who, request, partner } = WRITE_ROUTES[route]!;
  // As inject types it: light-my-request 6.6 (held for Node 20, docs/decisions/0005) names no SEARCH method.
  const method = route.split(' ')[0] as HTTPMethods & InjectOptions['method'];
  // A fresh session and a fresh other person each time: sign-out, a password change or a deletion
  // elsewhere in the matrix ends nothing this request relies on.
  const admin = await login(t.app, accounts.admin.email, accounts.admin.password);
  const other = await t.app.inject({
    method: 'POST',
    url: API_PATHS.users,
    headers: bearer(admin.token),
    payload: { name: 'Other Person', email: `other-${randomUUID()}@example.com`, password: OTHER_PASSWORD, role: 'user' },
  });
  const otherUserEmail = other.json().data.email as string;
  const target: Target = {
    otherUserId: other.json().data.id as string,
    otherUserEmail,
    async sharedViewOfOther() {
      const owner = await login(t.app, otherUserEmail, OTHER_PASSWORD);
      const view = await t.app.inject({
        method: 'POST',
        url: API_PATHS.views,
        headers: bearer(owner.token),
        payload: { name: 'Team view', area: 'callLogs', query: '', shared: true },
      });
      return view.json().data.id as string;
    },
    async changeOfOther() {
      const email = `changer-${randomUUID()}@example.com`;
      await t.app.inject({
        method: 'POST',
        url: API_PATHS.users,
        headers: bearer(admin.token),
        payload: { name: 'Other Reviewer', email, password: OTHER_PASSWORD, role: 'reviewer' },
      });
      const changer = await login(t.app, email, OTHER_PASSWORD);
      const [call] = await t.db.query<{ id: string }>('SELECT id::text AS id FROM calls WHERE system_call_id = $1', [MATRIX_CALL]);
      // A new verdict each time, so the change is never "nothing to change".
      const change = await t.app.inject({ method: 'PUT', url: callDispositionPath(call!.id), headers: bearer(changer.token), payload: { status: 'Sales', reason: randomUUID() } });
      return change.json().data.changeId as string;
    },
  };
  const me = await login(t.app, accounts[role].email, accounts[role].password);
  expect(me.user.role).toBe(role);

  const { url, payload } = await request(target);
  const response = await t.app.inject({ method, url, payload, headers: bearer(me.token) });
  const answer = { route, role, status: response.statusCode };

  if (role === 'partner' && partner) {
    expect(answer).toEqual({ ...answer, status: partner });
  } else if ('permission' in who) {
    if (roleMay(role, who.permission)) expect(answer.status).not.toBe(403);
    else expect([answer, response.json().code]).toEqual([{ ...answer, status: 403 }, 'FORBIDDEN']);
  } else if ('ingestKey' in who) {
    expect(answer).toEqual({ ...answer, status: 401 });
  } else if ('partnerOnly' in who) {
    if (role === 'partner') expect(answer.status).not.toBe(403);
    else expect(answer).toEqual({ ...answer, status: 403 });
  } else {
    expect(answer.status).not.toBe(403);
  }
});

test('a role refused a route changes nothing: the other person is still there, still a user', async () => {
  const admin = await login(t.app, accounts.admin.email, accounts.admin.password);
  const created = await t.app.inject({
    method: 'POST',
    url: API_PATHS.users,
    headers: bearer(admin.token),
    payload: { name: 'Kept Person', email: `kept-${randomUUID()}@example.com`, password: 'secret-123', role: 'user' },
  });
  const kept = created.json().data as { id: string };
  for (const role of ['user', 'reviewer'] as const) {
    const me = await login(t.app, accounts[role].email, accounts[role].password);
    await t.app.inject({ method: 'PATCH', url: `${userPath(kept.id)}/role`, headers: bearer(me.token), payload: { role: 'admin' } });
    await t.app.inject({ method: 'DELETE', url: userPath(kept.id), headers: bearer(me.token) });
  }
  const after = await t.app.inject({ method: 'GET', url: userPath(kept.id), headers: bearer(admin.token) });
  expect(after.json().data).toMatchObject({ id: kept.id, name: 'Kept Person', role: 'user', active: true });
});
