/**
 * SQL over Medusa's order table (`"order"`): the artists' own store orders, which referral conversions of type
 * `store` name. Every table and column read here is listed in MEDUSA_TABLES (tables.ts), which the Medusa schema
 * suite checks.
 */

/** True when the expression names a Medusa order that was canceled. */
export function canceledStoreOrder(orderId: string): string {
  return `EXISTS (SELECT 1 FROM "order" o WHERE o.id = ${orderId} AND o.status = 'canceled')`
}

/** Joins, as `o`, the store order of the referral conversion `rc`. */
export const STORE_ORDER_OF_CONVERSION_JOIN = `JOIN "order" o ON o.id = rc.order_id`

/** The joined store order `o` changed after the bound time. */
export const STORE_ORDER_UPDATED_AFTER = "o.updated_at > ?"
