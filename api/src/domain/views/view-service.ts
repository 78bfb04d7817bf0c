import {
  roleMay,
  SHARED_VIEWS_LISTED_MAX,
  VIEW_MESSAGES,
  VIEWS_PER_OWNER_MAX,
  type PublicUser,
  type SavedView,
  type SavedViewBody,
  type ViewArea,
  type ViewDefaults,
} from '@callboard/contract';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/unavailable';
import { conflict, forbidden, notFound, validationFailed } from '../../http/http-error';
import { currentPartnerScope } from '../partners/request-scope';
import { viewErrors } from './view-rules';
import { viewsRepository, type ViewAudience, type ViewFields } from './views-repository';

/** The query as kept: without the "?" a copied URL part may start with. */
function storedQuery(query: string): string {
  return query.startsWith('?') ? query.slice(1) : query;
}

/**
 * Whose views a reader sees: a partner account (or anyone reading as one) only its own, never the team's
 * shared views, which hold the network's filters and names; the network's people each other's shared
 * views, never a partner's (issue 34).
 */
export function audienceOf(user: PublicUser): ViewAudience {
  return user.role === 'partner' || currentPartnerScope() !== undefined ? 'own' : 'team';
}

/** A partner's view is private: asking to share it is refused, naming the field. */
function refuseSharing(user: PublicUser, shared: boolean | undefined): void {
  if (shared === true && audienceOf(user) === 'own') throw validationFailed([{ field: 'shared', message: VIEW_MESSAGES.partnerCannotShare }]);
}

/**
 * Saved views, apart from HTTP. Anyone signed in keeps their own views and
 * sees the team's shared ones. Only the owner changes a view; a shared view
 * may also be deleted by an admin (tidying the team's menu), never edited by
 * one. Another person's private view does not exist for anybody else (404),
 * admins included.
 */
export class ViewService {
  constructor(private readonly db: Database) {}

  /** Their own views and the team's latest shared ones: every account's shared views reach this list, so it is bounded. */
  list(user: PublicUser): Promise<SavedView[]> {
    return viewsRepository.listVisible(this.db, user.id, SHARED_VIEWS_LISTED_MAX, audienceOf(user));
  }

  async create(user: PublicUser, body: SavedViewBody): Promise<SavedView> {
    refuseSharing(user, body.shared);
    const fields: ViewFields = {
      name: body.name.trim(),
      area: body.area,
      query: storedQuery(body.query),
      columns: body.columns ?? null,
      shared: body.shared ?? false,
    };
    const errors = viewErrors(fields);
    if (errors.length > 0) throw validationFailed(errors);
    const id = await this.unlessNameTaken(() =>
      this.db.transaction(async (tx) => {
        // A lock of the owner's views, so two saves at once cannot both pass the count below (transaction-scoped
        // and advisory: a partner's save runs as the partner role, which may not lock rows of `users`, migration 0031).
        await tx.query("SELECT pg_advisory_xact_lock(hashtext('saved-views:' || $1))", [user.id]);
        if ((await viewsRepository.countByOwner(tx, user.id)) >= VIEWS_PER_OWNER_MAX) throw conflict(VIEW_MESSAGES.tooMany);
        return viewsRepository.insert(tx, user.id, fields);
      }),
    );
    return (await viewsRepository.findVisible(this.db, id, user.id, audienceOf(user)))!;
  }

  async update(user: PublicUser, id: string, body: Partial<SavedViewBody>): Promise<SavedView> {
    refuseSharing(user, body.shared);
    const audience = audienceOf(user);
    await this.unlessNameTaken(() =>
      this.db.transaction(async (tx) => {
        const current = await viewsRepository.findVisible(tx, id, user.id, audience, true);
        if (!current) throw notFound(VIEW_MESSAGES.notFound);
        if (current.ownerId !== user.id) throw forbidden(VIEW_MESSAGES.ownerOnly);
        const fields: ViewFields = {
          name: body.name === undefined ? current.name : body.name.trim(),
          area: body.area ?? current.area,
          query: body.query === undefined ? current.query : storedQuery(body.query),
          columns: body.columns === undefined ? current.columns : body.columns,
          // A partner's view shared before the account became a partner's becomes private with any change.
          shared: audience === 'own' ? false : (body.shared ?? current.shared),
        };
        // The whole view is judged again: a new area must be able to show the query it keeps.
        const errors = viewErrors(fields);
        if (errors.length > 0) throw validationFailed(errors);
        await viewsRepository.update(tx, id, fields);
        // Unshared, or moved to another area: whoever made it their default there loses it now.
        await viewsRepository.clearDefaultsLost(tx, { id, area: fields.area, shared: fields.shared, ownerId: current.ownerId });
      }),
    );
    return (await viewsRepository.findVisible(this.db, id, user.id, audienceOf(user)))!;
  }

  async delete(user: PublicUser, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await viewsRepository.findVisible(tx, id, user.id, audienceOf(user), true);
      if (!current) throw notFound(VIEW_MESSAGES.notFound);
      const mayDelete = current.ownerId === user.id || (roleMay(user.role, 'deleteSharedViews') && current.shared);
      if (!mayDelete) throw forbidden(VIEW_MESSAGES.deleteForbidden);
      await viewsRepository.delete(tx, id);
    });
  }

  /** Each area's default view of `user`: only views they can still see, in that area. */
  async defaults(user: PublicUser): Promise<ViewDefaults> {
    const defaults: ViewDefaults = { reporting: null, callLogs: null };
    for (const view of await viewsRepository.listDefaults(this.db, user.id, audienceOf(user))) defaults[view.area] = view;
    return defaults;
  }

  /**
   * Makes `viewId` the view a bare address of `area` opens for `user`, or none
   * when null. The view must be one they can see (404 otherwise, as for any
   * other use of it) and of that area (400 naming viewId). It is locked while
   * chosen, so an owner unsharing it at the same moment cannot leave a default
   * behind (ViewService.update clears those in its own transaction).
   */
  async setDefault(user: PublicUser, area: ViewArea, viewId: string | null): Promise<ViewDefaults> {
    await this.db.transaction(async (tx) => {
      if (viewId === null) return viewsRepository.clearDefault(tx, user.id, area);
      const view = await viewsRepository.findVisible(tx, viewId, user.id, audienceOf(user), true);
      if (!view) throw notFound(VIEW_MESSAGES.notFound);
      if (view.area !== area) throw validationFailed([{ field: 'viewId', message: VIEW_MESSAGES.defaultOtherArea }]);
      await viewsRepository.setDefault(tx, user.id, area, viewId);
    });
    return this.defaults(user);
  }

  /** Runs `work`, turning the refusal of the one-name-per-owner index (saved_views_owner_name_key) into the 409 a person can act on. */
  private async unlessNameTaken<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(VIEW_MESSAGES.duplicateName);
      throw error;
    }
  }
}
