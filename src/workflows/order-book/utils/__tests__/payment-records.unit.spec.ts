import PaymentModuleService from "@medusajs/payment/dist/services/payment-module"
import { paymentRecordWrites } from "../payment-records"

describe("paymentRecordWrites", () => {
  it("finds the installed payment module's plain writes (fails when a Medusa upgrade drops them)", () => {
    const prototype = PaymentModuleService.prototype as unknown as Record<string, unknown>
    for (const name of ["createPaymentSessions", "createPayments", "createCaptures"]) expect([name, typeof prototype[name]]).toEqual([name, "function"])
  })

  it("refuses a payment module without them, naming what is missing", () => {
    const service = { createPaymentSessions: async () => undefined }
    expect(() => paymentRecordWrites({ resolve: (() => service) as never })).toThrow(
      "The payment module has no createPayments, createCaptures"
    )
  })
})
