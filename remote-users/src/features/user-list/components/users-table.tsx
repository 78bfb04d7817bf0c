import { partnerScopeBadge, type PublicUser } from '@callboard/contract';
import { Badge } from '@callboard/shared-ui/badge';
import { Button } from '@callboard/shared-ui/button';
import { EditIcon, EyeIcon, TrashIcon } from '@callboard/shared-ui/icons';
import { RowMenu, Table, type TableColumn } from '@callboard/shared-ui/table';
import type { ReactNode } from 'react';
import { ADMIN_ONLY_REASON, type UserPermissions } from '../../permissions/hooks/user-permissions';
import { RoleBadge } from './role-badge';
import { UserAvatar } from './user-avatar';
import './users-table.css';

export const NO_NAME = 'N/A';
export const LOADING_USERS = 'Loading users...';

export interface UsersTableProps {
  users: readonly PublicUser[];
  permissions: UserPermissions;
  /** Shows the "Loading users..." overlay (over the previous rows when there are some). */
  loading: boolean;
  /** A change is being saved: row actions wait for it. */
  actionsDisabled: boolean;
  /** What the body shows without rows: one of the empty states, or the load failure with Retry. */
  emptyState: ReactNode;
  onEdit: (user: PublicUser) => void;
  onDelete: (user: PublicUser) => void;
  /** Opens the partner's view, read-only (View as partner). */
  onViewAs: (user: PublicUser) => void;
}

/** Who a row is, for the action buttons' accessible names. */
export function userLabel(user: PublicUser): string {
  return user.name?.trim() || user.email;
}

/**
 * The users table — Name (avatar, "N/A" when empty), Email, Role, Status, Actions. On a phone each
 * user is a card (shared-ui table.css): the name over the email, the role and status badges, and Edit
 * and Delete in the row's menu.
 */
export function UsersTable({ users, permissions, loading, actionsDisabled, emptyState, onEdit, onDelete, onViewAs }: UsersTableProps) {
  const columns: TableColumn<PublicUser>[] = [
    {
      key: 'name',
      label: 'Name',
      width: 240,
      card: 'title',
      render: (user) => {
        const name = user.name?.trim();
        return (
          <span className="users-table__name">
            <UserAvatar src={user.avatar} />
            <span className={name ? 'users-table__name-text' : 'users-table__name-text users-table__name-text--missing'}>
              {name || NO_NAME}
            </span>
          </span>
        );
      },
    },
    { key: 'email', label: 'Email', width: 260, nowrap: true, card: 'detail', render: (user) => <span title={user.email}>{user.email}</span> },
    {
      key: 'role',
      label: 'Role',
      width: 200,
      card: 'badge',
      // A partner's scope beside its role: "Publisher partner · 2 sources".
      render: (user) => (
        <span className="users-table__role">
          <RoleBadge role={user.role} />
          {user.partnerScope ? <Badge tone="neutral">{partnerScopeBadge(user.partnerScope)}</Badge> : null}
        </span>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      width: 110,
      card: 'badge',
      render: (user) => (
        <Badge tone={user.active ? 'success' : 'neutral'} dot>
          {user.active ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      width: 260,
      align: 'end',
      card: 'menu',
      render: (user) => {
        const label = userLabel(user);
        const deletable = permissions.canDelete(user);
        const deleteReason = deletable ? undefined : ADMIN_ONLY_REASON;
        const viewAs = permissions.showsViewAs(user);
        return (
          <>
            <span className="users-table__actions">
              {viewAs ? (
                <Button
                  size="sm"
                  variant="ghost"
                  icon={<EyeIcon size={14} />}
                  aria-label={`View as ${label}`}
                  title="See what this partner sees, read-only (recorded in the audit log)"
                  disabled={actionsDisabled}
                  onClick={() => onViewAs(user)}
                >
                  View as…
                </Button>
              ) : null}
              <Button
                size="sm"
                variant="ghost"
                icon={<EditIcon size={14} />}
                aria-label={`Edit ${label}`}
                disabled={actionsDisabled}
                onClick={() => onEdit(user)}
              >
                Edit
              </Button>
              {permissions.showsDelete(user) ? (
                <Button
                  size="sm"
                  variant="ghost"
                  className="users-table__delete"
                  icon={<TrashIcon size={14} />}
                  aria-label={`Delete ${label}`}
                  title={deleteReason}
                  disabled={actionsDisabled || !deletable}
                  onClick={() => onDelete(user)}
                >
                  Delete
                </Button>
              ) : null}
            </span>
            <RowMenu
              name={label}
              items={[
                ...(viewAs
                  ? [{ key: 'view-as', label: 'View as…', icon: <EyeIcon size={14} />, disabled: actionsDisabled, onSelect: () => onViewAs(user) }]
                  : []),
                { key: 'edit', label: 'Edit', icon: <EditIcon size={14} />, disabled: actionsDisabled, onSelect: () => onEdit(user) },
                ...(permissions.showsDelete(user)
                  ? [
                      {
                        key: 'delete',
                        label: 'Delete',
                        icon: <TrashIcon size={14} />,
                        danger: true,
                        disabled: actionsDisabled || !deletable,
                        reason: deleteReason,
                        onSelect: () => onDelete(user),
                      },
                    ]
                  : []),
              ]}
            />
          </>
        );
      },
    },
  ];

  return (
    <Table
      label="Users"
      columns={columns}
      rows={users}
      rowKey={(user) => user.id ?? user._id}
      rowClassName={(user) => (user.active ? undefined : 'users-table__row--inactive')}
      loading={loading}
      loadingText={LOADING_USERS}
      emptyText={emptyState}
    />
  );
}
