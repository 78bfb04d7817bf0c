import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { Link } from '@callboard/shared-router';
import { useAreaBase } from '../hooks/use-area-base';
import './call-logs-tabs.css';

/** Whether the person has a Disputes tab: reviewers and admins work the queue, partners read their own disputes. */
export function useSeesDisputesTab(): boolean {
  const { mayDecideDisputes, partner } = useScreenAccess();
  return mayDecideDisputes || partner !== null;
}

/**
 * The area's tabs: the log and the Disputes queue, linked absolutely from where the area is mounted (use-area-base.ts).
 * Nothing for a person without the Disputes tab.
 */
export function CallLogsTabs({ active }: { active: 'log' | 'disputes' }) {
  const seesDisputes = useSeesDisputesTab();
  const base = useAreaBase();
  if (!seesDisputes) return null;
  const tab = (name: 'log' | 'disputes', path: string, label: string) => (
    <Link to={`${base}${path}` || '/'} className={name === active ? 'calllogs__tab calllogs__tab--active' : 'calllogs__tab'} aria-current={name === active ? 'page' : undefined}>
      {label}
    </Link>
  );
  return (
    <nav className="calllogs__tabs" aria-label="Call Logs views">
      {tab('log', '', 'Log')}
      {tab('disputes', '/disputes', 'Disputes')}
    </nav>
  );
}
