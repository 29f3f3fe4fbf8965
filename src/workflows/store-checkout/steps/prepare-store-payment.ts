import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ShippingAddress } from "../../../lib/gallery-checkout"
import type { PlanName } from "../../../lib/plan-fees"
import { storeCommissionBasisPoints, storePlatformFeeCents } from "../../../lib/plan-fees"
import {
  canTakeStorePayments,
  chooseStoreShipping,
  mergeRequestedLines,
  MIN_STORE_CHARGE_CENTS,
  STORE_CHECKOUT_MESSAGES,
  storeCheckoutRefusal,
  storeSubtotalCents,
  type RequestedLine,
  type StoreShipping,
} from "../../../lib/store-checkout"
import type { StorePaymentItem } from "../../../modules/gallery/models/store-payment"
import { ORGANIZATION_MODULE } from "../../../modules/organization"
import type OrganizationModuleService from "../../../modules/organization/service"
import { loadArtistShippingQuotes } from "../../../queries/medusa/shipping-quotes"
import { getStoreCheckoutVariants, pricedStoreLines } from "../../../queries/store-checkout"

/** A refusal naming the request field it concerns (the error handler puts it in `details.field`). */
function fieldError(type: string, message: string, field: string) {
  return Object.assign(new MedusaError(type, message), { field })
}

export type PrepareStorePaymentInput = {
  organizationId: string
  lines: RequestedLine[]
  shippingOptionId?: string
  shippingAddress: ShippingAddress | null
  at?: string
}

export type PreparedStorePayment = {
  organizationId: string
  destination: string
  items: StorePaymentItem[]
  subtotalCents: number
  commissionBasisPoints: number
  /** The plan's fee on the merchandise: shipping is all the artist's. */
  platformFeeCents: number
  shipping: StoreShipping
}

/**
 * What a store sale would be now: the organization can take payments, every line is a published, priced, in-stock
 * variant of its store (prices from Medusa, never from the request), the subtotal, the artist's shipping to the
 * address's country (their Medusa shipping options; none without rates) and the plan's platform fee on the
 * merchandise. Refusals are 404 (unknown organization) or 400 with the field they concern. Reads only.
 */
export const prepareStorePaymentStep = createStep(
  "prepare-store-payment",
  async (input: PrepareStorePaymentInput, { container }) => {
    const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    const lines = mergeRequestedLines(input.lines)
    // Both reads at once: the variants are read in the requested organization's store (none for an unknown one).
    const [[organization], variants] = await Promise.all([
      organizations.listOrganizations(
        { id: input.organizationId },
        { select: ["id", "plan", "founding_artist_since", "stripe_account_id", "transfers_active"], take: 1 }
      ),
      getStoreCheckoutVariants(container, input.organizationId, [...new Set(lines.map((l) => l.variant_id))]),
    ])
    if (!organization) {
      throw fieldError(MedusaError.Types.NOT_FOUND, STORE_CHECKOUT_MESSAGES.organizationNotFound, "org_id")
    }
    if (!canTakeStorePayments(organization)) {
      throw fieldError(MedusaError.Types.INVALID_DATA, STORE_CHECKOUT_MESSAGES.paymentsNotEnabled, "org_id")
    }
    const refusal = storeCheckoutRefusal(lines, variants)
    if (refusal) throw fieldError(MedusaError.Types.INVALID_DATA, refusal.message, "items")

    // Every line passed the refusal checks: each is a priced variant of this store.
    const items = pricedStoreLines(lines, variants) as StorePaymentItem[]
    const subtotalCents = storeSubtotalCents(items)
    const quotes = await loadArtistShippingQuotes(container, [
      {
        orgId: organization.id,
        subtotalCents,
        itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
        country: input.shippingAddress?.country ?? null,
      },
    ])
    const shipping = chooseStoreShipping({
      quote: quotes.get(organization.id),
      country: input.shippingAddress?.country ?? null,
      chosenOptionId: input.shippingOptionId,
    })
    if (!shipping.ok) throw fieldError(MedusaError.Types.INVALID_DATA, shipping.message, shipping.field)
    // Stripe's minimum applies to the charge: merchandise and shipping.
    if (subtotalCents + shipping.value.cents < MIN_STORE_CHARGE_CENTS) {
      throw fieldError(MedusaError.Types.INVALID_DATA, STORE_CHECKOUT_MESSAGES.belowMinimum, "items")
    }
    const at = input.at ? new Date(input.at) : new Date()
    const plan = { plan: organization.plan as PlanName, founding_artist_since: organization.founding_artist_since ?? null }
    return new StepResponse<PreparedStorePayment>({
      organizationId: organization.id,
      destination: organization.stripe_account_id as string,
      items,
      subtotalCents,
      commissionBasisPoints: storeCommissionBasisPoints(plan, at),
      platformFeeCents: storePlatformFeeCents(plan, subtotalCents, at),
      shipping: shipping.value,
    })
  }
)
