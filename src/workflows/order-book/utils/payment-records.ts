import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"

type Row = Record<string, unknown>

/**
 * The payment module's plain writes of its sessions, payments and captures (Medusa 2.21 generates them for every model
 * of the module: MedusaService). The typed interface has only the one-at-a-time business methods
 * (createPaymentSession, authorizePaymentSession, capturePayment), which for one order cost some 60 statements (each
 * reads back, locks and recomputes the collection) against a handful for a batch of orders here.
 */
export type PaymentRecordWrites = {
  createPaymentSessions(data: Row[]): Promise<unknown>
  createPayments(data: Row[]): Promise<unknown>
  createCaptures(data: Row[]): Promise<unknown>
}

const WRITES = ["createPaymentSessions", "createPayments", "createCaptures"] as const

/**
 * The payment module with its plain writes, checked to exist: a Medusa upgrade that drops them fails here, loudly,
 * and in src/workflows/order-book/utils/__tests__/payment-records.unit.spec.ts.
 */
export function paymentRecordWrites(container: Pick<MedusaContainer, "resolve">): IPaymentModuleService & PaymentRecordWrites {
  const service = container.resolve<IPaymentModuleService & Partial<PaymentRecordWrites>>(Modules.PAYMENT)
  const missing = WRITES.filter((name) => typeof service[name] !== "function")
  if (missing.length) {
    throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `The payment module has no ${missing.join(", ")}`)
  }
  return service as IPaymentModuleService & PaymentRecordWrites
}
