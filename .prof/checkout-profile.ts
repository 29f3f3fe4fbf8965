import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createGalleryCheckoutWorkflow } from "../src/workflows/gallery-checkout/workflows/create-gallery-checkout"
import { PAYMENTS_MODULE } from "../src/modules/payments"
import { handlePaymentEvent } from "../src/settlement/payment-events"
import { dispatchGalleryOutbox } from "../src/outbox/dispatch"
import { findGalleryOrderByPaymentIntent } from "../src/queries/gallery-orders"
import { addCartItem } from "../src/queries/gallery-cart"

import { OUTBOX_HANDLERS } from "../src/outbox/registry"
const handlerCpu: Record<string, number[]> = {}
let chain: Promise<unknown> = Promise.resolve()
for (const [name, fn] of Object.entries(OUTBOX_HANDLERS)) {
  ;(OUTBOX_HANDLERS as any)[name] = (c: any, p: any) => {
    const run = chain.then(async () => {
      const c0 = process.cpuUsage()
      await fn(c, p)
      const d = process.cpuUsage(c0)
      ;(handlerCpu[name] ??= []).push((d.user + d.system) / 1000)
    })
    chain = run.catch(() => undefined)
    return run
  }
}
export default async function run({ container }: ExecArgs) {
  const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as any
  await pg.raw(`UPDATE inventory_level SET stocked_quantity = 1000000, raw_stocked_quantity = jsonb_build_object('value', '1000000', 'precision', 20) WHERE inventory_item_id IN (SELECT pvii.inventory_item_id FROM product_variant_inventory_item pvii JOIN product_variant v ON v.id = pvii.variant_id JOIN product p ON p.id = v.product_id WHERE p.handle LIKE '%print')`)
  await pg.raw(`UPDATE organization SET stripe_account_id = 'acct_' || slug`)
  const { rows } = await pg.raw(`SELECT handle, id FROM product`)
  const product: Record<string, string> = Object.fromEntries(rows.map((r: any) => [r.handle, r.id]))
  let queries: string[] = []
  pg.on("query", (q: any) => queries.push(q.sql))
  const payments: any = container.resolve(PAYMENTS_MODULE)
  const phases: Record<string, { ms: number[]; q: number[] }> = {}
  const time = async (name: string, fn: () => Promise<unknown>) => {
    queries = []
    const c0 = process.cpuUsage()
    const r = await fn()
    const c = process.cpuUsage(c0)
    const ms = (c.user + c.system) / 1000
    ;(phases[name] ??= { ms: [], q: [] }).ms.push(ms)
    phases[name].q.push(queries.length)
    return r
  }
  let lastQueries: Record<string, string[]> = {}
  for (let i = 0; i < 80; i++) {
    const sessionId = crypto.randomUUID()
    for (const [h, qty] of [["studio-north-print", 2], ["studio-south-print", 1], ["studio-east-print", 2]] as const) {
      await addCartItem(container, { sessionId, productId: product[h], quantity: qty } as any)
    }
    const checkout: any = await time("checkout", () =>
      createGalleryCheckoutWorkflow(container).run({
        input: {
          request: { sessionId, email: "c@example.com", shippingOption: "single_address", shippingAddress: { name: "A", line1: "1 St", city: "X", state: "NY", postal_code: "10001", country: "US" } },
          referralSessionId: null,
        } as any,
      })
    )
    lastQueries.checkout = queries
    const intentId = checkout.result.clientSecret.split("_secret_")[0]
    const intent: any = await time("sandbox-confirm-intent", () => payments.confirmPaymentIntent(intentId, "pm_card_visa"))
    const { lastError, ...retrieved } = intent
    await time("settle", () =>
      handlePaymentEvent(container, { id: `evt_${intentId}`, type: "payment_intent.succeeded", object: { id: intentId } }, { paymentIntent: retrieved })
    )
    lastQueries.settle = queries
    await time("background", () => new Promise((r) => setTimeout(r, 60)))
    await time("confirm-read", () => findGalleryOrderByPaymentIntent(container, intentId))
    await time("outbox", () => dispatchGalleryOutbox(container))
    lastQueries.outbox = queries
  }
  for (const [name, p] of Object.entries(phases)) {
    const ms = p.ms.slice(20).sort((a, b) => a - b)
    console.log(name.padEnd(24), "cpu p50", ms[Math.floor(ms.length / 2)].toFixed(1), "ms", "mean", (ms.reduce((a, b) => a + b, 0) / ms.length).toFixed(1), "queries p50", p.q.slice(20).sort((a,b)=>a-b)[Math.floor(p.q.length/2)-10])
  }
  for (const [k, v] of Object.entries(handlerCpu)) {
    const ms = v.slice(20).sort((a, b) => a - b)
    console.log("handler", k.padEnd(22), "cpu p50", ms[Math.floor(ms.length / 2)].toFixed(1))
  }
  for (const [k, qs] of Object.entries({} as Record<string, string[]>)) {
    console.log("=====", k, qs.length)
    for (const q of qs) console.log("  ", q.replace(/\s+/g, " ").slice(0, 150))
  }
}
