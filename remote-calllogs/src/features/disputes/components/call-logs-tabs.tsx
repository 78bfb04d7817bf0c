import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { AreaTabs } from '@callboard/shared-ui/area-tabs';

/** Whether the person has a Disputes tab: reviewers and admins work the queue, partners read their own disputes. */
export function useSeesDisputesTab(): boolean {
  const { mayDecideDisputes, partner } = useScreenAccess();
  return mayDecideDisputes || partner !== null;
}

/**
 * The area's tabs: the log and the Disputes queue (shared-ui's AreaTabs, linked from where the area is mounted).
 * Which is current is said by the page drawing them: the log's address is the start of every other one.
 * Nothing for a person without the Disputes tab.
 */
export function CallLogsTabs({ active }: { active: 'log' | 'disputes' }) {
  const seesDisputes = useSeesDisputesTab();
  if (!seesDisputes) return null;
  return (
    <AreaTabs
      label="Call Logs views"
      size="sm"
      tabs={[
        { path: '', label: 'Log', current: active === 'log' },
        { path: '/disputes', label: 'Disputes', current: active === 'disputes' },
      ]}
    />
  );
}
