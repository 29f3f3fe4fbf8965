import type { CartItemRow } from "../modules/gallery/cart"
import { preparedStatement, runPrepared, toKnex, type PgSource } from "./pg"

/**
 * The gallery cart's read (spec 4.3), on the container's pg connection. The cart's writes belong to the gallery
 * module's service (src/modules/gallery/cart.ts); this read is a named prepared statement like them.
 */

export type { CartItemRow }

const LIST_SQL = preparedStatement(
  "cart_list",
  `SELECT id, product_id, quantity, session_id FROM gallery_cart_item
   WHERE session_id = ? AND deleted_at IS NULL
   ORDER BY created_at ASC, id ASC`
)

/** The session's items, oldest first. One query. */
export async function listCartItems(source: PgSource, sessionId: string): Promise<CartItemRow[]> {
  const knex = toKnex(source)
  const result = await runPrepared(knex, LIST_SQL, [sessionId])
  return (result.rows as CartItemRow[]).map((row) => ({ ...row, quantity: Number(row.quantity) }))
}
