import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import { entityId } from "../../../lib/entity-id"
import type { OutboxMessageInput } from "../../../lib/outbox"
import type { CheckoutOrderInput } from "../checkout"
import type GalleryModuleService from "../service"
import type { NewStorePayment } from "../store-payments"

/** Fixtures of gallery.module.spec.ts: inputs as the workflows build them, and raw SQL reads of the tables. */

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

export const ADDRESS = { first_name: "Ada", last_name: "Lovelace", address_1: "1 Gallery Way", city: "Portland", country_code: "us", postal_code: "97201" }
export const OTHER_ADDRESS = { ...ADDRESS, address_1: "2 Studio Lane" }

/** An artist order of the checkout input: one organization, `items` items of 1,000 cents each. */
export function artistOrderInput(organizationId: string, items = 1, shippingAddress: Record<string, unknown> | null = null) {
  return {
    id: entityId("aord"),
    organization_id: organizationId,
    artist_name: `Studio ${organizationId}`,
    subtotal_cents: 1000 * items,
    payout_cents: 900 * items,
    shipping_cents: 0,
    shipping_option_id: null,
    shipping_option_name: null,
    shipping_country: null,
    shipping_address: shippingAddress,
    items: Array.from({ length: items }, (_, i) => ({
      id: entityId("aoi"),
      product_id: `prod_${organizationId}_${i}`,
      variant_id: null,
      product_name: `Print ${i}`,
      quantity: i + 1,
      price_cents: 1000,
      image: null,
    })),
  }
}

/** A whole gallery order: one artist order per organization (per_artist unless a shipping address is given). */
export function checkoutInput(
  organizations: string[] = ["org_a", "org_b"],
  overrides: Partial<CheckoutOrderInput> = {}
): CheckoutOrderInput {
  const id = entityId("gord")
  const artist_orders = organizations.map((org) => artistOrderInput(org, 2))
  const subtotal = artist_orders.reduce((sum, a) => sum + a.subtotal_cents, 0)
  return {
    id,
    public_id: `GAL-${id.slice(-8).toUpperCase()}`,
    email: "collector@example.com",
    shipping_option: "per_artist",
    shipping_address: null,
    subtotal_cents: subtotal,
    shipping_cents: 0,
    gallery_fee_cents: 100,
    stripe_fee_cents: 59,
    total_cents: subtotal + 159,
    payment_intent_id: `pi_${id}`,
    transfer_group: `gallery_${id}`,
    cart_session_id: crypto.randomUUID(),
    referral_session_id: null,
    artist_orders,
    ...overrides,
  }
}

export function outboxMessage(handler: string, resourceId: string, topic = "test.topic"): OutboxMessageInput {
  return { key: `${handler}:${resourceId}`, topic, handler, payload: { id: resourceId } }
}

export function storePaymentInput(overrides: Partial<NewStorePayment> = {}): NewStorePayment {
  return {
    organization_id: "org_store",
    payment_intent_id: `pi_${crypto.randomUUID()}`,
    origin: "payment_intent",
    checkout_session_id: null,
    customer_email: "buyer@example.com",
    items: [
      {
        id: "ordli_1",
        product_id: "prod_1",
        variant_id: "variant_1",
        quantity: 2,
        unit_price_cents: 1500,
        product_title: "Print",
        variant_title: null,
        sku: null,
        thumbnail: null,
      },
    ],
    subtotal_cents: 3000,
    commission_basis_points: 1000,
    platform_fee_cents: 300,
    shipping_cents: 0,
    shipping_option_id: null,
    shipping_option_name: null,
    shipping_address: null,
    referral_session_id: null,
    ...overrides,
  }
}

/** Raw SQL over the test's own connection (bindings inlined by MikroORM, as in the service). */
export function database(manager: () => SqlEntityManager) {
  const rows = async (sql: string, bindings: unknown[] = []): Promise<Row[]> =>
    (await manager().execute(sql, bindings as never[])) as Row[]
  return {
    rows,
    one: async (sql: string, bindings: unknown[] = []): Promise<Row> => (await rows(sql, bindings))[0],
    count: async (table: string, where = "true", bindings: unknown[] = []): Promise<number> =>
      (await rows(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, bindings))[0].n,
    execute: async (sql: string, bindings: unknown[] = []): Promise<void> => {
      await manager().execute(sql, bindings as never[])
    },
  }
}

/** Records an order and settles its payment, with one payout per artist order; returns the input and payouts. */
export async function paidOrder(service: GalleryModuleService, organizations: string[] = ["org_a", "org_b"]) {
  const input = checkoutInput(organizations)
  await service.createCheckoutOrder(input)
  const paid = await service.markOrderPaid({
    orderId: input.id,
    paidAt: new Date(),
    artistOrderIds: input.artist_orders.map((a) => a.id),
    payouts: input.artist_orders.map((a) => ({
      artist_order_id: a.id,
      organization_id: a.organization_id,
      amount_cents: a.payout_cents,
    })),
    outbox: [],
  })
  return { input, payouts: paid.payouts }
}

/** What each file of ./cases gets from the runner: the service, raw SQL, and a manager of its own for transactions. */
export type Suite = {
  service: GalleryModuleService
  db: ReturnType<typeof database>
  forkManager: () => SqlEntityManager
}

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<Record<string, any>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const outcome = await promise.then(
    () => ({ rejected: false as const }),
    (error: unknown) => ({ rejected: true as const, error })
  )
  if (!outcome.rejected) throw new Error("expected the call to be refused, it succeeded")
  return outcome.error as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
}
