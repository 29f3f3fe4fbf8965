/**
 * SQL over Medusa's variant and inventory tables for settling a gallery order's payment: what stock each order
 * item (`i`, a gallery_artist_order_item) draws on. Every table and column read here is listed in MEDUSA_TABLES
 * (tables.ts), which the Medusa schema suite checks.
 */

/** Joins the item's variant as `v` (absent when the variant was deleted). */
export const ORDER_ITEM_VARIANT_JOIN = "LEFT JOIN product_variant v ON v.id = i.variant_id"

/**
 * The item's inventory items as a JSON array (`[]` when its variant does not manage inventory): each with its
 * required quantity and what is already reserved for this very order line (`line_reserved`: left by an earlier,
 * interrupted settlement). The stock levels are read later, inside the items' locks (CURRENT_STOCK_LEVELS_SQL).
 * The reservations are found by their line alone (the inventory item is a FILTER): with both as conditions, a
 * planner without statistics on reservation_item (a new database) took the inventory item's index and read every
 * reservation of the print, more with each order (docs/architecture.md, "Queries and hot paths").
 */
export const ORDER_ITEM_STOCK_JSON = `CASE WHEN v.manage_inventory IS DISTINCT FROM false THEN coalesce((
                         SELECT json_agg(json_build_object(
                                  'inventory_item_id', pvii.inventory_item_id,
                                  'required_quantity', pvii.required_quantity,
                                  'line_reserved', (
                                    SELECT coalesce(sum(r.quantity) FILTER (WHERE r.inventory_item_id = pvii.inventory_item_id), 0)
                                    FROM reservation_item r
                                    WHERE r.line_item_id = i.id AND r.deleted_at IS NULL
                                  )))
                         FROM product_variant_inventory_item pvii
                         WHERE pvii.variant_id = i.variant_id AND pvii.deleted_at IS NULL
                       ), '[]'::json) ELSE '[]'::json END`

/** The stock levels of these inventory items (`?`, text[]) as they are now: stocked and reserved per location. */
export const CURRENT_STOCK_LEVELS_SQL = `
  SELECT il.inventory_item_id, il.location_id, il.stocked_quantity, il.reserved_quantity
  FROM inventory_level il
  WHERE il.inventory_item_id = ANY(?::text[]) AND il.deleted_at IS NULL`
