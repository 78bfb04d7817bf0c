import { makePartner, makeUser } from '@callboard/shared-auth/testing/fetch-mock';
import { screenAccessOf } from './screen-access';

describe('screen access', () => {
  it.each(['user', 'reviewer', 'admin'] as const)('a %s is offered every field, dimension and area, and corrects calls as the role may', (role) => {
    const access = screenAccessOf(makeUser({ role }));
    expect(access.partner).toBeNull();
    for (const field of ['publisherName', 'buyerName', 'callerId', 'transcript', 'recordingUrl', 'revenue', 'payout', 'profit']) {
      expect(access.seesField(field)).toBe(true);
    }
    expect(['publisher', 'buyer', 'target', 'campaign'].every((d) => access.seesDimension(d as 'publisher'))).toBe(true);
    expect(access).toMatchObject({ costs: 'all', seesUsers: true, seesScorecard: true, seesTeamViews: true, mayWrite: true, seesCallHistory: true });
    expect(access.mayCorrectCalls).toBe(role !== 'user');
  });

  it('a publisher partner sees its payout and no revenue or profit, not its buyers or targets, and reads only', () => {
    const access = screenAccessOf(makePartner('publisher'));
    expect(access.partner?.kind).toBe('publisher');
    expect([access.seesField('payout'), access.seesField('revenue'), access.seesField('profit')]).toEqual([true, false, false]);
    expect([access.seesMoney('payout'), access.seesMoney('revenue'), access.seesMoney('profit')]).toEqual([true, false, false]);
    expect(['publisherName', 'systemName', 'campaignName'].map(access.seesField)).toEqual([true, true, true]);
    expect(['buyerName', 'systemBuyerId', 'target_name'].map(access.seesField)).toEqual([false, false, false]);
    expect(['publisher', 'campaign', 'buyer', 'target'].map((d) => access.seesDimension(d as 'publisher'))).toEqual([true, true, false, false]);
    expect(access).toMatchObject({ costs: 'payout', seesUsers: false, seesScorecard: false, seesTeamViews: false, mayCorrectCalls: false, seesCallHistory: false, mayWrite: true });
  });

  it('a buyer partner sees revenue, not payout, profit or the publisher, and has no Costs', () => {
    const access = screenAccessOf(makePartner('buyer'));
    expect([access.seesField('revenue'), access.seesField('payout'), access.seesField('profit')]).toEqual([true, false, false]);
    expect(['publisherName', 'systemName', 'systemPublisherId'].map(access.seesField)).toEqual([false, false, false]);
    expect(['buyerName', 'target_name'].map(access.seesField)).toEqual([true, true]);
    expect(access.costs).toBe('none');
  });

  it('the counterparty, caller id, transcript and recording follow the scope’s switches', () => {
    const open = screenAccessOf(makePartner('buyer', { counterparty: true, callerId: 'full', transcripts: true, recordings: true }));
    expect(['publisherName', 'callerId', 'transcript', 'recordingUrl'].map(open.seesField)).toEqual([true, true, true, true]);
    const closed = screenAccessOf(makePartner('buyer', { counterparty: false, callerId: 'hidden', transcripts: false, recordings: false }));
    expect(['publisherName', 'callerId', 'transcript', 'recordingUrl'].map(closed.seesField)).toEqual([false, false, false, false]);
    // Masked caller ids are shown as the server masks them.
    expect(screenAccessOf(makePartner('publisher', { callerId: 'masked' })).seesField('callerId')).toBe(true);
  });

  it('an admin viewing as a partner sees the partner’s view and may change nothing', () => {
    const access = screenAccessOf(makePartner('publisher', {}, { viewAsBy: { id: 'a1', name: 'Grace Admin' } }));
    expect(access.partner?.kind).toBe('publisher');
    expect(access.mayWrite).toBe(false);
    expect(access.mayCorrectCalls).toBe(false);
  });

  it('a partner account without its scope is given the narrowest view: no money, no texts, no counterparty, no Costs', () => {
    const access = screenAccessOf(makeUser({ role: 'partner' }));
    expect(['revenue', 'payout', 'profit', 'callerId', 'transcript', 'recordingUrl', 'buyerName', 'target_name'].some(access.seesField)).toBe(false);
    expect(access.costs).toBe('none');
    expect(access.seesUsers).toBe(false);
  });

  it('disputes: a buyer partner and a reviewer or admin open them; only a reviewer or admin decides; a publisher partner, a user and a view as do neither', () => {
    const of = (access: ReturnType<typeof screenAccessOf>) => [access.mayOpenDisputes, access.mayDecideDisputes];
    expect(of(screenAccessOf(makeUser({ role: 'user' })))).toEqual([false, false]);
    expect(of(screenAccessOf(makeUser({ role: 'reviewer' })))).toEqual([true, true]);
    expect(of(screenAccessOf(makeUser({ role: 'admin' })))).toEqual([true, true]);
    expect(of(screenAccessOf(makePartner('buyer')))).toEqual([true, false]);
    expect(of(screenAccessOf(makePartner('publisher')))).toEqual([false, false]);
    expect(of(screenAccessOf(makePartner('buyer', {}, { viewAsBy: { id: 'a1', name: 'Grace Admin' } })))).toEqual([false, false]);
  });

  it('dispute windows: an admin sets them, a reviewer reads them, a user, a partner and a view as are not offered them', () => {
    expect((['user', 'reviewer', 'admin'] as const).map((role) => screenAccessOf(makeUser({ role })).disputeWindows)).toEqual(['none', 'read', 'edit']);
    expect(screenAccessOf(makePartner('buyer')).disputeWindows).toBe('none');
    expect(screenAccessOf(makePartner('publisher')).disputeWindows).toBe('none');
    expect(screenAccessOf(makePartner('buyer', {}, { viewAsBy: { id: 'a1', name: 'Grace Admin' } })).disputeWindows).toBe('none');
  });

  it('deliveries and connectors: an admin manages them; a user, a reviewer, a partner and a view as are not offered them', () => {
    const of = (access: ReturnType<typeof screenAccessOf>) => [access.mayManageDeliveries, access.mayManageConnectors];
    expect((['user', 'reviewer', 'admin'] as const).map((role) => of(screenAccessOf(makeUser({ role }))))).toEqual([
      [false, false],
      [false, false],
      [true, true],
    ]);
    expect(of(screenAccessOf(makePartner('buyer')))).toEqual([false, false]);
    expect(of(screenAccessOf(makePartner('publisher', {}, { viewAsBy: { id: 'a1', name: 'Grace Admin' } })))).toEqual([false, false]);
  });

  it('alerts and scheduled reports: the network’s people see both; reviewers and admins keep the rules; an admin schedules anyone’s view; a partner and a view as see neither', () => {
    const of = (access: ReturnType<typeof screenAccessOf>) => [access.seesAlerts, access.mayManageAlerts, access.seesReportSchedules, access.mayScheduleOthersViews];
    expect((['user', 'reviewer', 'admin'] as const).map((role) => of(screenAccessOf(makeUser({ role }))))).toEqual([
      [true, false, true, false],
      [true, true, true, false],
      [true, true, true, true],
    ]);
    expect(of(screenAccessOf(makePartner('buyer')))).toEqual([false, false, false, false]);
    expect(of(screenAccessOf(makePartner('publisher', {}, { viewAsBy: { id: 'a1', name: 'Grace Admin' } })))).toEqual([false, false, false, false]);
  });
});
