import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import { MedusaError } from "@medusajs/framework/utils"
import type { OutboxMessageInput } from "../../lib/outbox"
import {
  planReturnLines,
  RETURN_MESSAGES,
  returnStepMessage,
  returnWindowRefusal,
  type ReturnStatus,
} from "../../lib/returns"
import { lockGalleryOrder } from "./fulfilment"
import { insertOutboxMessages } from "./outbox"

/**
 * The gallery service's return writes (models/return.ts, docs/returns.md), each in one transaction under the gallery
 * order's row lock, with the outbox messages its step causes. What may be returned is read and planned under that lock
 * (lib/returns.ts), so two requests racing never return one print twice.
 */

export type RequestReturnInput = {
  returnId: string
  artistOrderId: string
  /** The requested lines by product, as the customer names them. */
  items: { productId: string; quantity: number }[]
  reason: string
  clientAddress: string | null
  /** The organization's return window in days (0: none). */
  windowDays: number
  now: Date
  outbox: OutboxMessageInput[]
}

export type ReturnRecord = {
  id: string
  gallery_order_id: string
  artist_order_id: string
  organization_id: string
  status: ReturnStatus
  items: { artist_order_item_id: string; product_id: string; quantity: number }[]
  reason: string
  instructions: string | null
  refusal_reason: string | null
  refund_id: string | null
}

const RETURN_COLUMNS = `id, gallery_order_id, artist_order_id, organization_id, status, items, reason, instructions,
  refusal_reason, refund_id`

function refused(message: string): never {
  throw new MedusaError(MedusaError.Types.INVALID_DATA, message)
}

/** Records a customer's return request (400 with the rule's message when the window or the items refuse it). */
export async function requestReturn(manager: SqlEntityManager, input: RequestReturnInput): Promise<ReturnRecord> {
  const heads = (await manager.execute(
    `SELECT gallery_order_id, organization_id, shipped_at FROM gallery_artist_order WHERE id = ? AND deleted_at IS NULL`,
    [input.artistOrderId]
  )) as unknown as { gallery_order_id: string; organization_id: string; shipped_at: Date | null }[]
  const head = heads[0]
  if (!head) throw new MedusaError(MedusaError.Types.NOT_FOUND, RETURN_MESSAGES.orderNotFound)
  const locked = await lockGalleryOrder(manager, head.gallery_order_id)
  if (!locked || locked.parent.status === "cancelled") throw new MedusaError(MedusaError.Types.NOT_FOUND, RETURN_MESSAGES.orderNotFound)
  const windowRefusal = returnWindowRefusal({
    shippedAt: head.shipped_at ? new Date(head.shipped_at) : null,
    windowDays: input.windowDays,
    now: input.now,
  })
  if (windowRefusal) refused(windowRefusal)
  const lines = (await manager.execute(
    `SELECT i.id AS "itemId", i.product_id AS "productId", i.quantity, i.refunded_quantity AS "refundedQuantity",
            coalesce((SELECT sum((line->>'quantity')::int) FROM gallery_return r, jsonb_array_elements(r.items) line
                      WHERE r.artist_order_id = i.artist_order_id AND r.status <> 'refused' AND r.deleted_at IS NULL
                        AND line->>'artist_order_item_id' = i.id), 0)::int AS "inReturns"
     FROM gallery_artist_order_item i WHERE i.artist_order_id = ? AND i.deleted_at IS NULL`,
    [input.artistOrderId]
  )) as unknown as { itemId: string; productId: string; quantity: number; refundedQuantity: number; inReturns: number }[]
  const plan = planReturnLines(lines, input.items)
  if ("refused" in plan) refused(plan.refused)
  const rows = (await manager.execute(
    `INSERT INTO gallery_return (id, gallery_order_id, artist_order_id, organization_id, items, reason, status,
                                 client_address, requested_at)
     VALUES (?, ?, ?, ?, ?::jsonb, ?, 'requested', ?, ?)
     RETURNING ${RETURN_COLUMNS}`,
    [
      input.returnId,
      head.gallery_order_id,
      input.artistOrderId,
      head.organization_id,
      JSON.stringify(plan.lines),
      input.reason,
      input.clientAddress,
      input.now,
    ]
  )) as unknown as ReturnRecord[]
  await insertOutboxMessages(manager, input.outbox)
  return rows[0]
}

export type MoveReturnInput = {
  returnId: string
  organizationId: string
  to: "accepted" | "refused" | "received"
  instructions?: string | null
  refusalReason?: string | null
  now: Date
  outbox: OutboxMessageInput[]
}

const STEP_OF = { accepted: "accept", refused: "refuse", received: "receive" } as const
const FROM_OF = { accepted: "requested", refused: "requested", received: "accepted" } as const
const TIME_COLUMN = { accepted: "accepted_at", refused: "refused_at", received: "received_at" } as const

/**
 * The artist's step on a return: requested -> accepted (with instructions) or refused (with a reason), accepted ->
 * received. 404 for another organization's return; 400 `Cannot accept a return that is refused` for a step its
 * status does not allow. The step's outbox messages are written in its transaction.
 */
export async function moveReturn(manager: SqlEntityManager, input: MoveReturnInput): Promise<ReturnRecord> {
  const found = (await manager.execute(
    `SELECT gallery_order_id FROM gallery_return WHERE id = ? AND organization_id = ? AND deleted_at IS NULL`,
    [input.returnId, input.organizationId]
  )) as unknown as { gallery_order_id: string }[]
  if (!found[0]) throw new MedusaError(MedusaError.Types.NOT_FOUND, RETURN_MESSAGES.returnNotFound)
  await lockGalleryOrder(manager, found[0].gallery_order_id)
  const rows = (await manager.execute(
    `UPDATE gallery_return
       SET status = ?, ${TIME_COLUMN[input.to]} = ?,
           instructions = coalesce(?, instructions), refusal_reason = coalesce(?, refusal_reason), updated_at = now()
       WHERE id = ? AND status = ? AND deleted_at IS NULL
       RETURNING ${RETURN_COLUMNS}`,
    [input.to, input.now, input.instructions ?? null, input.refusalReason ?? null, input.returnId, FROM_OF[input.to]]
  )) as unknown as ReturnRecord[]
  if (!rows[0]) {
    const current = (await manager.execute(`SELECT status FROM gallery_return WHERE id = ?`, [input.returnId])) as unknown as {
      status: ReturnStatus
    }[]
    refused(returnStepMessage(current[0].status, STEP_OF[input.to]))
  }
  await insertOutboxMessages(manager, input.outbox)
  return rows[0]
}
