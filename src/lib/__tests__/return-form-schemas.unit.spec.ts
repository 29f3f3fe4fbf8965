import { fieldMessages, RefundFormSchema, ReturnRequestFormSchema, ReturnWindowSchema } from "../form-schemas"

// The return and refund forms' checks (the tracking page's return request, the dashboard's refund and return window).

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? {} : fieldMessages(result.error!.issues)

describe("return and refund form schemas", () => {
  it("a return request needs items, a reason and a valid email, each said at once", () => {
    expect(messages(ReturnRequestFormSchema.safeParse({ items: [], reason: " ", email: "nope" }))).toEqual({
      items: "Choose at least one item to send back",
      reason: "Return reason required",
      email: "Enter a valid email address, like name@example.com",
    })
    expect(ReturnRequestFormSchema.safeParse({ items: [{ productId: "p", quantity: 1 }], reason: "Too dark", email: "a@example.com" }).success).toBe(true)
  })

  it("a refund is items (or the shipping) or an amount, never both nor neither", () => {
    expect(messages(RefundFormSchema.safeParse({ reason: "x" }))).toEqual({ items: "Choose items, the shipping or an amount to refund" })
    expect(messages(RefundFormSchema.safeParse({ reason: "x", include_shipping: true, amount: 5 }))).toEqual({
      amount: "Choose items to refund or an amount, not both",
    })
    expect(messages(RefundFormSchema.safeParse({ reason: "x", amount: 1.234 }))).toEqual({
      amount: "Amount must be a positive number of dollars with at most two decimals",
    })
    expect(messages(RefundFormSchema.safeParse({ reason: "", items: [{ id: "i", quantity: 1.5 }] }))).toEqual({
      reason: "Refund reason required",
      "items.0.quantity": "Items must be a list of {id, quantity} with a whole quantity from 1 to 99",
    })
    expect(RefundFormSchema.safeParse({ reason: "Damaged", items: [{ id: "i", quantity: 1 }] }).success).toBe(true)
    expect(RefundFormSchema.safeParse({ reason: "Goodwill", amount: 5 }).success).toBe(true)
  })

  it("a return window is a whole number of days from 0 to 365", () => {
    for (const days of [0, 30, 365]) expect(ReturnWindowSchema.safeParse({ return_window_days: days }).success).toBe(true)
    for (const days of [-1, 366, 1.5, Number.NaN]) {
      expect(messages(ReturnWindowSchema.safeParse({ return_window_days: days }))).toEqual({
        return_window_days: "Enter a whole number of days from 0 to 365 (0: no returns)",
      })
    }
  })
})
