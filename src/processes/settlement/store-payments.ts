import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isValidEmail, normalizeEmail } from "../../lib/email"
import type { PlanName } from "../../lib/plan-fees"
import { storeCommissionBasisPoints, storePlatformFeeCents } from "../../lib/plan-fees"
import { parseReferralSessionId } from "../../lib/referral-window"
import { checkoutSessionShipping, mergeRequestedLines, parseCheckoutSessionItems, storeSubtotalCents } from "../../lib/store-checkout"
import { GALLERY_MODULE } from "../../modules/gallery"
import type GalleryModuleService from "../../modules/gallery/service"
import type { RetrievedPaymentIntent } from "../../modules/payments"
import { ORGANIZATION_MODULE } from "../../modules/organization"
import type OrganizationModuleService from "../../modules/organization/service"
import { loadArtistShippingQuotes } from "../../queries/medusa/shipping-quotes"
import { getStoreCheckoutVariants, pricedStoreLines } from "../../queries/store-checkout"
import { STORE_PAYMENT_NO_LONGER_PENDING } from "../../workflows/store-checkout/steps/mark-store-payment-paid"
import {
  settleStorePaymentWorkflow,
  type SettleStorePaymentResult,
} from "../../workflows/store-checkout/workflows/settle-store-payment"
import { withLock } from "../../workflows/common/locks"

const STORE_PAYMENT_LOCK_TIMEOUT_SECONDS = 30

export function storePaymentLockKey(paymentIntentId: string): string {
  return `store-payment:${paymentIntentId}`
}

/**
 * Runs settleStorePaymentWorkflow under Medusa's locking module, keyed by the intent: the sandbox confirm, the
 * webhooks (`payment_intent.succeeded`, `checkout.session.completed`, however often redelivered) and the
 * reconciliation job settle one payment one after the other, and every run after the first finds it no longer
 * pending and changes nothing — one Medusa order per payment.
 */
export async function settleStorePayment(
  container: MedusaContainer,
  input: { paymentIntentId: string; paymentIntent?: RetrievedPaymentIntent | null }
): Promise<SettleStorePaymentResult> {
  return withLock(
    container,
    storePaymentLockKey(input.paymentIntentId),
    STORE_PAYMENT_LOCK_TIMEOUT_SECONDS,
    async (): Promise<SettleStorePaymentResult> => {
      try {
        const { result } = await settleStorePaymentWorkflow(container).run({ input })
        return result
      } catch (error) {
        // Settled by another process between our read and our write (only possible without a shared lock).
        if ((error as { code?: string }).code !== STORE_PAYMENT_NO_LONGER_PENDING) throw error
        const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
        const payment = await gallery.getStorePaymentByIntent(input.paymentIntentId)
        return { outcome: "unchanged", orderId: payment?.order_id ?? null, storePaymentId: payment?.id ?? null }
      }
    }
  )
}

function stringField(object: Record<string, unknown>, key: string): string | null {
  const value = object[key]
  return typeof value === "string" && value ? value : null
}

/**
 * The artist's Medusa shipping option a Checkout session's metadata names (`shipping_option_id`), when it is one the
 * artist offers for the address's country: its id and name. Null otherwise (the storefront charged a rate of its own).
 */
async function sessionShippingOption(
  container: MedusaContainer,
  input: { organizationId: string; optionId: string | null; country: string | null; subtotalCents: number; itemCount: number }
): Promise<{ id: string; name: string } | null> {
  if (!input.optionId || !input.country) return null
  const quotes = await loadArtistShippingQuotes(container, [
    { orgId: input.organizationId, subtotalCents: input.subtotalCents, itemCount: input.itemCount, country: input.country },
  ])
  const option = quotes.get(input.organizationId)?.options.find((candidate) => candidate.id === input.optionId)
  return option ? { id: option.id, name: option.name } : null
}

/**
 * `checkout.session.completed` of a storefront that uses Stripe Checkout: the session's metadata carries `org_id`,
 * `items` (a JSON string of [{product_id, variant_id, quantity}]) and optionally `referral_session_id` and
 * `shipping_option_id`. The sale is recorded as a store payment (prices and the plan's fee from now; an intent already
 * recorded keeps its row) with the shipping the session charged (`shipping_cost`) and the address it collected, and
 * settled like any other. Sessions that are not paid, or whose metadata does not describe a sale of that store
 * (unknown organization, items it does not sell, a merchandise subtotal other than the session's) are logged and
 * ignored.
 */
export async function settleCheckoutSession(
  container: MedusaContainer,
  session: Record<string, unknown>
): Promise<SettleStorePaymentResult | { outcome: "ignored"; reason: string }> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const ignore = (reason: string) => {
    logger.warn(`checkout.session.completed ${String(session.id)}: ignored (${reason})`)
    return { outcome: "ignored" as const, reason }
  }
  const paymentIntentId = stringField(session, "payment_intent")
  if (session.payment_status !== "paid" || !paymentIntentId) return ignore("not paid")
  const metadata = (session.metadata && typeof session.metadata === "object" ? session.metadata : {}) as Record<string, unknown>
  const organizationId = stringField(metadata, "org_id")
  const requested = parseCheckoutSessionItems(metadata.items)
  if (!organizationId || !requested) return ignore("no org_id or items in metadata")
  const details = (session.customer_details && typeof session.customer_details === "object" ? session.customer_details : {}) as Record<string, unknown>
  const email = normalizeEmail(stringField(details, "email") ?? stringField(session, "customer_email") ?? "")
  if (!isValidEmail(email)) return ignore("no customer email")

  const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
  if (!(await gallery.getStorePaymentByIntent(paymentIntentId))) {
    const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    const [organization] = await organizations.listOrganizations(
      { id: organizationId },
      { select: ["id", "plan", "founding_artist_since"], take: 1 }
    )
    if (!organization) return ignore("unknown organization")
    const lines = mergeRequestedLines(requested)
    const variants = await getStoreCheckoutVariants(container, organization.id, lines.map((l) => l.variant_id))
    const items = pricedStoreLines(lines, variants)
    if (!items) return ignore("an item is not a priced variant sold by this store")
    const subtotalCents = storeSubtotalCents(items)
    const shipping = checkoutSessionShipping(session)
    // amount_subtotal is the line items' (shipping is not in it); amount_total is everything charged.
    const paid =
      typeof session.amount_subtotal === "number"
        ? session.amount_subtotal
        : typeof session.amount_total === "number"
          ? session.amount_total - shipping.cents
          : null
    if (paid !== subtotalCents || String(session.currency ?? "").toLowerCase() !== "usd") {
      logger.error(
        `checkout.session.completed ${String(session.id)}: refused, charged ${String(paid)} ${String(session.currency)} ` +
          `for a subtotal of ${subtotalCents} usd`
      )
      return { outcome: "ignored", reason: "amount_mismatch" }
    }
    const at = typeof session.created === "number" ? new Date(session.created * 1000) : new Date()
    const plan = { plan: organization.plan as PlanName, founding_artist_since: organization.founding_artist_since ?? null }
    // The shipping is what the session charged (the artist's, no fee on it); the artist's option when it names one.
    const option = await sessionShippingOption(container, {
      organizationId: organization.id,
      optionId: stringField(metadata, "shipping_option_id"),
      country: shipping.address?.country ?? null,
      subtotalCents,
      itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    })
    await gallery.recordStorePayment({
      organization_id: organization.id,
      payment_intent_id: paymentIntentId,
      origin: "checkout_session",
      checkout_session_id: stringField(session, "id"),
      customer_email: email,
      items,
      subtotal_cents: subtotalCents,
      commission_basis_points: storeCommissionBasisPoints(plan, at),
      platform_fee_cents: storePlatformFeeCents(plan, subtotalCents, at),
      shipping_cents: shipping.cents,
      shipping_option_id: option?.id ?? null,
      shipping_option_name: option?.name ?? shipping.rateName,
      shipping_address: shipping.address,
      referral_session_id: parseReferralSessionId(metadata.referral_session_id),
    })
  }
  return settleStorePayment(container, { paymentIntentId })
}
