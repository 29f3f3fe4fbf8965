import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { storeChargeCents, storeChargeMatches } from "../../../lib/store-checkout"
import { GALLERY_MODULE } from "../../../modules/gallery"
import type GalleryModuleService from "../../../modules/gallery/service"
import type { StorePaymentRow } from "../../../modules/gallery/service"
import { PAYMENTS_MODULE, type PaymentsModuleService, type RetrievedPaymentIntent } from "../../../modules/payments"
import { getStorePaymentLinesStock } from "../../../queries/store-checkout"
import type { SaleLineStock } from "../../../lib/stock-reservations"

export type SettleStorePaymentInput = { paymentIntentId: string; paymentIntent?: RetrievedPaymentIntent | null }

export type LoadedStorePayment = {
  payment: StorePaymentRow | null
  /** The payment is pending and its intent succeeded for exactly its amount and currency. */
  settle: boolean
  /** The intent succeeded for another amount or currency: refused, recorded, logged. */
  mismatch: boolean
  chargeId: string | null
  /** The destination charge's automatic transfer to the artist, as the provider reports it (stored at settlement). */
  transferId: string | null
  lines: SaleLineStock[]
}

/** `payment` of a loaded settlement that settles (the workflow's `when` guarantees it). */
export function settledPayment(loaded: LoadedStorePayment): StorePaymentRow {
  return loaded.payment as StorePaymentRow
}

/**
 * The store payment of the intent and, when it is pending, the intent as the gateway reports it (authoritative, not a
 * webhook's payload) and the stock its lines draw on.
 */
export const loadStorePaymentForSettlementStep = createStep(
  "load-store-payment-for-settlement",
  async (input: SettleStorePaymentInput, { container }) => {
    const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
    const payment = await gallery.getStorePaymentByIntent(input.paymentIntentId)
    const nothing: LoadedStorePayment = { payment, settle: false, mismatch: false, chargeId: null, transferId: null, lines: [] }
    if (!payment || payment.status !== "pending") return new StepResponse(nothing)
    const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
    const intent = input.paymentIntent ?? (await payments.retrievePaymentIntent(input.paymentIntentId))
    if (intent.status !== "succeeded") return new StepResponse(nothing)
    if (!storeChargeMatches(intent, payment)) {
      const message = `amount_mismatch: charged ${intent.amountCents} ${intent.currency}, expected ${storeChargeCents(payment)} ${payment.currency}`
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .error(`Store payment ${payment.id}: intent ${intent.id} refused (${message})`)
      await gallery.recordStorePaymentFailure({ paymentIntentId: intent.id, message })
      return new StepResponse({ ...nothing, mismatch: true })
    }
    const lines = await getStorePaymentLinesStock(container, payment.items)
    return new StepResponse<LoadedStorePayment>({
      payment,
      settle: true,
      mismatch: false,
      chargeId: intent.chargeId,
      transferId: intent.transferId ?? null,
      lines,
    })
  }
)
