import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { MedusaError } from "@medusajs/framework/utils"
import {
  hybridCount,
  mergeHybridProducts,
  productMatchesRules,
  rulesToProductFilters,
  validateCollectionRules,
  type SmartCollectionRules,
} from "../lib/smart-collection-rules"
import type { CollectionType } from "../modules/curation/models/collection"
import type { CollectionRow } from "../modules/curation/service"
import {
  getGalleryProductsByIds,
  isGalleryEligible,
  listGalleryProducts,
  type GalleryProduct,
  type GalleryProductFilters,
} from "./gallery-products"
import { ELIGIBLE_PRODUCT_IDS_BY_ORGANIZATION_SQL, ELIGIBLE_PRODUCT_JOINS } from "./medusa/products"
import { toKnex, type PgSource } from "./pg"

/**
 * Reads of the curation module (collections, their items, spotlights), joined with the gallery's products and
 * organizations in SQL. Smart and hybrid collections are evaluated by the database: their rules become the
 * filters of listGalleryProducts (one query per collection), never a scan of products in JavaScript.
 */

/** How many products a smart or hybrid collection's detail view lists (itemCount still counts them all). */
export const COMPUTED_ITEMS_LIMIT = 100

/** A collection row as the curation module stores it. */
export type CollectionRecord = CollectionRow

export type CollectionItemRecord = {
  id: string
  collection_id: string
  product_id: string
  position: number
  created_at: Date
}

const COLLECTION_COLUMNS = `c.id, c.slug, c.name, c.description, c.type, c.is_active, c.featured_image, c.rules,
  c.manual_inclusions, c.created_at, c.updated_at`

/**
 * Collections with the number of their stored items, in ONE statement (a grouped count joined to the
 * collections). `eligibleItemsOnly` counts only items whose product is gallery eligible (the public view).
 */
export async function listCollectionsWithItemCounts(
  source: PgSource,
  filters: { is_active?: boolean; type?: CollectionType; slug?: string; id?: string; eligibleItemsOnly?: boolean } = {}
): Promise<(CollectionRecord & { stored_item_count: number })[]> {
  const where = ["c.deleted_at IS NULL"]
  const bindings: unknown[] = []
  if (filters.is_active !== undefined) {
    where.push("c.is_active = ?")
    bindings.push(filters.is_active)
  }
  if (filters.type) {
    where.push("c.type = ?")
    bindings.push(filters.type)
  }
  if (filters.slug !== undefined) {
    where.push("c.slug = ?")
    bindings.push(filters.slug)
  }
  if (filters.id !== undefined) {
    where.push("c.id = ?")
    bindings.push(filters.id)
  }
  const { rows } = await toKnex(source).raw(
    `WITH cols AS (
       SELECT ${COLLECTION_COLUMNS} FROM gallery_collection c WHERE ${where.join(" AND ")}
     ),
     counts AS (
       SELECT i.collection_id, count(*)::int AS n
       FROM gallery_collection_item i${filters.eligibleItemsOnly ? ELIGIBLE_PRODUCT_JOINS : ""}
       WHERE i.deleted_at IS NULL AND i.collection_id IN (SELECT id FROM cols)
       GROUP BY i.collection_id
     )
     SELECT cols.*, coalesce(counts.n, 0)::int AS stored_item_count
     FROM cols LEFT JOIN counts ON counts.collection_id = cols.id
     ORDER BY cols.created_at DESC, cols.id DESC`,
    bindings as Knex.RawBinding[]
  )
  return rows as (CollectionRecord & { stored_item_count: number })[]
}

/** The stored items of a collection in display order (position, then insertion). */
export async function listCollectionItems(source: PgSource, collectionId: string): Promise<CollectionItemRecord[]> {
  const { rows } = await toKnex(source).raw(
    `SELECT id, collection_id, product_id, position, created_at FROM gallery_collection_item
     WHERE collection_id = ? AND deleted_at IS NULL
     ORDER BY position ASC, created_at ASC, id ASC`,
    [collectionId]
  )
  return rows as CollectionItemRecord[]
}

export type CollectionItemWithProduct = CollectionItemRecord & { product: GalleryProduct | null }

export const PRODUCT_NOT_FOUND = "Product not found"
export const PRODUCT_NOT_GALLERY_ELIGIBLE = "Product not gallery eligible"

/**
 * The gallery products a collection is to hold, in one query: 404 "Product not found" when one is not a gallery
 * product, 400 "Product not gallery eligible" when one breaks any of the spec's three rules (inactive included: a
 * draft or archived product is not eligible for a collection).
 */
export async function requireEligibleGalleryProducts(
  source: PgSource,
  ids: string[]
): Promise<Map<string, GalleryProduct>> {
  const products = await getGalleryProductsByIds(source, ids)
  for (const id of ids) {
    if (!products.has(id)) throw new MedusaError(MedusaError.Types.NOT_FOUND, PRODUCT_NOT_FOUND)
  }
  for (const id of ids) {
    if (!isGalleryEligible(products.get(id)!)) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, PRODUCT_NOT_GALLERY_ELIGIBLE)
    }
  }
  return products
}

/**
 * A manual collection's items with their products, in position order: every stored item with its product (null
 * when the product no longer exists) for administrators, or, with `eligibleOnly`, only items whose product is
 * gallery eligible (the public view). Two queries: the items, then all their products at once.
 */
export async function listCollectionItemsWithProducts(
  source: PgSource,
  collectionId: string,
  options: { eligibleOnly?: boolean } = {}
): Promise<CollectionItemWithProduct[]> {
  const items = await listCollectionItems(source, collectionId)
  const ids = [...new Set(items.map((item) => item.product_id))]
  let products: Map<string, GalleryProduct>
  if (options.eligibleOnly) {
    const { products: eligible } = await listGalleryProducts(source, {
      ids,
      eligibleOnly: true,
      limit: ids.length,
      sort: "oldest",
    })
    products = new Map(eligible.map((product) => [product.id, product]))
  } else {
    products = await getGalleryProductsByIds(source, ids)
  }
  const withProducts = items.map((item) => ({ ...item, product: products.get(item.product_id) ?? null }))
  return options.eligibleOnly ? withProducts.filter((item) => item.product !== null) : withProducts
}

/** Eligible products of these organizations, by organization (for `org_ids` rules naming several). One query. */
async function eligibleProductIdsByOrganization(source: PgSource, orgIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>()
  if (!orgIds.length) return map
  const { rows } = await toKnex(source).raw(
    ELIGIBLE_PRODUCT_IDS_BY_ORGANIZATION_SQL,
    [orgIds] as unknown as Knex.RawBinding[]
  )
  for (const row of rows as { organization_id: string; product_ids: string[] }[]) {
    map.set(row.organization_id, row.product_ids)
  }
  return map
}

export type RuleCollection = Pick<CollectionRecord, "id" | "type" | "rules" | "manual_inclusions">
export type EvaluatedCollection = { products: GalleryProduct[]; count: number }

/** Stored rules as validated on write; anything unreadable selects nothing rather than everything. */
function storedRules(collection: RuleCollection): SmartCollectionRules | null {
  const result = validateCollectionRules(collection.rules ?? {})
  return result.ok ? result.value : null
}

/**
 * Evaluates smart and hybrid collections in the database: for each, ONE listGalleryProducts query with the rules as
 * filters (eligible products only, newest first) returns the first `limit` matches and the total; the products of
 * every hybrid's manual inclusions are loaded together in one more query, and `org_ids` rules naming several
 * organizations share one lookup of those organizations' products. `limit` 0 computes counts only.
 * A hybrid lists its (eligible) manual inclusions first, in their order, then the other rule matches.
 */
export async function evaluateRuleCollections(
  source: PgSource,
  collections: RuleCollection[],
  limit = COMPUTED_ITEMS_LIMIT
): Promise<Map<string, EvaluatedCollection>> {
  const results = new Map<string, EvaluatedCollection>()
  const ruled = collections
    .filter((c) => c.type !== "manual")
    .map((collection) => ({ collection, rules: storedRules(collection) }))

  const multiOrgIds = [
    ...new Set(
      ruled.flatMap(({ rules }) => {
        const orgIds = rules ? rulesToProductFilters(rules).org_ids : undefined
        return orgIds && orgIds.length > 1 ? orgIds : []
      })
    ),
  ]
  const manualIds = [
    ...new Set(ruled.flatMap(({ collection }) => (collection.type === "hybrid" ? collection.manual_inclusions ?? [] : []))),
  ]
  const [productsByOrg, manualProducts] = await Promise.all([
    eligibleProductIdsByOrganization(source, multiOrgIds),
    manualIds.length
      ? listGalleryProducts(source, { ids: manualIds, eligibleOnly: true, limit: manualIds.length, sort: "oldest" })
      : Promise.resolve({ products: [] as GalleryProduct[], count: 0 }),
  ])
  const manualById = new Map(manualProducts.products.map((product) => [product.id, product]))

  await Promise.all(
    ruled.map(async ({ collection, rules }) => {
      const manualOrder = collection.type === "hybrid" ? collection.manual_inclusions ?? [] : []
      const manual = manualOrder.map((id) => manualById.get(id)).filter((p): p is GalleryProduct => Boolean(p))
      if (!rules) {
        results.set(collection.id, { products: manual.slice(0, limit), count: manual.length })
        return
      }
      const { org_ids, ...filters } = rulesToProductFilters(rules)
      const query: GalleryProductFilters = { ...filters, sort: "newest", limit: limit > 0 ? limit + manual.length : 0 }
      if (org_ids && org_ids.length === 1) query.org_id = org_ids[0]
      if (org_ids && org_ids.length > 1) query.ids = org_ids.flatMap((orgId) => productsByOrg.get(orgId) ?? [])
      const matches =
        query.ids && query.ids.length === 0 ? { products: [], count: 0 } : await listGalleryProducts(source, query)
      if (collection.type === "smart") {
        results.set(collection.id, { products: matches.products.slice(0, limit), count: matches.count })
        return
      }
      results.set(collection.id, {
        products: mergeHybridProducts(manualOrder, manual, matches.products, limit),
        count: hybridCount(manual, matches.count, rules),
      })
    })
  )
  return results
}

/**
 * Which of `collections` show the product `productId` publicly: none unless it is gallery eligible; a manual
 * collection when it holds it as an item, a smart one when its rules match it, a hybrid one when it includes it by
 * hand or its rules match it (the membership evaluateRuleCollections and the detail view compute). The few
 * collections are matched against the one product in JavaScript (productMatchesRules, the SQL filters' predicate),
 * after two statements: the product, and the manual collections holding it.
 */
export async function filterCollectionsShowingProduct<C extends RuleCollection>(
  source: PgSource,
  collections: C[],
  productId: string
): Promise<C[]> {
  if (!collections.length) return []
  const manualIds = collections.filter((c) => c.type === "manual").map((c) => c.id)
  const [products, holding] = await Promise.all([
    getGalleryProductsByIds(source, [productId]),
    manualIds.length
      ? toKnex(source).raw(
          `SELECT DISTINCT collection_id FROM gallery_collection_item
           WHERE product_id = ? AND deleted_at IS NULL AND collection_id = ANY(?)`,
          [productId, manualIds] as unknown as Knex.RawBinding[]
        )
      : Promise.resolve({ rows: [] }),
  ])
  const product = products.get(productId)
  if (!product || !isGalleryEligible(product)) return []
  const held = new Set((holding.rows as { collection_id: string }[]).map((row) => row.collection_id))
  return collections.filter((collection) => {
    if (collection.type === "manual") return held.has(collection.id)
    if (collection.type === "hybrid" && (collection.manual_inclusions ?? []).includes(productId)) return true
    const rules = storedRules(collection)
    return rules !== null && productMatchesRules(product, rules)
  })
}

export type SpotlightRecord = {
  id: string
  organization_id: string
  title: string
  description: string | null
  featured_image: string | null
  is_active: boolean
  published_at: Date
  expires_at: Date | null
  created_at: Date
  updated_at: Date
  /** Null when the organization no longer exists. */
  organization: { name: string; slug: string } | null
}

/**
 * Spotlights with their organization (name, slug) joined in the same statement, newest publication first.
 * `visibleAt` keeps those visible at that time (lib/spotlight-visibility.ts: active, published, not expired);
 * served by the (is_active, published_at) index.
 */
export async function listSpotlights(
  source: PgSource,
  filters: { is_active?: boolean; visibleAt?: Date; id?: string } = {}
): Promise<SpotlightRecord[]> {
  const where = ["s.deleted_at IS NULL"]
  const bindings: unknown[] = []
  if (filters.id !== undefined) {
    where.push("s.id = ?")
    bindings.push(filters.id)
  }
  if (filters.is_active !== undefined) {
    where.push("s.is_active = ?")
    bindings.push(filters.is_active)
  }
  if (filters.visibleAt) {
    where.push("s.is_active = true", "s.published_at <= ?", "(s.expires_at IS NULL OR s.expires_at > ?)")
    bindings.push(filters.visibleAt, filters.visibleAt)
  }
  const { rows } = await toKnex(source).raw(
    `SELECT s.id, s.organization_id, s.title, s.description, s.featured_image, s.is_active, s.published_at,
            s.expires_at, s.created_at, s.updated_at,
            CASE WHEN o.id IS NULL THEN NULL ELSE json_build_object('name', o.name, 'slug', o.slug) END AS organization
     FROM gallery_spotlight s
     LEFT JOIN organization o ON o.id = s.organization_id AND o.deleted_at IS NULL
     WHERE ${where.join(" AND ")}
     ORDER BY s.published_at DESC, s.id DESC`,
    bindings as Knex.RawBinding[]
  )
  return rows as SpotlightRecord[]
}
