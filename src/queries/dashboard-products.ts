import { fromMedusaStatus, type DashboardProductStatus } from "../lib/dashboard-products"
import type { ArtworkType } from "../lib/artwork-types"
import {
  DASHBOARD_PRODUCT_BY_ID_SQL,
  dashboardProductsQuery,
  PRODUCT_ORGANIZATION_SQL,
  type DashboardProductFilters,
  type DashboardProductRow,
  type DashboardVariantRow,
} from "./medusa/dashboard-products"
import { preparedStatement, runPrepared, toKnex, type PgSource } from "./pg"

/**
 * The creator dashboard's view of a product (spec part 2, Product (creator routes), plus product_type,
 * gallery_eligible and base_price): Medusa product + variants (prices, stock at the organization's location) +
 * images + the artist_product row, read in ONE SQL round trip (medusa/dashboard-products.ts).
 */
export type DashboardVariant = {
  id: string
  title: string
  /** USD, major unit; null only for a product's first variant created without base_price. */
  price: number | null
  compare_at_price: number | null
  /** Stocked at the organization's stock location; null when the variant tracks no inventory. */
  inventory_quantity: number | null
  sku: string | null
  is_default: boolean
  created_at: string
}

export type DashboardProduct = {
  id: string
  title: string
  /** The Medusa handle. */
  slug: string
  description: string | null
  status: DashboardProductStatus
  featured: boolean
  created_at: string
  updated_at: string
  /** Image URLs in display order. */
  product_images: string[]
  /** The default variant first. */
  product_variants: DashboardVariant[]
  product_type: ArtworkType
  /** The Medusa product type, when the product was created (or updated) with one. */
  product_type_id: string | null
  gallery_eligible: boolean
  /** The default variant's price. */
  base_price: number | null
}

/** What the workflows need besides the view: the organization, Medusa's status, inventory items. */
export type DashboardProductRecord = {
  view: DashboardProduct
  artist_product_id: string
  organization_id: string
  medusa_status: string
  archived_at: Date | null
  /** Variant id -> its inventory item ids (empty when it tracks no inventory). */
  inventory_items: Record<string, string[]>
  /** Variant id -> its Medusa metadata (compare_at_price lives there). */
  variant_metadata: Record<string, Record<string, unknown> | null>
}

export type DashboardProductList = { products: DashboardProduct[]; count: number }

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null
  const n = typeof value === "number" ? value : Number(value)
  return Number.isFinite(n) ? n : null
}

const iso = (value: Date | string) => new Date(value).toISOString()

function toVariant(row: DashboardVariantRow, index: number): DashboardVariant {
  const tracked = (row.inventory_item_ids ?? []).length > 0
  return {
    id: row.id,
    title: row.title,
    price: toNumber(row.price),
    compare_at_price: toNumber(row.metadata?.compare_at_price),
    inventory_quantity: tracked ? (toNumber(row.inventory_quantity) ?? 0) : null,
    sku: row.sku,
    is_default: index === 0,
    created_at: iso(row.created_at),
  }
}

function toRecord(row: DashboardProductRow): DashboardProductRecord {
  const variants = (row.variants ?? []).map(toVariant)
  return {
    view: {
      id: row.id,
      title: row.title,
      slug: row.handle,
      description: row.description,
      status: fromMedusaStatus(row.status, row.archived_at),
      featured: row.featured,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      product_images: row.images ?? [],
      product_variants: variants,
      product_type: row.product_type as ArtworkType,
      product_type_id: row.type_id,
      gallery_eligible: row.gallery_eligible,
      base_price: variants[0]?.price ?? null,
    },
    artist_product_id: row.artist_product_id,
    organization_id: row.organization_id,
    medusa_status: row.status,
    archived_at: row.archived_at,
    inventory_items: Object.fromEntries((row.variants ?? []).map((v) => [v.id, v.inventory_item_ids ?? []])),
    variant_metadata: Object.fromEntries((row.variants ?? []).map((v) => [v.id, v.metadata])),
  }
}

/**
 * An organization's products (filters, a page, the total count) in one query: a named prepared statement (pg.ts),
 * as planning costs about as much as running it on a page.
 */
export async function listDashboardProducts(source: PgSource, filters: DashboardProductFilters): Promise<DashboardProductList> {
  const { sql, bindings } = dashboardProductsQuery(filters)
  const result = await runPrepared(toKnex(source), preparedStatement("dashboard_products_list", sql), bindings)
  const rows = (result.rows ?? []) as DashboardProductRow[]
  const count = rows.length ? Number(rows[0].total_count) : 0
  return { products: rows.filter((row) => row.id !== null).map((row) => toRecord(row).view), count }
}

const BY_ID = preparedStatement("dashboard_product_by_id", DASHBOARD_PRODUCT_BY_ID_SQL)

/** One product with its organization and inventory items (null when unknown or deleted). One query. */
export async function getDashboardProductRecord(source: PgSource, id: string): Promise<DashboardProductRecord | null> {
  const result = await runPrepared(toKnex(source), BY_ID, [id, id])
  const row = (result.rows ?? [])[0] as DashboardProductRow | undefined
  return row ? toRecord(row) : null
}

export async function getDashboardProduct(source: PgSource, id: string): Promise<DashboardProduct | null> {
  return (await getDashboardProductRecord(source, id))?.view ?? null
}

const ORGANIZATION = preparedStatement("dashboard_product_organization", PRODUCT_ORGANIZATION_SQL)

/** The organization of a product that is not deleted; null for an unknown one. */
export async function getProductOrganizationId(source: PgSource, id: string): Promise<string | null> {
  const result = await runPrepared(toKnex(source), ORGANIZATION, [id])
  return ((result.rows ?? [])[0] as { organization_id: string } | undefined)?.organization_id ?? null
}
