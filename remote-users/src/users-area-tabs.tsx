/**
 * The Users area's tabs, one entry each: the address under /users, the label, who is offered it and the page.
 * app.tsx builds the routes and the tab links from this list alone, so a new tab (Import, say) is one line
 * here. The admin tabs are loaded on first use, each its own chunk: remoteEntry.js and the Users page carry
 * none of them.
 */
import type { ScreenAccess } from '@callboard/shared-auth/permission-gate';
import { lazy, type ComponentType } from 'react';
import { UsersPage } from './features/user-list/components/users-page';

export interface UsersAreaTab {
  /** Its address under the area: '' for the area's index. */
  path: string;
  label: string;
  /** Addresses below `path` that show the same page (one connector, by its id); the tab stays current there. */
  subPaths?: readonly string[];
  /** Whether the signed-in person is offered it (screen-access.ts); everyone else's address for it goes to /. */
  shownTo: (access: ScreenAccess) => boolean;
  page: ComponentType;
}

const everyone = () => true;
const deliveryAdmins = (access: ScreenAccess) => access.mayManageDeliveries;

export const USERS_AREA_TABS: readonly UsersAreaTab[] = [
  { path: '', label: 'Users', shownTo: everyone, page: UsersPage },
  { path: 'endpoints', label: 'Delivery endpoints', shownTo: deliveryAdmins, page: lazy(() => import('./features/deliveries/components/endpoints-page')) },
  { path: 'deliveries', label: 'Deliveries', shownTo: deliveryAdmins, page: lazy(() => import('./features/deliveries/components/deliveries-page')) },
  { path: 'outbox', label: 'Outbox', shownTo: deliveryAdmins, page: lazy(() => import('./features/deliveries/components/outbox-page')) },
  { path: 'event-subscriptions', label: 'Event subscriptions', shownTo: deliveryAdmins, page: lazy(() => import('./features/event-subscriptions/components/subscriptions-page')) },
  {
    path: 'connectors',
    label: 'Connectors',
    subPaths: [':connectorId'],
    shownTo: (access) => access.mayManageConnectors,
    page: lazy(() => import('./features/connectors/components/connectors-page')),
  },
  // A CSV import is a way in for calls, as a connector is: the same admins (manageIngestKeys). One import at import/<id>.
  {
    path: 'import',
    label: 'Import',
    subPaths: [':importId'],
    shownTo: (access) => access.mayManageConnectors,
    page: lazy(() => import('./features/import/components/import-page')),
  },
];
