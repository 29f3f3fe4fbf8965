import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import {
  generateEntityId,
  InjectTransactionManager,
  MedusaContext,
  MedusaService,
} from "@medusajs/framework/utils"
import { sqlManager } from "../common/sql-manager"
import { GalleryCollection, type CollectionType } from "./models/collection"
import { GalleryCollectionItem } from "./models/collection-item"
import { GallerySpotlight } from "./models/spotlight"

export type NewCollectionInput = {
  slug: string
  name: string
  description: string | null
  type: CollectionType
  is_active: boolean
  featured_image: string | null
  rules: Record<string, unknown> | null
  manual_inclusions: string[] | null
}

export type CollectionRow = NewCollectionInput & {
  id: string
  created_at: Date
  updated_at: Date
}

export type CollectionItemRow = {
  id: string
  collection_id: string
  product_id: string
  position: number
  created_at: Date
  updated_at: Date
}

export type AppendItemOutcome =
  | { outcome: "created"; item: CollectionItemRow }
  | { outcome: "collection_not_found" }
  | { outcome: "duplicate" }

export type ReorderOutcome =
  | { outcome: "reordered"; updatedCount: number; previous: { id: string; position: number }[] }
  | { outcome: "collection_not_found" }
  | { outcome: "foreign_items" }

export type DeletedCollection = { collection: CollectionRow; items: CollectionItemRow[] }

const COLLECTION_COLUMNS =
  "id, slug, name, description, type, is_active, featured_image, rules, manual_inclusions, created_at, updated_at"
const ITEM_COLUMNS = "id, collection_id, product_id, position, created_at, updated_at"

// A text[] (or NULL) from a JSON array binding, order kept: array bindings are not portable across drivers.
const TEXT_ARRAY_FROM_JSON =
  "CASE WHEN ?::jsonb IS NULL THEN NULL ELSE ARRAY(SELECT t.e FROM jsonb_array_elements_text(?::jsonb) WITH ORDINALITY AS t(e, n) ORDER BY t.n) END"
const textArrayBindings = (values: string[] | null) => {
  const json = values === null ? null : JSON.stringify(values)
  return [json, json]
}

/** Locks a live collection's row for the transaction (its writers take turns); false when there is none. */
async function lockCollection(manager: SqlEntityManager, collectionId: string): Promise<boolean> {
  const locked = (await manager.execute(
    "SELECT id FROM gallery_collection WHERE id = ? AND deleted_at IS NULL FOR UPDATE",
    [collectionId]
  )) as unknown as { id: string }[]
  return locked.length > 0
}

/**
 * Curation module: gallery collections (with their items) and artist spotlights.
 *
 * The generated CRUD methods (MedusaService) serve reads, simple updates and tests. Writes that must be race-safe
 * are custom SQL inside a transaction: a slug is claimed with INSERT ... ON CONFLICT on its unique index, an item is
 * appended under a lock on its collection (so two appends never compute the same "end"), a reorder is one
 * all-or-nothing statement.
 */
class CurationModuleService extends MedusaService({
  GalleryCollection,
  GalleryCollectionItem,
  GallerySpotlight,
}) {
  /** Creates a collection, or returns null when its slug is taken (checked by the unique index, race-safe). */
  @InjectTransactionManager()
  async insertCollection(
    input: NewCollectionInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<CollectionRow | null> {
    const rows = (await sqlManager(sharedContext).execute(
      `INSERT INTO gallery_collection
         (id, slug, name, description, type, is_active, featured_image, rules, manual_inclusions, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ${TEXT_ARRAY_FROM_JSON}, now(), now())
       ON CONFLICT (slug) WHERE deleted_at IS NULL DO NOTHING
       RETURNING ${COLLECTION_COLUMNS}`,
      [
        generateEntityId(undefined, "gcol"),
        input.slug,
        input.name,
        input.description,
        input.type,
        input.is_active,
        input.featured_image,
        input.rules === null ? null : JSON.stringify(input.rules),
        ...textArrayBindings(input.manual_inclusions),
      ]
    )) as unknown as CollectionRow[]
    return rows[0] ?? null
  }

  /**
   * Appends a product to a collection (at `position`, or after the last item: max + 1, 0 for the first). The
   * collection row is locked first, so concurrent appends to one collection take turns and each sees the other's
   * position; a product already in the collection is refused by the unique index (outcome `duplicate`).
   */
  @InjectTransactionManager()
  async appendCollectionItem(
    input: { collection_id: string; product_id: string; position?: number | null },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<AppendItemOutcome> {
    const manager = sqlManager(sharedContext)
    if (!(await lockCollection(manager, input.collection_id))) return { outcome: "collection_not_found" }
    // A new statement after the lock: under READ COMMITTED it sees every append committed before it.
    const rows = (await manager.execute(
      `INSERT INTO gallery_collection_item (id, collection_id, product_id, position, created_at, updated_at)
       SELECT ?, ?, ?,
              coalesce(?::integer,
                       (SELECT coalesce(max(position) + 1, 0) FROM gallery_collection_item
                        WHERE collection_id = ? AND deleted_at IS NULL)),
              now(), now()
       ON CONFLICT (collection_id, product_id) WHERE deleted_at IS NULL DO NOTHING
       RETURNING ${ITEM_COLUMNS}`,
      [
        generateEntityId(undefined, "gcitem"),
        input.collection_id,
        input.product_id,
        input.position ?? null,
        input.collection_id,
      ]
    )) as unknown as CollectionItemRow[]
    return rows[0] ? { outcome: "created", item: rows[0] } : { outcome: "duplicate" }
  }

  /** Deletes one item of one collection; null when no such item belongs to that collection. */
  @InjectTransactionManager()
  async removeCollectionItem(
    input: { collection_id: string; item_id: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<CollectionItemRow | null> {
    const rows = (await sqlManager(sharedContext).execute(
      `DELETE FROM gallery_collection_item WHERE id = ? AND collection_id = ? RETURNING ${ITEM_COLUMNS}`,
      [input.item_id, input.collection_id]
    )) as unknown as CollectionItemRow[]
    return rows[0] ?? null
  }

  /** Puts removed items back as they were (compensation). */
  @InjectTransactionManager()
  async restoreCollectionItems(
    items: CollectionItemRow[],
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    if (!items.length) return
    await sqlManager(sharedContext).execute(
      `INSERT INTO gallery_collection_item (id, collection_id, product_id, position, created_at, updated_at)
       SELECT x.id, x.collection_id, x.product_id, x.position, x.created_at, x.updated_at
       FROM jsonb_to_recordset(?::jsonb)
         AS x(id text, collection_id text, product_id text, position integer, created_at timestamptz, updated_at timestamptz)
       JOIN gallery_collection c ON c.id = x.collection_id AND c.deleted_at IS NULL
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(items)]
    )
  }

  /**
   * Sets the positions of the listed items of one collection, all or nothing: when any listed item is not an item
   * of this collection, nothing changes (outcome `foreign_items`). Item ids must be distinct. Returns the previous
   * positions (for compensation).
   */
  @InjectTransactionManager()
  async reorderCollectionItems(
    input: { collection_id: string; items: { item_id: string; position: number }[] },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<ReorderOutcome> {
    const manager = sqlManager(sharedContext)
    if (!(await lockCollection(manager, input.collection_id))) return { outcome: "collection_not_found" }
    const rows = (await manager.execute(
      `WITH input AS (
         SELECT * FROM jsonb_to_recordset(?::jsonb) AS x(item_id text, position integer)
       ),
       matched AS (
         SELECT i.id, i.position AS old_position, x.position AS new_position
         FROM gallery_collection_item i JOIN input x ON x.item_id = i.id
         WHERE i.collection_id = ? AND i.deleted_at IS NULL
       ),
       updated AS (
         UPDATE gallery_collection_item i SET position = m.new_position, updated_at = now()
         FROM matched m
         WHERE i.id = m.id AND (SELECT count(*) FROM matched) = (SELECT count(*) FROM input)
         RETURNING i.id
       )
       SELECT (SELECT count(*) FROM input)::int AS requested,
              (SELECT count(*) FROM matched)::int AS matched,
              (SELECT count(*) FROM updated)::int AS updated,
              coalesce((SELECT json_agg(json_build_object('id', m.id, 'position', m.old_position)) FROM matched m),
                       '[]'::json) AS previous`,
      [JSON.stringify(input.items), input.collection_id]
    )) as unknown as { requested: number; matched: number; updated: number; previous: { id: string; position: number }[] }[]
    const row = rows[0]
    if (!row || row.matched !== row.requested) return { outcome: "foreign_items" }
    return { outcome: "reordered", updatedCount: row.updated, previous: row.previous }
  }

  /**
   * Deletes a collection; its items go with it (ON DELETE CASCADE). Returns what was deleted (for compensation),
   * or null when there was no such collection.
   */
  @InjectTransactionManager()
  async removeCollection(
    id: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<DeletedCollection | null> {
    const rows = (await sqlManager(sharedContext).execute(
      `WITH items AS (
         SELECT ${ITEM_COLUMNS} FROM gallery_collection_item WHERE collection_id = ? AND deleted_at IS NULL
       ),
       deleted AS (
         DELETE FROM gallery_collection WHERE id = ? AND deleted_at IS NULL RETURNING ${COLLECTION_COLUMNS}
       )
       SELECT row_to_json(d) AS collection,
              coalesce((SELECT json_agg(row_to_json(i)) FROM items i), '[]'::json) AS items
       FROM deleted d`,
      [id, id]
    )) as unknown as { collection: CollectionRow; items: CollectionItemRow[] }[]
    return rows[0] ?? null
  }

  /** Recreates a deleted collection with its items, ids and times kept (compensation of removeCollection). */
  @InjectTransactionManager()
  async restoreCollection(
    deleted: DeletedCollection,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    const c = deleted.collection
    await sqlManager(sharedContext).execute(
      `INSERT INTO gallery_collection
         (id, slug, name, description, type, is_active, featured_image, rules, manual_inclusions, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ${TEXT_ARRAY_FROM_JSON}, ?, ?)
       ON CONFLICT DO NOTHING`,
      [
        c.id,
        c.slug,
        c.name,
        c.description,
        c.type,
        c.is_active,
        c.featured_image,
        c.rules === null ? null : JSON.stringify(c.rules),
        ...textArrayBindings(c.manual_inclusions),
        c.created_at,
        c.updated_at,
      ]
    )
    await this.restoreCollectionItems(deleted.items, sharedContext)
  }
}

export default CurationModuleService
