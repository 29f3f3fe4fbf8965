import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import { MAX_CART_QUANTITY } from "../../lib/cart-quantity"
import { entityId } from "../../lib/entity-id"
import { CART_SESSION_TTL_DAYS } from "../../lib/cart-session"
import { CART_PRODUCT_STATE_SQL } from "../../queries/medusa/products"
import { preparedStatement, runPrepared, type PreparedStatement } from "../common/prepared-statement"
import { sqlKnex } from "../common/sql-manager"

/**
 * The gallery cart's writes (spec 4.3), run by GalleryModuleService: hot paths, one round trip per write, each ONE
 * statement sent as a named prepared statement (planning is most of the cost of these small statements; measured:
 * cart add ~25-40 % more requests/s than the same SQL unprepared). The cart's read is in src/queries/gallery-cart.ts.
 *
 * Rows of `gallery_cart_item` are ephemeral: removing an item deletes its row.
 *
 * Last activity: every successful write stamps `updated_at = now()` on the written row AND on the session's
 * other rows, so each row carries the session's last activity and the expiry job's max(updated_at) is right
 * even after a remove. The touch of the other rows runs after the statement's own write and uses
 * `FOR UPDATE SKIP LOCKED`: a write waits only for the one row it writes, never for a sibling row, so two
 * concurrent writes of one session (different products) cannot deadlock; a sibling that is locked is being
 * written by a concurrent write of the same session, which stamps it anyway.
 */

export type CartItemRow = { id: string; product_id: string; quantity: number; session_id: string }

/** A product's state for the cart's eligibility checks (the spec's three rules), read by a lean join. */
export type CartProductState = { is_active: boolean; gallery_eligible: boolean; org_gallery_approved: boolean }

export type AddCartItemResult =
  | { outcome: "not_found" }
  | { outcome: "ineligible"; product: CartProductState }
  | { outcome: "added"; item: CartItemRow }

/** What the add statement returns: the product's state (found_id null: no such product) and the upserted row. */
export type CartAddRow = CartProductState & { found_id: string | null; id: string | null } & Omit<CartItemRow, "id">

/**
 * Stamps the session's other rows (not `exceptColumn = ?`) once `gateCte` produced a row. Meant as the last
 * CTE of a write statement: unreferenced data-modifying CTEs run after the main query, i.e. after the write.
 * The siblings are collected once into an array (`= ANY(ARRAY(...))`, evaluated once per statement). Written as
 * `IN (subquery)`, a plan made from the statistics of an empty cart table (the carts of a quiet shop are often all
 * checked out when autovacuum analyzes it) ran the locking subquery once per row of the table, dead rows included:
 * 26 ms and 8,700 buffers per cart add (docs/architecture.md, "Queries and hot paths").
 */
function touchSiblingsCte(gateCte: string, exceptColumn: "product_id" | "id"): string {
  return `touched AS (
  UPDATE gallery_cart_item t SET updated_at = now()
  WHERE t.id = ANY(ARRAY(
    SELECT s.id FROM gallery_cart_item s
    WHERE s.session_id = ? AND s.${exceptColumn} <> ? AND s.deleted_at IS NULL
    FOR UPDATE SKIP LOCKED
  ))
  AND EXISTS (SELECT 1 FROM ${gateCte})
)`
}

/**
 * Product lookup + race-safe upsert in ONE statement (bindings: product id, new item id, session id, quantity,
 * session id, product id). The product must exist (not deleted) and meet the three eligibility rules; then
 * `INSERT ... ON CONFLICT (session_id, product_id) WHERE deleted_at IS NULL DO UPDATE SET quantity = LEAST(99,
 * quantity + EXCLUDED.quantity)`, so concurrent adds of one product in one session merge into one row.
 */
export const CART_ADD = preparedStatement(
  "cart_add",
  `
WITH product_state AS (
${CART_PRODUCT_STATE_SQL}
),
upserted AS (
  INSERT INTO gallery_cart_item AS ci (id, session_id, product_id, quantity, created_at, updated_at)
  SELECT ?, ?, ps.id, ?, now(), now() FROM product_state ps
  WHERE ps.is_active AND ps.gallery_eligible AND ps.org_gallery_approved
  ON CONFLICT (session_id, product_id) WHERE deleted_at IS NULL
  DO UPDATE SET quantity = LEAST(${MAX_CART_QUANTITY}, ci.quantity + EXCLUDED.quantity), updated_at = now()
  RETURNING ci.id, ci.product_id, ci.quantity, ci.session_id
),
${touchSiblingsCte("upserted", "product_id")}
SELECT ps.id AS found_id, ps.is_active, ps.gallery_eligible, ps.org_gallery_approved,
       u.id, u.product_id, u.quantity, u.session_id
FROM (SELECT 1) one
LEFT JOIN product_state ps ON true
LEFT JOIN upserted u ON true`)

/** Sets the quantity of one of the session's items (bindings: quantity, item id, session id, session id, item id). */
export const CART_SET = preparedStatement(
  "cart_set",
  `
WITH updated AS (
  UPDATE gallery_cart_item SET quantity = ?, updated_at = now()
  WHERE id = ? AND session_id = ? AND deleted_at IS NULL
  RETURNING id, product_id, quantity, session_id
),
${touchSiblingsCte("updated", "id")}
SELECT id, product_id, quantity, session_id FROM updated`)

/** Deletes one of the session's items (bindings: item id, session id, session id, item id). */
export const CART_REMOVE = preparedStatement(
  "cart_remove",
  `
WITH removed AS (
  DELETE FROM gallery_cart_item
  WHERE id = ? AND session_id = ? AND deleted_at IS NULL
  RETURNING id, product_id, quantity, session_id
),
${touchSiblingsCte("removed", "id")}
SELECT id, product_id, quantity, session_id FROM removed`)

/** Runs CART_SET or CART_REMOVE: the item as written, or null when the session has no such item. */
export async function writeCartItem(
  manager: SqlEntityManager,
  statement: PreparedStatement,
  bindings: readonly unknown[]
): Promise<CartItemRow | null> {
  const result = await runPrepared(sqlKnex(manager), statement, bindings)
  const row = result.rows[0] as CartItemRow | undefined
  return row ? { ...row, quantity: Number(row.quantity) } : null
}

/**
 * Deletes every row of the sessions whose last activity (newest updated_at, or deleted_at of soft-deleted rows) is
 * older than the cutoff (binding: the cutoff, or null for 30 days before the database's clock, the clock that
 * stamped updated_at). Runs once a day, so it is not prepared.
 */
export const DELETE_EXPIRED_CART_ITEMS_SQL = `DELETE FROM gallery_cart_item
     WHERE session_id IN (
       SELECT session_id FROM gallery_cart_item
       GROUP BY session_id
       HAVING max(GREATEST(updated_at, deleted_at))
              < coalesce(?::timestamptz, now() - make_interval(days => ${CART_SESSION_TTL_DAYS}))
     )`

/**
 * Adds `quantity` (already 1..99, see clampCartQuantity) of a product to a session's cart: not_found when the
 * product does not exist, ineligible (with the product's state) when it fails one of the three eligibility rules,
 * else the session's row for the product, created or merged (quantity capped at 99), in one round trip.
 */
export async function addCartItem(
  manager: SqlEntityManager,
  input: { sessionId: string; productId: string; quantity: number }
): Promise<AddCartItemResult> {
  const result = await runPrepared(sqlKnex(manager), CART_ADD, [
    input.productId,
    entityId("gci"),
    input.sessionId,
    input.quantity,
    input.sessionId,
    input.productId,
  ])
  const row = result.rows[0] as CartAddRow | undefined
  if (!row || row.found_id === null) return { outcome: "not_found" }
  if (row.id === null) {
    return {
      outcome: "ineligible",
      product: {
        is_active: row.is_active,
        gallery_eligible: row.gallery_eligible,
        org_gallery_approved: row.org_gallery_approved,
      },
    }
  }
  return {
    outcome: "added",
    item: { id: row.id, product_id: row.product_id, quantity: Number(row.quantity), session_id: row.session_id },
  }
}

/** Sets the quantity (1..99) of one of the session's items; null when the session has no such item. */
export async function setCartItemQuantity(
  manager: SqlEntityManager,
  input: { sessionId: string; itemId: string; quantity: number }
): Promise<CartItemRow | null> {
  return await writeCartItem(manager, CART_SET, [
    input.quantity,
    input.itemId,
    input.sessionId,
    input.sessionId,
    input.itemId,
  ])
}

/** Deletes one of the session's items (hard delete); null when the session has no such item. */
export async function removeCartItem(
  manager: SqlEntityManager,
  input: { sessionId: string; itemId: string }
): Promise<CartItemRow | null> {
  return await writeCartItem(manager, CART_REMOVE, [input.itemId, input.sessionId, input.sessionId, input.itemId])
}

/**
 * Deletes every row of the sessions inactive since the cutoff (default: 30 days before the database's clock, the
 * clock that stamped their activity). One statement; returns the number of rows deleted.
 */
export async function deleteExpiredCartItems(manager: SqlEntityManager, input: { cutoff?: Date }): Promise<number> {
  const result = await sqlKnex(manager).raw(DELETE_EXPIRED_CART_ITEMS_SQL, [input.cutoff ?? null])
  return Number(result.rowCount ?? 0)
}
