import {
  roleMay,
  VIEW_MESSAGES,
  VIEWS_PER_OWNER_MAX,
  type PublicUser,
  type SavedView,
  type SavedViewBody,
} from '@callboard/contract';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/unavailable';
import { conflict, forbidden, notFound, validationFailed } from '../../http/http-error';
import { viewErrors } from './view-rules';
import { viewsRepository, type ViewFields } from './views-repository';


/** The query as kept: without the "?" a copied URL part may start with. */
function storedQuery(query: string): string {
  return query.startsWith('?') ? query.slice(1) : query;
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

  list(user: PublicUser): Promise<SavedView[]> {
    return viewsRepository.listVisible(this.db, user.id);
  }

  async create(user: PublicUser, body: SavedViewBody): Promise<SavedView> {
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
        // The owner's row, locked: two saves at once cannot both pass the count below.
        await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [user.id]);
        if ((await viewsRepository.countByOwner(tx, user.id)) >= VIEWS_PER_OWNER_MAX) throw conflict(VIEW_MESSAGES.tooMany);
        return viewsRepository.insert(tx, user.id, fields);
      }),
    );
    return (await viewsRepository.findVisible(this.db, id, user.id))!;
  }

  async update(user: PublicUser, id: string, body: Partial<SavedViewBody>): Promise<SavedView> {
    await this.unlessNameTaken(() =>
      this.db.transaction(async (tx) => {
        const current = await viewsRepository.findVisible(tx, id, user.id, true);
        if (!current) throw notFound(VIEW_MESSAGES.notFound);
        if (current.ownerId !== user.id) throw forbidden(VIEW_MESSAGES.ownerOnly);
        const fields: ViewFields = {
          name: body.name === undefined ? current.name : body.name.trim(),
          area: body.area ?? current.area,
          query: body.query === undefined ? current.query : storedQuery(body.query),
          columns: body.columns === undefined ? current.columns : body.columns,
          shared: body.shared ?? current.shared,
        };
        // The whole view is judged again: a new area must be able to show the query it keeps.
        const errors = viewErrors(fields);
        if (errors.length > 0) throw validationFailed(errors);
        await viewsRepository.update(tx, id, fields);
      }),
    );
    return (await viewsRepository.findVisible(this.db, id, user.id))!;
  }

  async delete(user: PublicUser, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await viewsRepository.findVisible(tx, id, user.id, true);
      if (!current) throw notFound(VIEW_MESSAGES.notFound);
      const mayDelete = current.ownerId === user.id || (roleMay(user.role, 'deleteSharedViews') && current.shared);
      if (!mayDelete) throw forbidden(VIEW_MESSAGES.deleteForbidden);
      await viewsRepository.delete(tx, id);
    });
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
