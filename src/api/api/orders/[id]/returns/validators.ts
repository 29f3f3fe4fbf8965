import { z } from "@medusajs/framework/zod"
import { RETURN_MESSAGES } from "../../../../../lib/returns"
import { optionalText, text } from "../../../../utils/validation"

const orgId = optionalText(100, "Organization ID must be a string of at most 100 characters")

/** POST /api/orders/{id}/returns/{returnId}/accept `{instructions?}`: how the customer sends the items back. */
export const AcceptReturnBody = z.object({ org_id: orgId, instructions: optionalText(2000, RETURN_MESSAGES.instructionsTooLong) })
export type AcceptReturnBody = z.output<typeof AcceptReturnBody>

/** POST /api/orders/{id}/returns/{returnId}/refuse `{reason}`: why (required; the customer reads it). */
export const RefuseReturnBody = z.object({ org_id: orgId, reason: text(500, RETURN_MESSAGES.refusalReasonRequired) })
export type RefuseReturnBody = z.output<typeof RefuseReturnBody>

/** POST /api/orders/{id}/returns/{returnId}/receive: nothing but the organization. */
export const ReceiveReturnBody = z.object({ org_id: orgId })
export type ReceiveReturnBody = z.output<typeof ReceiveReturnBody>
