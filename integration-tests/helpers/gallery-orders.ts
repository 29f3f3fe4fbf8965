import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ORGANIZATION_MODULE } from "../../src/modules/organization"
import type OrganizationModuleService from "../../src/modules/organization/service"
import { anyStatus, type Api } from "./accounts"
import { outboxDrained, selectRows } from "./db"
import { COLLECTOR_ADDRESS, COLLECTOR_EMAIL } from "./demo-data"

/** A gallery order placed and paid through the public routes. */
export type PaidGalleryOrder = { orderId: string; publicId: string; intentId: string; totalCents: number }

/**
 * Sets each organization's connected account (`null`: none) as completed payout onboarding leaves it: an account
 * able to receive payouts, or no account at all.
 */
export async function setConnectedAccounts(
  container: MedusaContainer,
  organizationIds: Record<string, string>,
  accounts: Partial<Record<string, string | null>>
): Promise<void> {
  const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
  for (const [key, account] of Object.entries(accounts)) {
    if (account === undefined) continue
    const payable = Boolean(account)
    await organizations.updateOrganizations({
      id: organizationIds[key],
      stripe_account_id: account ?? null,
      payouts_enabled: payable,
      transfers_active: payable,
    })
  }
}

/**
 * A customer's gallery order through the public routes: cart adds under a fresh session cookie, checkout to the
 * collector's address, the sandbox payment (pm_card_visa), the confirm call, and the outbox drained (transfers,
 * emails, the order book). `lines` are [product id, quantity].
 */
export async function placePaidGalleryOrder(api: Api, pg: Knex, lines: [string, number][]): Promise<PaidGalleryOrder> {
  const sessionId = crypto.randomUUID()
  const cookie = { headers: { cookie: `gallery_cart_session=${sessionId}` }, ...anyStatus }
  for (const [productId, quantity] of lines) {
    const added = await api.post("/api/gallery/cart/add", { productId, quantity }, cookie)
    if (added.status !== 200) throw new Error(`cart add ${productId}: ${added.status} ${JSON.stringify(added.data)}`)
  }
  const checkout = await api.post(
    "/api/gallery/checkout",
    { sessionId, email: COLLECTOR_EMAIL, shippingOption: "single_address", shippingAddress: COLLECTOR_ADDRESS },
    anyStatus
  )
  if (checkout.status !== 200) throw new Error(`checkout: ${checkout.status} ${JSON.stringify(checkout.data)}`)
  const [order] = await selectRows(pg, `SELECT id, public_id, payment_intent_id, total_cents FROM gallery_order WHERE public_id = ?`, [
    checkout.data.publicId,
  ])
  const paid = await api.post(`/api/sandbox/payment-intents/${order.payment_intent_id}/confirm`, { payment_method: "pm_card_visa" }, anyStatus)
  if (paid.status !== 200) throw new Error(`sandbox payment: ${paid.status} ${JSON.stringify(paid.data)}`)
  const confirmed = await api.post("/api/gallery/checkout/confirm", { paymentIntentId: order.payment_intent_id }, anyStatus)
  if (confirmed.status !== 200 || confirmed.data.order?.status !== "paid") {
    throw new Error(`confirm: ${confirmed.status} ${JSON.stringify(confirmed.data)}`)
  }
  if ((await outboxDrained(pg, 60_000)) !== 0) throw new Error("the outbox did not drain after the payment")
  return { orderId: order.id, publicId: order.public_id, intentId: order.payment_intent_id, totalCents: order.total_cents }
}

/** One artist order of a paid gallery order with the Medusa order that mirrors it and that order's lines. */
export type MirroredArtistOrder = {
  artistOrderId: string
  organizationId: string
  medusaOrderId: string
  /** Medusa line ids (what the order routes show) with the gallery item each mirrors. */
  lines: { id: string; galleryItemId: string }[]
}

/** The mirrored artist orders of a gallery order, in one query (the order book made them with the payment's outbox). */
export async function mirroredArtistOrders(pg: Knex, galleryOrderId: string): Promise<MirroredArtistOrder[]> {
  const rows = await selectRows(
    pg,
    `SELECT ao.id, ao.organization_id, l.order_id,
            coalesce((SELECT json_agg(json_build_object('id', li.id, 'galleryItemId', li.metadata->>'artist_order_item_id')
                                      ORDER BY li.created_at, li.id)
                      FROM order_item oi JOIN order_line_item li ON li.id = oi.item_id
                      WHERE oi.order_id = l.order_id), '[]'::json) AS lines
     FROM gallery_artist_order ao
     JOIN gallery_gallery_artist_order_order_order l ON l.gallery_artist_order_id = ao.id AND l.deleted_at IS NULL
     WHERE ao.gallery_order_id = ?`,
    [galleryOrderId]
  )
  return rows.map((row) => ({ artistOrderId: row.id, organizationId: row.organization_id, medusaOrderId: row.order_id, lines: row.lines }))
}
