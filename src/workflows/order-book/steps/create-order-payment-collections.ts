import type { CreatePaymentCollectionDTO, IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { OrderPaymentPlan } from "../../../lib/order-payments"

/**
 * Creates the payment collections the plans lack, each for its order's total, under the id derived from the order's
 * (orderPaymentIds: a run that died after this step finds it by primary key), not paid until a later step completes
 * it. Compensation deletes them, and with them the sessions, payments and captures a later step made in them.
 */
export const createOrderPaymentCollectionsStep = createStep(
  "create-order-payment-collections",
  async (plans: OrderPaymentPlan[], { container }) => {
    const missing = plans.filter((plan) => plan.createCollection)
    if (!missing.length) return new StepResponse<string[], string[]>([], [])
    const payments: IPaymentModuleService = container.resolve(Modules.PAYMENT)
    await payments.createPaymentCollections(
      // The DTO does not type the id; the module keeps a given one.
      missing.map((plan) => ({
        id: plan.collectionId,
        currency_code: plan.currencyCode,
        amount: plan.amount,
      })) as CreatePaymentCollectionDTO[]
    )
    const ids = missing.map((plan) => plan.collectionId)
    return new StepResponse(ids, ids)
  },
  async (ids, { container }) => {
    if (!ids?.length) return
    await container.resolve<IPaymentModuleService>(Modules.PAYMENT).deletePaymentCollections(ids)
  }
)
