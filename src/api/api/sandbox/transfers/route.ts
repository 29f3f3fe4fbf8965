import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PAYMENTS_MODULE, type GatewayTransfer, type PaymentsModuleService } from "../../../../modules/payments"
import type { SandboxTransfersQuery } from "./validators"

/** A transfer in Stripe's own shape (amounts in cents, `created` in Unix seconds). */
function stripeTransfer(transfer: GatewayTransfer) {
  return {
    id: transfer.id,
    object: "transfer" as const,
    amount: transfer.amountCents,
    currency: transfer.currency,
    destination: transfer.destination,
    transfer_group: transfer.transferGroup,
    source_transaction: transfer.sourceTransaction,
    metadata: transfer.metadata,
    reversed: transfer.reversed,
    amount_reversed: transfer.amountReversedCents,
    created: Math.floor(transfer.createdAt.getTime() / 1000),
  }
}

/**
 * GET /api/sandbox/transfers?transfer_group=...&limit=...&starting_after=... — local gateway only: the transfers of a
 * group as Stripe's `GET /v1/transfers` lists them, so that payouts can be checked from outside over HTTP:
 * `{object: "list", data: [transfer, ...] (newest first), has_more, url: "/v1/transfers"}`.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const payments: PaymentsModuleService = req.scope.resolve(PAYMENTS_MODULE)
  const query = req.validatedQuery as SandboxTransfersQuery // parsed by SandboxTransfersQuery (middlewares.ts)
  const page = await payments.listLocalTransfersPage({
    transferGroup: query.transfer_group,
    limit: query.limit,
    startingAfter: query.starting_after,
  })
  res.json({ object: "list", data: page.transfers.map(stripeTransfer), has_more: page.hasMore, url: "/v1/transfers" })
}
