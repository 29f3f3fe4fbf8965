import { z } from "@medusajs/framework/zod"
import { toCents } from "../../../../../lib/money"
import { REFUND_MESSAGES, REFUND_REASON_MAX_LENGTH, type RefundRequest } from "../../../../../lib/refunds"
import { optionalText, text } from "../../../../utils/validation"

const itemEntry = z.object(
  {
    id: text(100, REFUND_MESSAGES.itemsInvalid),
    quantity: z.number({ error: REFUND_MESSAGES.itemsInvalid }).int(REFUND_MESSAGES.itemsInvalid).min(1, REFUND_MESSAGES.itemsInvalid).max(99, REFUND_MESSAGES.itemsInvalid),
  },
  { error: REFUND_MESSAGES.itemsInvalid }
)

const amountField = z
  .number({ error: REFUND_MESSAGES.amountInvalid })
  .positive(REFUND_MESSAGES.amountInvalid)
  .max(1_000_000, REFUND_MESSAGES.amountInvalid)
  .refine((amount) => Number.isInteger(Math.round(amount * 100)) && Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6, {
    message: REFUND_MESSAGES.amountInvalid,
  })

/**
 * POST /api/orders/{id}/refunds and POST /api/admin/orders/{id}/refunds: `reason` with either `items` (Medusa order
 * line ids or gallery item ids, with quantities) and/or `include_shipping`, or an `amount` in dollars; administrators
 * may name the `provider_refund_id` of a refund made in Stripe's dashboard, which the refund then records.
 */
export const RefundBody = z
  .object({
    reason: text(REFUND_REASON_MAX_LENGTH, { invalid: REFUND_MESSAGES.reasonRequired, tooLong: REFUND_MESSAGES.reasonTooLong }),
    items: z.array(itemEntry, { error: REFUND_MESSAGES.itemsInvalid }).max(100, REFUND_MESSAGES.itemsInvalid).optional(),
    include_shipping: z.boolean({ error: REFUND_MESSAGES.includeShippingInvalid }).optional(),
    amount: amountField.optional(),
    org_id: optionalText(100, "Organization ID must be a string of at most 100 characters"),
    /** Administrators: records a refund made in Stripe's dashboard instead of making one (docs/refunds.md). */
    provider_refund_id: optionalText(100, REFUND_MESSAGES.providerRefundInvalid),
  })
  .superRefine((body, ctx) => {
    const byItems = Boolean(body.items?.length) || body.include_shipping === true
    if (body.amount !== undefined && byItems) ctx.addIssue({ code: "custom", message: REFUND_MESSAGES.itemsOrAmount })
    else if (body.amount === undefined && !byItems) ctx.addIssue({ code: "custom", message: REFUND_MESSAGES.nothingChosen })
  })
export type RefundBody = z.output<typeof RefundBody>

/**
 * The body as lib/refunds.ts plans it. Items may be named by the Medusa order's line ids (what the order routes show)
 * or by the gallery's item ids: `lines` maps the former to the latter.
 */
export function refundRequestOf(
  body: RefundBody,
  lines: readonly { id: string; artist_order_item_id: string | null }[]
): RefundRequest {
  if (body.amount !== undefined) return { kind: "amount", amountCents: toCents(body.amount) }
  const galleryItemOf = new Map(lines.flatMap((line) => (line.artist_order_item_id ? [[line.id, line.artist_order_item_id] as const] : [])))
  return {
    kind: "items",
    items: (body.items ?? []).map((item) => ({ id: galleryItemOf.get(item.id) ?? item.id, quantity: item.quantity })),
    includeShipping: body.include_shipping === true,
  }
}
