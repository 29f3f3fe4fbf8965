import { toKnex, type PgSource } from "../pg"

/** SQL over Medusa's order, fulfilment and inventory tables for a gallery return's record in the order book. */

/** The Medusa return of the mirror that records this gallery return (its lines carry `gallery_return_id`), or null. */
export async function findMirrorReturn(
  source: PgSource,
  input: { orderId: string; galleryReturnId: string }
): Promise<{ id: string; received_at: Date | null; location_id: string | null } | null> {
  const { rows } = await toKnex(source).raw(
    `SELECT r.id, r.received_at, r.location_id FROM "return" r
     WHERE r.order_id = ? AND r.deleted_at IS NULL
       AND EXISTS (SELECT 1 FROM return_item ri
                   WHERE ri.return_id = r.id AND ri.metadata->>'gallery_return_id' = ? AND ri.deleted_at IS NULL)
     ORDER BY r.id LIMIT 1`,
    [input.orderId, input.galleryReturnId]
  )
  return rows[0] ?? null
}

/**
 * Where each of these order lines' stock lives: its variant's inventory item and the location it was shipped from
 * (the order's live fulfilment), else the first location that stocks the item.
 */
export async function listStockOfOrderLines(
  source: PgSource,
  input: { orderId: string; lineIds: string[] }
): Promise<{ line_item_id: string; inventory_item_id: string; location_id: string }[]> {
  if (!input.lineIds.length) return []
  const { rows } = await toKnex(source).raw(
    `SELECT li.id AS line_item_id, pvii.inventory_item_id,
            coalesce(
              (SELECT f.location_id FROM order_fulfillment ofl
               JOIN fulfillment f ON f.id = ofl.fulfillment_id AND f.deleted_at IS NULL AND f.canceled_at IS NULL
               WHERE ofl.order_id = ? AND ofl.deleted_at IS NULL ORDER BY f.created_at LIMIT 1),
              (SELECT il.location_id FROM inventory_level il
               WHERE il.inventory_item_id = pvii.inventory_item_id AND il.deleted_at IS NULL ORDER BY il.location_id LIMIT 1)
            ) AS location_id
     FROM order_line_item li
     JOIN product_variant_inventory_item pvii ON pvii.variant_id = li.variant_id AND pvii.deleted_at IS NULL
     WHERE li.id = ANY(?::text[]) AND li.deleted_at IS NULL`,
    [input.orderId, input.lineIds]
  )
  return (rows as { line_item_id: string; inventory_item_id: string; location_id: string | null }[]).flatMap((row) =>
    row.location_id ? [{ ...row, location_id: row.location_id }] : []
  )
}
