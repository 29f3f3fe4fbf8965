import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import { CLOSED_DISPUTE_STATUSES } from "../../lib/disputes"
import type { PaymentDisputeState } from "../../lib/refunds"

/** The closed dispute statuses as SQL literals (constants of lib/disputes.ts, not input). */
const CLOSED_STATUSES_SQL = CLOSED_DISPUTE_STATUSES.map((status) => `'${status}'`).join(", ")

/**
 * Where a gallery order's or a store payment's payment stands with disputes: one lost, else one still open, else none
 * (docs/disputes.md). Read by the refund writers under the row lock the dispute writers take too.
 */
export async function paymentDisputeState(
  manager: SqlEntityManager,
  of: { galleryOrderId: string } | { storePaymentId: string }
): Promise<PaymentDisputeState> {
  const [column, id] = "galleryOrderId" in of ? ["gallery_order_id", of.galleryOrderId] : ["store_payment_id", of.storePaymentId]
  const rows = (await manager.execute(
    `SELECT bool_or(status = 'lost') AS lost, bool_or(status NOT IN (${CLOSED_STATUSES_SQL})) AS open
       FROM gallery_dispute WHERE ${column} = ? AND deleted_at IS NULL`,
    [id]
  )) as unknown as { lost: boolean | null; open: boolean | null }[]
  return rows[0]?.lost ? "lost" : rows[0]?.open ? "open" : "none"
}
