import { orderPaymentIds, type OrderPaymentState } from "../../lib/order-payments"
import { toKnex, type PgSource } from "../pg"
import { orderFactsJoins } from "./order-book"

/**
 * SQL over Medusa's order and payment tables for the order book's payment records (docs/order-book.md, "Payments"):
 * what exists of each order's payment collection, and the orders still without one. Each function is ONE statement.
 */

export type OrderPaymentStateRow = OrderPaymentState & { medusa_status: string }

/**
 * What exists of the payment records of each of these Medusa orders (unknown ids are left out), all read by the ids
 * derived from the order's (orderPaymentIds): the order's total and positive transactions (the same figures as the
 * order views), the collection and its link, the system provider's session, payment and capture, the payment's
 * refunds, a credit line referencing the collection, and whether another collection of the order is captured in full.
 */
export async function getOrderPaymentStates(source: PgSource, orderIds: string[]): Promise<OrderPaymentStateRow[]> {
  if (!orderIds.length) return []
  const ids = orderIds.map(orderPaymentIds)
  const { rows } = await toKnex(source).raw(
    `SELECT o.id AS order_id, o.currency_code, o.status::text AS medusa_status,
            amounts.subtotal + amounts.tax_amount + shipping.shipping_cost AS total, paid.paid_amount AS transacted,
            pc.amount AS collection_amount, coalesce(pc.status::text = 'completed', false) AS collection_completed,
            EXISTS (SELECT 1 FROM order_payment_collection opc
                    WHERE opc.order_id = o.id AND opc.payment_collection_id = t.collection_id AND opc.deleted_at IS NULL) AS linked,
            EXISTS (SELECT 1 FROM payment_session s WHERE s.id = t.session_id AND s.deleted_at IS NULL) AS session_exists,
            EXISTS (SELECT 1 FROM payment p WHERE p.id = t.payment_id AND p.deleted_at IS NULL) AS payment_exists,
            (SELECT c.amount FROM capture c WHERE c.id = t.capture_id AND c.deleted_at IS NULL) AS captured,
            coalesce((SELECT sum(r.amount) FROM refund r WHERE r.payment_id = t.payment_id AND r.deleted_at IS NULL), 0) AS refunded,
            EXISTS (SELECT 1 FROM order_credit_line cl
                    WHERE cl.order_id = o.id AND cl.reference_id = t.collection_id AND cl.deleted_at IS NULL) AS credited,
            EXISTS (SELECT 1 FROM order_payment_collection opc
                    JOIN payment_collection other ON other.id = opc.payment_collection_id AND other.deleted_at IS NULL
                    WHERE opc.order_id = o.id AND opc.deleted_at IS NULL AND opc.payment_collection_id <> t.collection_id
                      AND coalesce(other.captured_amount, 0) >= other.amount AND other.amount > 0) AS paid_elsewhere
     FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS t(order_id, collection_id, session_id, payment_id, capture_id)
     JOIN "order" o ON o.id = t.order_id AND o.deleted_at IS NULL
${orderFactsJoins("o")}
     LEFT JOIN payment_collection pc ON pc.id = t.collection_id AND pc.deleted_at IS NULL
     ORDER BY o.id`,
    [
      orderIds,
      ids.map((i) => i.collectionId),
      ids.map((i) => i.sessionId),
      ids.map((i) => i.paymentId),
      ids.map((i) => i.captureId),
    ]
  )
  return rows as OrderPaymentStateRow[]
}

/** A Medusa order with no payment collection that covers it: no collection linked, or none captured in full. */
const WITHOUT_CAPTURED_COLLECTION = (orderId: string) => `NOT EXISTS (
         SELECT 1 FROM order_payment_collection opc
         JOIN payment_collection pc ON pc.id = opc.payment_collection_id AND pc.deleted_at IS NULL
         WHERE opc.order_id = ${orderId} AND opc.deleted_at IS NULL AND coalesce(pc.captured_amount, 0) >= pc.amount)`

/**
 * The order book's orders whose payment is not recorded in Medusa, oldest first, for the back-fill job: gallery
 * mirrors (by their artist order, whose sync records it) and store checkout orders (by their Medusa order), paid
 * before the last `graceSeconds` (their outbox handler is about to record it). `limit` of each kind.
 */
export async function listOrdersWithoutPayment(
  source: PgSource,
  input: { limit: number; graceSeconds: number }
): Promise<{ artistOrderIds: string[]; storeOrderIds: string[] }> {
  const { rows } = await toKnex(source).raw(
    `(SELECT 'gallery' AS kind, ao.id FROM gallery_artist_order ao
      JOIN gallery_gallery_artist_order_order_order l ON l.gallery_artist_order_id = ao.id AND l.deleted_at IS NULL
      WHERE ao.deleted_at IS NULL AND ao.status <> 'pending' AND ao.paid_at < now() - make_interval(secs => ?)
        AND ${WITHOUT_CAPTURED_COLLECTION("l.order_id")}
      ORDER BY ao.paid_at, ao.id LIMIT ?)
     UNION ALL
     (SELECT 'store' AS kind, sp.order_id AS id FROM store_payment sp
      WHERE sp.deleted_at IS NULL AND sp.status = 'paid' AND sp.order_id IS NOT NULL
        AND sp.paid_at < now() - make_interval(secs => ?)
        AND ${WITHOUT_CAPTURED_COLLECTION("sp.order_id")}
      ORDER BY sp.paid_at, sp.id LIMIT ?)`,
    [input.graceSeconds, input.limit, input.graceSeconds, input.limit]
  )
  const of = (kind: string) => (rows as { kind: string; id: string }[]).filter((r) => r.kind === kind).map((r) => r.id)
  return { artistOrderIds: of("gallery"), storeOrderIds: of("store") }
}
