import { SEARCH_MAX_LENGTH, type PublicUser } from '@callboard/contract';
import { useSession } from '@callboard/shared-auth/use-session';
import { useNavigate } from '@callboard/shared-router';
import { Alert } from '@callboard/shared-ui/alert';
import { Badge } from '@callboard/shared-ui/badge';
import { Button } from '@callboard/shared-ui/button';
import { EmptyState } from '@callboard/shared-ui/empty-state';
import { formatCount } from '@callboard/shared-ui/format';
import { ErrorIcon, PlusIcon, RefreshIcon, SearchIcon, UsersIcon } from '@callboard/shared-ui/icons';
import { TextField } from '@callboard/shared-ui/text-field';
import { useEffect, useMemo, useState } from 'react';
import { useDebouncedValue } from '@callboard/shared-ui/use-debounced-value';
import { UsersPagination } from '../../pagination/components/users-pagination';
import { ADMIN_ONLY_REASON, userPermissions } from '../../permissions/hooks/user-permissions';
import { DeleteUserDialog } from '../../user-dialogs/components/delete-user-dialog';
import { UserFormDialog, type UserDialogTarget } from '../../user-dialogs/components/user-form-dialog';
import { LOAD_FAILED_MESSAGE, totalPagesOf, useUnfilteredTotal, useUserList } from '../api/user-list';
import { useUserActions } from '../hooks/use-user-actions';
import { UsersTable } from './users-table';
import './users-page.css';

/** Search debounce. */
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_PLACEHOLDER = 'Search users by name, email, or role...';

/** User Management: the list, search, pagination, and the create/edit/delete dialogs. */
export function UsersPage() {
  const { user: me } = useSession();
  const permissions = useMemo(() => userPermissions(me), [me]);

  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const searching = search !== '';

  // The page belongs to the search it was chosen for: a new search starts at page 1 in the same
  // render, so no request ever goes out for the old page with the new search.
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const goToPage = (next: number) => setPaging({ search, page: next });

  const list = useUserList(page, search);
  const unfilteredTotal = useUnfilteredTotal(searching);
  const actions = useUserActions();
  const navigate = useNavigate();
  // The partner's view opens on Reporting, the first screen a partner has (this area is not one of them).
  const viewAs = async (user: PublicUser) => {
    if (await actions.viewAs(user.id ?? user._id)) void navigate('/');
  };

  const [dialog, setDialog] = useState<UserDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<PublicUser | null>(null);

  const totalPages = totalPagesOf(list.data);
  // After a delete empties the last page, follow the list back to its new last page.
  useEffect(() => {
    if (totalPages > 0 && page > totalPages) setPaging({ search, page: totalPages });
  }, [page, totalPages, search]);

  // Every control is disabled while any request runs — a page change, a Retry, or a save.
  const busy = list.isValidating || actions.pending;
  const users = list.data?.data ?? [];
  const total = searching ? unfilteredTotal : list.data?.total;

  const emptyState =
    list.error && !list.data ? (
      <EmptyState
        icon={<ErrorIcon size={22} />}
        title={LOAD_FAILED_MESSAGE}
        description="Please try again later"
        action={
          <Button icon={<RefreshIcon size={14} />} busy={list.isValidating} onClick={() => void list.mutate()}>
            Retry
          </Button>
        }
      />
    ) : searching ? (
      <EmptyState icon={<SearchIcon size={22} />} title="No users found" description="Try adjusting your search terms" />
    ) : (
      <EmptyState icon={<UsersIcon size={22} />} title="No users available" description="Create your first user to get started" />
    );

  return (
    <section className="cb-page users-page">
      <header className="cb-page__header">
        <div className="users-page__heading">
          <h1 className="cb-page__title">User Management</h1>
          <div className="users-page__counts" aria-live="polite">
            {total !== undefined ? <Badge tone="neutral">{formatCount(total)} user(s) total</Badge> : null}
            {searching && list.data ? <Badge tone="accent">{formatCount(list.data.total)} filtered</Badge> : null}
          </div>
        </div>
        <Button
          variant="primary"
          icon={<PlusIcon size={14} />}
          disabled={!permissions.canCreate}
          title={permissions.canCreate ? undefined : ADMIN_ONLY_REASON}
          onClick={() => setDialog({ mode: 'create' })}
        >
          Add User
        </Button>
      </header>

      {permissions.mayManageUsers ? null : (
        <Alert tone="info" title={ADMIN_ONLY_REASON}>
          You can view the team and change your own name and password.
        </Alert>
      )}

      <div className="cb-card users-page__card">
        <div className="cb-card__header">
          <TextField
            className="users-page__search"
            label="Search users"
            hideLabel
            type="search"
            placeholder={SEARCH_PLACEHOLDER}
            maxLength={SEARCH_MAX_LENGTH}
            leadingIcon={<SearchIcon size={14} />}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <UsersTable
          users={users}
          permissions={permissions}
          loading={list.isLoading}
          actionsDisabled={actions.pending}
          emptyState={emptyState}
          onEdit={(user) => setDialog({ mode: 'edit', user })}
          onDelete={(user) => setDeleting(user)}
          onViewAs={(user) => void viewAs(user)}
        />
        <UsersPagination page={page} totalPages={totalPages} busy={busy} onPageChange={goToPage} />
      </div>

      <UserFormDialog
        target={dialog}
        editAccess={permissions.edit}
        onCreate={actions.create}
        onUpdate={actions.update}
        onClose={() => setDialog(null)}
      />
      <DeleteUserDialog user={deleting} onConfirm={(user) => actions.remove(user.id ?? user._id)} onClose={() => setDeleting(null)} />
    </section>
  );
}
