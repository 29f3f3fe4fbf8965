/**
 * SQL over Medusa's products, prices and inventory for an artist store's checkout (docs/store-checkout.md). Every
 * table and column read here is listed in MEDUSA_TABLES (tables.ts), which the Medusa schema suite checks.
 */
import { ORDER_ITEM_STOCK_JSON, ORDER_ITEM_VARIANT_JOIN } from "./inventory"

/**
 * The variants `?` (ids) as a checkout of the organization `?` sees them: their product, whether that product is sold
 * in the organization's sales channel, published and not archived by the artist, the USD price (the variant's price
 * without rules), the first image, and the stock available now (stocked - reserved, summed over locations and
 * divided by the quantity each unit needs; null when the variant does not manage inventory).
 */
export const STORE_CHECKOUT_VARIANTS_SQL = `
  SELECT v.id AS variant_id, v.product_id, v.title AS variant_title, v.sku, p.title AS product_title,
         p.status AS product_status, ap.archived_at AS artist_archived_at,
         EXISTS (
           SELECT 1 FROM product_sales_channel psc
           JOIN organization_organization_sales_channel_sales_channel l
             ON l.sales_channel_id = psc.sales_channel_id AND l.deleted_at IS NULL
           WHERE psc.product_id = p.id AND psc.deleted_at IS NULL AND l.organization_id = ?
         ) AS in_store,
         (SELECT pr.amount FROM product_variant_price_set pvps
          JOIN price pr ON pr.price_set_id = pvps.price_set_id AND pr.deleted_at IS NULL AND pr.currency_code = 'usd'
            AND pr.price_list_id IS NULL AND pr.rules_count = 0 AND coalesce(pr.min_quantity, 1) <= 1
          WHERE pvps.variant_id = v.id AND pvps.deleted_at IS NULL
          ORDER BY pr.created_at LIMIT 1) AS price,
         (SELECT img.url FROM image img WHERE img.product_id = p.id AND img.deleted_at IS NULL
          ORDER BY img.rank, img.created_at LIMIT 1) AS thumbnail,
         CASE WHEN v.manage_inventory IS DISTINCT FROM false THEN (
           SELECT coalesce(min(floor(coalesce(lv.available, 0) / greatest(pvii.required_quantity, 1))), 0)::int
           FROM product_variant_inventory_item pvii
           LEFT JOIN LATERAL (
             SELECT sum(il.stocked_quantity - il.reserved_quantity) AS available FROM inventory_level il
             WHERE il.inventory_item_id = pvii.inventory_item_id AND il.deleted_at IS NULL
           ) lv ON true
           WHERE pvii.variant_id = v.id AND pvii.deleted_at IS NULL
         ) END AS available
  FROM product_variant v
  JOIN product p ON p.id = v.product_id AND p.deleted_at IS NULL
  LEFT JOIN organization_artist_product_product_product apl ON apl.product_id = p.id AND apl.deleted_at IS NULL
  LEFT JOIN artist_product ap ON ap.id = apl.artist_product_id AND ap.deleted_at IS NULL
  WHERE v.id = ANY(?::text[]) AND v.deleted_at IS NULL`

export type StoreCheckoutVariantRow = {
  variant_id: string
  product_id: string
  variant_title: string | null
  sku: string | null
  product_title: string
  product_status: string
  artist_archived_at: Date | null
  in_store: boolean
  price: string | number | null
  thumbnail: string | null
  available: number | null
}

/**
 * The lines `?` (a JSON array of {id, variant_id, quantity}) of a store payment with the stock each draws on, as the
 * gallery settlement reads its items (ORDER_ITEM_STOCK_JSON): inventory items and what is already reserved
 * for the line (left by an interrupted settlement).
 */
export const STORE_PAYMENT_LINES_STOCK_SQL = `
  SELECT i.id, i.variant_id, i.quantity, ${ORDER_ITEM_STOCK_JSON} AS inventory
  FROM jsonb_to_recordset(?::jsonb) AS i(id text, variant_id text, quantity int)
  ${ORDER_ITEM_VARIANT_JOIN}`

/** The sales channel of the organization `?` (src/links: organization <-> sales channel, 1:1). */
export const ORGANIZATION_SALES_CHANNEL_SQL = `
  SELECT sales_channel_id FROM organization_organization_sales_channel_sales_channel
  WHERE organization_id = ? AND deleted_at IS NULL LIMIT 1`

/** Whether the Medusa order `?` exists (a store payment's order, made by an earlier, interrupted settlement). */
export const ORDER_EXISTS_SQL = `SELECT id FROM "order" WHERE id = ?`

/**
 * What a store order needs from the order book's set-up (workflows/order-book/utils/shipping-setup.ts) in one read: the store's
 * default region and location and the "Shipped by the artist" option `?`; any of them missing -> the full set-up.
 */
export const ORDER_BOOK_SETUP_SQL = `
  SELECT s.default_region_id, s.default_location_id,
         (SELECT so.id FROM shipping_option so WHERE so.name = ? AND so.deleted_at IS NULL ORDER BY so.id LIMIT 1)
           AS shipping_option_id
  FROM store s WHERE s.deleted_at IS NULL ORDER BY s.created_at LIMIT 1`

/** The Medusa customer of the email `?` (as stored: Atelier stores emails lower-cased), an account holder first. */
export const CUSTOMER_OF_EMAIL_SQL = `
  SELECT id FROM customer WHERE email = ? AND deleted_at IS NULL ORDER BY has_account DESC, created_at LIMIT 1`

