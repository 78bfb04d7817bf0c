/**
 * The notification centre's spec (routes/api/notifications, migration 0033): every generated partner is told
 * something, beside the admin and another partner; it lists exactly its own notifications, newest first, with
 * its own unread count; marking another account's ids read changes nothing, and "all" marks only its own.
 */
import { NOTIFICATIONS_PATH, NOTIFICATIONS_READ_PATH, type NotificationList, type NotificationsReadResult } from '@callboard/contract/notifications';
import { notify } from '../../src/domain/notifications/notifications';
import { bearer } from '../support/test-app';
import { expectNoForeignKeysOrNames, partnerOk, type EndpointSpec } from './matrix';

const notifications: EndpointSpec = {
  name: 'notifications',
  routes: [
    { method: 'GET', url: NOTIFICATIONS_PATH },
    { method: 'POST', url: NOTIFICATIONS_READ_PATH },
  ],
  async check(world, partner) {
    const another = world.partners.find((p) => p.userId !== partner.userId)!;
    await notify(world.t.db, [
      { userId: partner.userId, kind: 'report.sent', title: `For ${partner.label}`, body: 'Your weekly report', link: '/reporting' },
      { userId: world.admin.user.id, kind: 'alert.fired', title: 'For the admin', body: 'A network alert', link: '/reporting' },
      { userId: another.userId, kind: 'report.sent', title: `For ${another.label}`, body: 'Another partner’s report', link: '/reporting' },
    ]);
    const own = await world.t.db.query<{ id: string; read: boolean }>(
      'SELECT id::text AS id, read_at IS NOT NULL AS read FROM notifications WHERE user_id = $1 ORDER BY notifications.id DESC',
      [partner.userId],
    );
    const listed = await partnerOk<{ data: NotificationList }>(world, partner, NOTIFICATIONS_PATH);
    expectNoForeignKeysOrNames(world, partner, listed);
    expect(listed.data.notifications.map((n) => n.id)).toEqual(own.map((row) => row.id));
    expect(listed.data.unreadCount).toBe(own.filter((row) => !row.read).length);

    const foreign = await world.t.db.query<{ id: string }>('SELECT id::text AS id FROM notifications WHERE user_id <> $1', [partner.userId]);
    const post = (payload: object) =>
      world.t.app.inject({ method: 'POST', url: NOTIFICATIONS_READ_PATH, headers: bearer(partner.token), payload: payload as Record<string, unknown> });
    const theirs = await post({ ids: foreign.slice(0, 200).map((row) => row.id) });
    expect(theirs.statusCode).toBe(200);
    expect((theirs.json().data as NotificationsReadResult).marked).toBe(0);
    const unreadElsewhere = await world.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id <> $1 AND read_at IS NULL', [partner.userId]);

    const all = await post({ all: true });
    expect(all.json().data).toMatchObject({ unreadCount: 0 });
    const after = await world.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id <> $1 AND read_at IS NULL', [partner.userId]);
    expect(after).toEqual(unreadElsewhere);
  },
};

export const notificationsSpecs: EndpointSpec[] = [notifications];
