import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { settlementReconcileSeconds } from "../lib/outbox"
import { listPendingGalleryPayments } from "../queries/settlement-reconciliation"
import { markGalleryOrderPaid } from "../workflows/gallery-checkout/workflows/mark-gallery-order-paid"
import { errorMessage } from "../lib/error-message"
import { runScheduledJob } from "../lib/scheduled-job"
import { GALLERY_MODULE } from "../modules/gallery"
import type GalleryModuleService from "../modules/gallery/service"
import { PAYMENTS_MODULE, type PaymentsModuleService, type RetrievedPaymentIntent } from "../modules/payments"
import { settleStorePayment } from "../processes/settlement/store-payments"

/** Orders younger than this are left to their customer's own confirm for now. */
const MIN_AGE_SECONDS = 1
/** Payment intents are not retried past this age (an abandoned checkout stops costing gateway calls). */
const MAX_AGE_HOURS = 72
const BATCH_LIMIT = 200

export type ReconcileGallerySettlementsResult = { checked: number; settled: number; outOfStock: number }

/**
 * The intent as the gateway has it now, when it succeeded; null when it did not (yet). Most pending payments were
 * never paid: asking the gateway first spares them the lock and the settlement workflow, so that a run stays short
 * however many abandoned checkouts wait out their 72 hours (a long run delays the scheduled jobs queued behind it).
 */
async function succeededIntent(container: MedusaContainer, paymentIntentId: string): Promise<RetrievedPaymentIntent | null> {
  const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
  const intent = await payments.retrievePaymentIntent(paymentIntentId)
  return intent.status === "succeeded" ? intent : null
}

/**
 * Heals what a crash (or a lost webhook, or a customer who never came back) left: asks the gateway about every
 * pending gallery order's intent and settles those that succeeded, through the same idempotent, locked workflow as
 * confirm and the webhook — so a charged customer never depends on coming back.
 */
export async function reconcileGallerySettlements(container: MedusaContainer): Promise<ReconcileGallerySettlementsResult> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const pending = await listPendingGalleryPayments(container, {
    minAgeSeconds: MIN_AGE_SECONDS,
    maxAgeHours: MAX_AGE_HOURS,
    limit: BATCH_LIMIT,
  })
  const result: ReconcileGallerySettlementsResult = { checked: pending.length, settled: 0, outOfStock: 0 }
  for (const order of pending) {
    try {
      const paymentIntent = await succeededIntent(container, order.payment_intent_id)
      if (!paymentIntent) continue
      const { outcome } = await markGalleryOrderPaid(container, {
        paymentIntentId: order.payment_intent_id,
        orderId: order.id,
        paymentIntent,
      })
      if (outcome === "paid") result.settled += 1
      if (outcome === "out_of_stock") result.outOfStock += 1
    } catch (error) {
      logger.warn(`reconcile-gallery-settlements: order ${order.id}: ${errorMessage(error)}`)
    }
  }
  if (result.settled || result.outOfStock) {
    logger.info(
      `reconcile-gallery-settlements: ${result.settled} settled, ${result.outOfStock} refunded (out of stock) of ${result.checked} pending`
    )
  }
  return result
}

export type ReconcileStoreSettlementsResult = { checked: number; settled: number; outOfStock: number }

/**
 * The same for artist stores' payments: every pending store payment's intent is asked about and settled through the
 * store settlement (its lock, one Medusa order per payment) when it succeeded and nobody — sandbox confirm, webhook —
 * settled it, e.g. because the process died between the charge and the order.
 */
export async function reconcileStoreSettlements(container: MedusaContainer): Promise<ReconcileStoreSettlementsResult> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
  const intents = await gallery.listPendingStorePaymentIntents({
    minAgeSeconds: MIN_AGE_SECONDS,
    maxAgeSeconds: MAX_AGE_HOURS * 3600,
    limit: BATCH_LIMIT,
  })
  const result: ReconcileStoreSettlementsResult = { checked: intents.length, settled: 0, outOfStock: 0 }
  for (const paymentIntentId of intents) {
    try {
      const paymentIntent = await succeededIntent(container, paymentIntentId)
      if (!paymentIntent) continue
      const { outcome } = await settleStorePayment(container, { paymentIntentId, paymentIntent })
      if (outcome === "paid") result.settled += 1
      if (outcome === "out_of_stock") result.outOfStock += 1
    } catch (error) {
      logger.warn(`reconcile-gallery-settlements: store payment of ${paymentIntentId}: ${errorMessage(error)}`)
    }
  }
  if (result.settled || result.outOfStock) {
    logger.info(
      `reconcile-gallery-settlements: ${result.settled} store payments settled, ${result.outOfStock} refunded (out of stock) of ${result.checked} pending`
    )
  }
  return result
}

async function reconcileGallerySettlementsJob(container: MedusaContainer) {
  await reconcileGallerySettlements(container)
  await reconcileStoreSettlements(container)
}

export const config = {
  name: "reconcile-gallery-settlements",
  schedule: { interval: settlementReconcileSeconds(process.env.SETTLEMENT_RECONCILE_SECONDS) * 1000 },
}

export default function (container: MedusaContainer) {
  return runScheduledJob(config.name, () => reconcileGallerySettlementsJob(container))
}
