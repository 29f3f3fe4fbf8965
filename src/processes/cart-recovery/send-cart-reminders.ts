import type { CreateNotificationDTO, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { cartRecoveryExpiry, cartReminderDelayMinutes, cartReminderKey, cartReminderWindow } from "../../lib/cart-recovery"
import { errorMessage } from "../../lib/error-message"
import { fromCents } from "../../lib/money"
import { MARKETING_MODULE } from "../../modules/marketing"
import type MarketingModuleService from "../../modules/marketing/service"
import type { ClaimedRecoverableCart } from "../../modules/marketing/service"
import { ORGANIZATION_MODULE } from "../../modules/organization"
import type OrganizationModuleService from "../../modules/organization/service"
import { sendNotificationsOnce } from "../../workflows/common/notifications"
import { cartsPurchasedSinceCapture, currentVariantPrices, type CurrentVariantPrice } from "../../queries/store-carts"

export const STORE_CART_REMINDER_TEMPLATE = "store-cart-reminder"

/** Carts one run claims at most (the rest wait for the next run, a minute later). */
const BATCH_SIZE = 100
/** A claim's lease: a run that dies leaves its carts due again after this. */
const LEASE_SECONDS = 300

export type CartReminderRun = { sent: number; purchased: number; failed: number; expired: number }

/** The reminder's lines at today's prices; a variant that no longer exists is left out. */
function reminderLines(cart: ClaimedRecoverableCart, prices: Map<string, CurrentVariantPrice>) {
  const lines = cart.items.flatMap((item) => {
    const current = prices.get(item.variant_id)
    if (!current) return []
    return [{ product_id: item.product_id, variant_id: item.variant_id, title: current.title, quantity: item.quantity, priceCents: current.priceCents }]
  })
  const totalCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0)
  return {
    items: lines.map(({ priceCents, ...line }) => ({ ...line, price: fromCents(priceCents) })),
    total: fromCents(totalCents),
  }
}

/**
 * Sends the due abandoned-cart reminders (docs/store-cart-recovery.md): claims due carts (not reminded, not bought,
 * not suppressed, not expired), closes those whose shopper has bought in that store since the capture, and emails the
 * others once (one notification per capture, keyed by it), with current Medusa prices and a one-click unsubscribe.
 * Then deletes carts older than 30 days.
 */
export async function sendCartReminders(container: MedusaContainer, now = new Date()): Promise<CartReminderRun> {
  const marketing: MarketingModuleService = container.resolve(MARKETING_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const run: CartReminderRun = { sent: 0, purchased: 0, failed: 0, expired: 0 }

  const window = cartReminderWindow(now, cartReminderDelayMinutes(process.env.CART_REMINDER_DELAY_MINUTES))
  const claimed = await marketing.claimDueCartReminders({ now, ...window, leaseSeconds: LEASE_SECONDS, limit: BATCH_SIZE })
  if (claimed.length) {
    const purchased = await cartsPurchasedSinceCapture(container, claimed.map((cart) => cart.id))
    const bought = claimed.filter((cart) => purchased.has(cart.id))
    if (bought.length) await marketing.markCartsPurchased(bought, now)
    run.purchased = bought.length

    const due = claimed.filter((cart) => !purchased.has(cart.id))
    const prices = await currentVariantPrices(container, [...new Set(due.flatMap((cart) => cart.items.map((i) => i.variant_id)))])
    const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    const names = new Map(
      (await organizations.listOrganizations({ id: [...new Set(due.map((cart) => cart.organization_id))] }, { select: ["id", "name"] }))
        .map((organization) => [organization.id, organization.name])
    )
    for (const cart of due) {
      const { url, headers } = marketing.unsubscribeLink({ organizationId: cart.organization_id, email: cart.email })
      const storeName = names.get(cart.organization_id) ?? "our store"
      const notification: CreateNotificationDTO = {
        to: cart.email,
        channel: "email",
        template: STORE_CART_REMINDER_TEMPLATE,
        idempotency_key: cartReminderKey(cart.id, cart.captured_at),
        data: {
          subject: `You left something in your cart at ${storeName}`,
          organization_id: cart.organization_id,
          store_name: storeName,
          ...reminderLines(cart, prices),
          unsubscribe_url: url,
          headers,
        },
      }
      try {
        await sendNotificationsOnce(container, [notification])
        await marketing.markCartRemindersSent([cart], new Date())
        run.sent += 1
      } catch (error) {
        run.failed += 1
        logger.warn(`Cart reminder ${cart.id} failed, retried at the next run: ${errorMessage(error)}`)
        await marketing.releaseCartReminders([cart])
      }
    }
  }
  run.expired = await marketing.deleteExpiredCarts(cartRecoveryExpiry(now))
  return run
}
