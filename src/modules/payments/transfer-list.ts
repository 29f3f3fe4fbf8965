import { MedusaError } from "@medusajs/framework/utils"

/**
 * The transfer group a transfer listing is narrowed to. Stripe treats a missing or empty `transfer_group` as no
 * filter at all, so an empty one is refused rather than turned into "every transfer of the platform".
 */
export function requireTransferGroup(transferGroup: string): string {
  if (typeof transferGroup !== "string" || transferGroup.trim() === "") {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "A transfer group is required to list transfers")
  }
  return transferGroup
}
