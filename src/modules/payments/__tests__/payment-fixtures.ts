import { MedusaError } from "@medusajs/framework/utils"
import type { CreatePaymentIntentInput } from "../types"

/** The MedusaError a call fails with (the test fails when it does not fail, or fails otherwise). */
export async function rejection(promise: Promise<unknown>): Promise<MedusaError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(MedusaError)
    return error as MedusaError // asserted just above
  }
  throw new Error("expected the call to fail")
}

/** A valid payment intent request, with `overrides`. */
export function intentInput(overrides: Partial<CreatePaymentIntentInput> = {}): CreatePaymentIntentInput {
  return {
    amountCents: 11_489,
    currency: "usd",
    transferGroup: "gallery_gord_1_1700000000000",
    receiptEmail: "buyer@example.com",
    metadata: { order_id: "gord_1", cart_session_id: "sess_1" },
    idempotencyKey: "checkout-gord_1",
    ...overrides,
  }
}
