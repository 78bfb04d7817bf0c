import { VIEW_NAME_MAX_LENGTH, type SavedView, type ViewArea } from '@callboard/contract';
import { usePermission, useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { useSession } from '@callboard/shared-auth/use-session';
import { Badge } from '@callboard/shared-ui/badge';
import { Button } from '@callboard/shared-ui/button';
import { Dropdown } from '@callboard/shared-ui/dropdown';
import { filtersAtom } from '@callboard/shared-ui/filter-atoms';
import { CalendarIcon, CheckIcon, EditIcon, PlusIcon, TrashIcon } from '@callboard/shared-ui/icons';
import { LoadError } from '@callboard/shared-ui/load-error';
import { columnSettingsAtom, visibleColumnKeys } from '@callboard/shared-ui/record-columns-atom';
import { Spinner } from '@callboard/shared-ui/spinner';
import { openViewAtom } from '@callboard/shared-ui/use-filters-in-url';
import { useNavigate } from '@callboard/shared-router';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useId, useState } from 'react';
import { useDefaultViewId, useSavedViews, useViewActions } from './use-saved-views';
import { DeleteViewDialog, ViewNameDialog } from './view-dialogs';
import { scheduleLocation, viewLocation, viewQueryOf } from './view-query';
import './views-menu.css';

type OpenDialog = { kind: 'save' } | { kind: 'rename'; view: SavedView } | { kind: 'delete'; view: SavedView } | null;

interface ViewListProps {
  title: string;
  empty: string;
  views: SavedView[];
  onOpen: (view: SavedView) => void;
  /** Whether the signed-in person may delete this view (the server decides again). */
  canDelete: (view: SavedView) => boolean;
  /** Given for your own views only: nobody renames another person's view. */
  onRename?: (view: SavedView) => void;
  onDelete: (view: SavedView) => void;
  /** Shown after the name: whose view it is, or that it is shared. */
  note: (view: SavedView) => string | null;
  /** The person's default view of the area (a bare address opens it), or null. */
  defaultId: string | null;
  /** Makes the view the default, or with null unsets it; absent where nothing may be changed (viewing as a partner). */
  onSetDefault?: (viewId: string | null) => void;
  /** Opens the schedule form on the view (Reporting's Reports tab); absent where these views may not be scheduled. */
  onSchedule?: (view: SavedView) => void;
}

function ViewList({ title, empty, views, onOpen, canDelete, onRename, onDelete, note, defaultId, onSetDefault, onSchedule }: ViewListProps) {
  const headingId = useId();
  return (
    <section className="views-menu__section" aria-labelledby={headingId}>
      <h3 id={headingId} className="views-menu__heading">
        {title}
      </h3>
      {views.length === 0 ? (
        <p className="views-menu__empty">{empty}</p>
      ) : (
        <ul className="views-menu__list">
          {views.map((view) => {
            const aside = note(view);
            const isDefault = view.id === defaultId;
            return (
              <li key={view.id} className="views-menu__item">
                <button type="button" className="views-menu__open" title={view.name} onClick={() => onOpen(view)}>
                  <span className="views-menu__name">{view.name}</span>
                  {isDefault ? (
                    <Badge size="sm" tone="success">
                      Default
                    </Badge>
                  ) : null}
                  {aside ? (
                    <Badge size="sm" tone={view.shared ? 'accent' : 'neutral'}>
                      {aside}
                    </Badge>
                  ) : null}
                </button>
                {onSetDefault ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    iconOnly
                    icon={<CheckIcon size={14} />}
                    className={isDefault ? 'views-menu__default views-menu__default--on' : 'views-menu__default'}
                    aria-label={isDefault ? `Unset ${view.name} as my default view` : `Make ${view.name} my default view`}
                    title={isDefault ? 'Unset my default view' : 'Make this my default view'}
                    onClick={() => onSetDefault(isDefault ? null : view.id)}
                  />
                ) : null}
                {onSchedule ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    iconOnly
                    icon={<CalendarIcon size={14} />}
                    aria-label={`Schedule ${view.name}…`}
                    title="Schedule…: email this view daily, weekly or monthly"
                    onClick={() => onSchedule(view)}
                  />
                ) : null}
                {onRename ? (
                  <Button variant="ghost" size="sm" iconOnly icon={<EditIcon size={14} />} aria-label={`Rename ${view.name}`} onClick={() => onRename(view)} />
                ) : null}
                {canDelete(view) ? (
                  <Button variant="ghost" size="sm" iconOnly icon={<TrashIcon size={14} />} aria-label={`Delete ${view.name}`} onClick={() => onDelete(view)} />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * The top bar's Views menu for the area on screen: "My views" and "Shared
 * views" (the team's, each with its owner), each opening its view; "Save
 * current view" names the filters in force (and, in Reporting, the records
 * columns shown) and may share them; your own views can be renamed and deleted,
 * and an admin may delete a shared one. Any view listed can be made the
 * person's default of the area (marked Default, and unset the same way), which
 * a bare address of the area opens. The list is read when the menu opens.
 * A partner's views are its own: no team list, no sharing; an admin viewing as a partner only opens them.
 * Schedule… on a view the person may schedule opens Reporting's Reports tab with the schedule form on it.
 */
export function ViewsMenu({ area }: { area: ViewArea }) {
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { user } = useSession();
  // The owner deletes their own; someone else's shared view only the roles contract/src/permissions.ts lets tidy them.
  const mayDeleteShared = usePermission('deleteSharedViews');
  const { seesTeamViews, mayWrite, seesReportSchedules, mayScheduleOthersViews } = useScreenAccess();
  const { views, isLoading, error, retry } = useSavedViews(open);
  const defaultId = useDefaultViewId(area, open);
  const actions = useViewActions();
  const store = useStore();
  const openView = useSetAtom(openViewAtom);
  const navigate = useNavigate();
  const filters = useAtomValue(filtersAtom);

  const inArea = views.filter((view) => view.area === area);
  const mine = inArea.filter((view) => view.ownerId === user?.id);
  const team = inArea.filter((view) => view.ownerId !== user?.id);
  const closeDialog = () => setDialog(null);
  const setDefault = mayWrite ? (viewId: string | null) => void actions.setDefault(area, viewId) : undefined;

  // The network's people schedule their own views, an admin anyone's (the server judges again); a partner none.
  const schedule = (close: () => void) => (view: SavedView) => {
    close();
    void navigate(scheduleLocation(view.id));
  };

  const show = (view: SavedView, close: () => void) => {
    close();
    openView(view);
    void navigate(viewLocation(view.area, view.query));
  };

  const saveCurrent = (name: string, shared: boolean) =>
    actions.save({
      name,
      area,
      query: viewQueryOf(filters, area),
      // Only Reporting has the records table whose columns a view keeps.
      columns: area === 'reporting' ? visibleColumnKeys(store.get(columnSettingsAtom)) : null,
      shared,
    });

  return (
    <>
      <Dropdown label="Views" menuLabel="Views" open={open} onOpenChange={setOpen} size="sm" width={320} className="views-menu" triggerClassName="views-menu__trigger">
        {(close) => (
          <div className="views-menu__panel">
            {isLoading ? (
              <p className="views-menu__loading">
                <Spinner size="sm" decorative /> Loading views…
              </p>
            ) : error !== undefined ? (
              <LoadError title="Failed to load views." error={error} onRetry={retry} />
            ) : (
              <>
                <ViewList
                  title="My views"
                  empty="No saved views yet."
                  views={mine}
                  onOpen={(view) => show(view, close)}
                  canDelete={() => mayWrite}
                  onRename={
                    mayWrite
                      ? (view) => {
                          close();
                          setDialog({ kind: 'rename', view });
                        }
                      : undefined
                  }
                  onDelete={(view) => {
                    close();
                    setDialog({ kind: 'delete', view });
                  }}
                  note={(view) => (view.shared ? 'Shared' : null)}
                  defaultId={defaultId}
                  onSetDefault={setDefault}
                  onSchedule={seesReportSchedules ? schedule(close) : undefined}
                />
                {seesTeamViews ? (
                  <ViewList
                    title="Shared views"
                    empty="No views shared by the team."
                    views={team}
                    onOpen={(view) => show(view, close)}
                    canDelete={() => mayDeleteShared}
                    onDelete={(view) => {
                      close();
                      setDialog({ kind: 'delete', view });
                    }}
                    note={(view) => `by ${view.ownerName}`}
                    defaultId={defaultId}
                    onSetDefault={setDefault}
                    onSchedule={seesReportSchedules && mayScheduleOthersViews ? schedule(close) : undefined}
                  />
                ) : null}
              </>
            )}
            {mayWrite ? (
              <div className="views-menu__footer">
                <Button
                  size="sm"
                  variant="primary"
                  icon={<PlusIcon size={14} />}
                  onClick={() => {
                    close();
                    setDialog({ kind: 'save' });
                  }}
                >
                  Save current view
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </Dropdown>
      {dialog?.kind === 'save' ? (
        <ViewNameDialog title="Save view" submitLabel="Save" initialName="" offerSharing={seesTeamViews} maxLength={VIEW_NAME_MAX_LENGTH} onSubmit={saveCurrent} onClose={closeDialog} />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <ViewNameDialog
          title="Rename view"
          submitLabel="Rename"
          initialName={dialog.view.name}
          maxLength={VIEW_NAME_MAX_LENGTH}
          onSubmit={(name) => actions.rename(dialog.view.id, name)}
          onClose={closeDialog}
        />
      ) : null}
      {dialog?.kind === 'delete' ? <DeleteViewDialog view={dialog.view} onConfirm={() => actions.remove(dialog.view.id)} onClose={closeDialog} /> : null}
    </>
  );
}
