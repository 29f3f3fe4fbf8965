/**
 * SQL over Medusa's orders and prices for abandoned-cart reminders of an artist's store. Every Medusa table and
 * column read here is listed in MEDUSA_TABLES (tables.ts), which the Medusa schema suite checks.
 */

/**
 * Of the recoverable carts `?` (ids), those whose shopper has placed a store order (any Medusa order of the cart's
 * organization's sales channel that is not a gallery mirror and not canceled) with the same email since the capture.
 */
export const CARTS_PURCHASED_SINCE_CAPTURE_SQL = `
  SELECT c.id FROM recoverable_cart c
  WHERE c.id = ANY(?::text[]) AND EXISTS (
    SELECT 1 FROM organization_organization_sales_channel_sales_channel l
    JOIN "order" o ON o.sales_channel_id = l.sales_channel_id AND o.deleted_at IS NULL
    WHERE l.organization_id = c.organization_id AND l.deleted_at IS NULL
      AND lower(o.email) = c.email AND o.created_at >= c.captured_at AND o.status <> 'canceled'
      AND coalesce(o.metadata->>'source', 'store') <> 'gallery'
  )`

/** Current USD price and titles of the variants `?` (ids): what a reminder shows, never the price the shopper saw. */
export const CURRENT_VARIANT_PRICES_SQL = `
  SELECT v.id AS variant_id, p.id AS product_id, p.title AS product_title, v.title AS variant_title, pr.amount AS price
  FROM product_variant v
  JOIN product p ON p.id = v.product_id AND p.deleted_at IS NULL
  JOIN product_variant_price_set pvps ON pvps.variant_id = v.id AND pvps.deleted_at IS NULL
  JOIN price pr ON pr.price_set_id = pvps.price_set_id AND pr.deleted_at IS NULL AND pr.currency_code = 'usd'
    AND pr.price_list_id IS NULL AND pr.rules_count = 0 AND coalesce(pr.min_quantity, 1) <= 1
  WHERE v.id = ANY(?::text[]) AND v.deleted_at IS NULL`

export type CurrentVariantPriceRow = {
  variant_id: string
  product_id: string
  product_title: string
  variant_title: string | null
  price: string | number
}

/** Of the variants `?` (ids), those of a live product sold in the sales channel of the organization `?`. */
export const VARIANTS_OF_ORGANIZATION_SQL = `
  SELECT v.id AS variant_id, v.product_id
  FROM product_variant v
  JOIN product p ON p.id = v.product_id AND p.deleted_at IS NULL
  JOIN product_sales_channel psc ON psc.product_id = p.id AND psc.deleted_at IS NULL
  JOIN organization_organization_sales_channel_sales_channel l
    ON l.sales_channel_id = psc.sales_channel_id AND l.deleted_at IS NULL
  WHERE v.id = ANY(?::text[]) AND v.deleted_at IS NULL AND l.organization_id = ?`
