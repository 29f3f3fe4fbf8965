import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { CHECKOUT_MESSAGES } from "../../src/lib/gallery-checkout"
import { RESTOCK_MARKERS_KEY, RETURN_MESSAGES, returnQuantityMessage, returnStepMessage } from "../../src/lib/returns"
import { getGalleryProductsByIds } from "../../src/queries/gallery-products"
import { restockReturnOnce } from "../../src/workflows/common/stock"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { countRows, outboxDrained, selectRows, waitFor } from "../helpers/db"
import { placePaidGalleryOrder, setConnectedAccounts } from "../helpers/gallery-orders"
import { startWebhookReceiver } from "../helpers/webhook-receiver"
import {
  COLLECTOR_EMAIL,
  loginDemoAdmin,
  loginDemoMember,
  orgIdsBySlug,
  productIdsByHandle,
  seedDemo,
} from "../helpers/demo-data"

jest.setTimeout(240000)

const HANDLES = ["studio-north-print", "studio-south-print"]

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    const product: Record<string, string> = {}
    const org: Record<string, string> = {}
    const token: Record<string, string> = {}

    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      Object.assign(product, await productIdsByHandle(container, HANDLES))
      Object.assign(org, await orgIdsBySlug(container, ["studio-north", "studio-south"]))
      token.admin = await loginDemoAdmin(api)
      token["studio-north"] = await loginDemoMember(api, "north@atelier.test")
      token["studio-south"] = await loginDemoMember(api, "south@atelier.test")
      token.member = await loginDemoMember(api, "member@atelier.test")
    })

    beforeEach(() => {
      container = getContainer()
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    })

    const rows = (sql: string, bindings: unknown[] = []) => selectRows(pg, sql, bindings)
    const count = (table: string, where = "true", bindings: unknown[] = []) => countRows(pg, table, where, bindings)
    const inventoryOf = async (handle: string) => (await getGalleryProductsByIds(pg, [product[handle]])).get(product[handle])?.inventory

    /** A paid order of two North prints and one South print, North's part shipped (its mirror shipped too). */
    async function placeShippedOrder() {
      await setConnectedAccounts(container, org, { "studio-north": "acct_north" })
      const order = await placePaidGalleryOrder(api, pg, [
        [product["studio-north-print"], 2],
        [product["studio-south-print"], 1],
      ])
      const [north] = await rows(`SELECT id FROM gallery_artist_order WHERE gallery_order_id = ? AND organization_id = ?`, [
        order.orderId,
        org["studio-north"],
      ])
      const shipped = await api.post(
        `/api/gallery/artist/orders/${north.id}/ship`,
        { org_id: org["studio-north"], trackingNumber: "1Z999" },
        bearer(token["studio-north"])
      )
      expect(shipped.status).toBe(200)
      expect(await outboxDrained(pg, 60_000)).toBe(0)
      const [link] = await rows(`SELECT order_id FROM gallery_gallery_artist_order_order_order WHERE gallery_artist_order_id = ?`, [north.id])
      return { orderId: order.orderId, publicId: order.publicId, artistOrderId: north.id as string, medusaOrderId: link.order_id as string }
    }

    const ask = (publicId: string, body: Record<string, unknown>) =>
      api.post(`/api/gallery/orders/${publicId}/returns`, { email: COLLECTOR_EMAIL, orgId: org["studio-north"], ...body }, anyStatus)
    const step = (medusaOrderId: string, returnId: string, name: string, body: Record<string, unknown> = {}, as: string = "studio-north") =>
      api.post(`/api/orders/${medusaOrderId}/returns/${returnId}/${name}`, { org_id: org["studio-north"], ...body }, bearer(token[as]))

    it("requested on the tracking page, accepted, received: refunded, back in stock, recorded in Medusa, shown everywhere", async () => {
      // North's integration listens to the after-sale events.
      const receiver = await startWebhookReceiver()
      const endpoint = await api.post(
        "/api/webhook-endpoints",
        { org_id: org["studio-north"], url: `${receiver.url}/hooks`, events: ["order.refunded", "return.requested", "return.accepted"] },
        bearer(token["studio-north"])
      )
      expect(endpoint.status).toBe(201)
      const order = await placeShippedOrder()
      const stockBefore = await inventoryOf("studio-north-print")

      const asked = await ask(order.publicId, { items: [{ productId: product["studio-north-print"], quantity: 1 }], reason: "Wrong size" })
      expect(asked.status).toBe(201)
      expect(asked.data.return).toEqual({
        id: expect.stringMatching(/^gret_/),
        status: "requested",
        instructions: null,
        refusalReason: null,
        items: [{ productId: product["studio-north-print"], quantity: 1 }],
        requestedAt: expect.any(String),
      })
      const returnId = asked.data.return.id
      expect(await outboxDrained(pg, 60_000)).toBe(0)
      expect(await rows(`SELECT "to" FROM notification WHERE template = 'gallery-return-requested'`)).toEqual([{ to: "north@atelier.test" }])

      const view = await api.get(`/api/gallery/orders/${order.publicId}`, anyStatus)
      const northView = view.data.order.artistOrders.find((a: { orgId: string }) => a.orgId === org["studio-north"])
      expect(northView).toMatchObject({ refundedAmount: 0, returnStatus: "requested", returns: [{ id: returnId, status: "requested" }] })
      // The other artist's order keeps the contract's fields only.
      const southView = view.data.order.artistOrders.find((a: { orgId: string }) => a.orgId === org["studio-south"])
      expect(southView).not.toHaveProperty("returnStatus")

      const accepted = await step(order.medusaOrderId, returnId, "accept", { instructions: "Send it to 1 Fjord Road, Oslo" })
      expect(accepted.status).toBe(200)
      expect(accepted.data.return).toMatchObject({ status: "accepted", instructions: "Send it to 1 Fjord Road, Oslo" })
      expect(await outboxDrained(pg, 60_000)).toBe(0)
      expect(await rows(`SELECT "to" FROM notification WHERE template = 'gallery-return-accepted'`)).toEqual([{ to: COLLECTOR_EMAIL }])

      const received = await step(order.medusaOrderId, returnId, "receive")
      expect(received.status).toBe(200)
      expect(received.data.return).toMatchObject({ status: "received", refund_id: expect.stringMatching(/^gref_/) })
      const [refund] = await rows(`SELECT source, status, return_id, merchandise_cents, shipping_cents, amount_cents FROM gallery_refund`)
      expect(refund).toEqual({ source: "return", status: "succeeded", return_id: returnId, merchandise_cents: 3499, shipping_cents: 0, amount_cents: 4033 })
      expect(await rows(`SELECT amount, idempotency_key FROM sandbox_refund`)).toEqual([
        { amount: 4033, idempotency_key: `refund-${received.data.return.refund_id}` },
      ])
      expect(await outboxDrained(pg, 60_000)).toBe(0)

      // Back in stock, and Medusa's order holds the return, received.
      expect(await inventoryOf("studio-north-print")).toBe((stockBefore as number) + 1)
      const medusaReturns = await rows(`SELECT status, received_at FROM "return" WHERE order_id = ? AND deleted_at IS NULL`, [order.medusaOrderId])
      expect(medusaReturns).toHaveLength(1)
      expect(medusaReturns[0].received_at).toBeInstanceOf(Date)

      const after = await api.get(`/api/gallery/orders/${order.publicId}`, anyStatus)
      expect(after.data.order.artistOrders.find((a: { orgId: string }) => a.orgId === org["studio-north"])).toMatchObject({
        refundedAmount: 40.33,
        returnStatus: "received",
      })
      const artistList = await api.get(`/api/gallery/artist/orders?org_id=${org["studio-north"]}`, bearer(token["studio-north"]))
      expect(artistList.data.orders[0]).toMatchObject({ refundedAmount: 40.33, returnStatus: "received" })

      // The integration heard each step once: the request, the acceptance, the refund (with its amount).
      const heard = await waitFor(
        async () => receiver.requests.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, any> }), // eslint-disable-line @typescript-eslint/no-explicit-any
        (events) => events.length >= 3,
        60_000
      )
      expect(heard.map((e) => e.type).sort()).toEqual(["order.refunded", "return.accepted", "return.requested"])
      expect(heard.find((e) => e.type === "order.refunded")?.data).toMatchObject({ id: order.medusaOrderId, refund: { amount: 40.33 } })
      expect(heard.find((e) => e.type === "return.accepted")?.data.return).toMatchObject({ id: returnId, status: "accepted" })
      await receiver.close()

      // Receiving again does nothing: one refund, one restock.
      const again = await step(order.medusaOrderId, returnId, "receive")
      expect([again.status, again.data.error]).toEqual([400, returnStepMessage("received", "receive")])
      expect(await count("gallery_refund")).toBe(1)
      expect(await inventoryOf("studio-north-print")).toBe((stockBefore as number) + 1)
    })

    it("a process that died after putting the items back, before Medusa recorded the receipt, does not put them back twice", async () => {
      const order = await placeShippedOrder()
      const asked = await ask(order.publicId, { items: [{ productId: product["studio-north-print"], quantity: 1 }], reason: "Scratched" })
      const returnId = asked.data.return.id as string
      expect((await step(order.medusaOrderId, returnId, "accept")).status).toBe(200)
      expect(await outboxDrained(pg, 60_000)).toBe(0)
      const stockBefore = await inventoryOf("studio-north-print")
      const levels = await rows(
        `SELECT il.inventory_item_id, il.location_id FROM product_variant v
         JOIN product_variant_inventory_item pvii ON pvii.variant_id = v.id AND pvii.deleted_at IS NULL
         JOIN inventory_level il ON il.inventory_item_id = pvii.inventory_item_id AND il.deleted_at IS NULL
         WHERE v.product_id = ? AND v.deleted_at IS NULL`,
        [product["studio-north-print"]]
      )
      expect(levels).toHaveLength(1)
      const lines = [{ ...(levels[0] as { inventory_item_id: string; location_id: string }), quantity: 1 }]

      // What the dead process did: the restock with its marker, twice over (a retry of the same write adds nothing).
      await restockReturnOnce(container, returnId, lines)
      await restockReturnOnce(container, returnId, lines)
      expect(await inventoryOf("studio-north-print")).toBe((stockBefore as number) + 1)
      const [marked] = await rows(`SELECT metadata FROM inventory_level WHERE inventory_item_id = ? AND location_id = ?`, [
        lines[0].inventory_item_id,
        lines[0].location_id,
      ])
      expect(marked.metadata[RESTOCK_MARKERS_KEY]).toEqual({ [returnId]: 1 })

      // The receipt's order-book record runs again: the stock stays, Medusa's return is received, the marker goes.
      expect((await step(order.medusaOrderId, returnId, "receive")).status).toBe(200)
      expect(await outboxDrained(pg, 60_000)).toBe(0)
      expect(await inventoryOf("studio-north-print")).toBe((stockBefore as number) + 1)
      const medusaReturns = await rows(`SELECT received_at FROM "return" WHERE order_id = ? AND deleted_at IS NULL`, [order.medusaOrderId])
      expect(medusaReturns).toHaveLength(1)
      expect(medusaReturns[0].received_at).toBeInstanceOf(Date)
      const [cleared] = await rows(`SELECT metadata FROM inventory_level WHERE inventory_item_id = ? AND location_id = ?`, [
        lines[0].inventory_item_id,
        lines[0].location_id,
      ])
      expect(cleared.metadata?.[RESTOCK_MARKERS_KEY]).toBeUndefined()
    })

    it("a refused return says why, and cannot be received", async () => {
      const order = await placeShippedOrder()
      const asked = await ask(order.publicId, { items: [{ productId: product["studio-north-print"], quantity: 2 }], reason: "Changed my mind" })
      expect(asked.status).toBe(201)
      const refused = await step(order.medusaOrderId, asked.data.return.id, "refuse", { reason: "Prints are final sale" })
      expect([refused.status, refused.data.return.status, refused.data.return.refusal_reason]).toEqual([200, "refused", "Prints are final sale"])
      expect(await outboxDrained(pg, 60_000)).toBe(0)
      expect(await rows(`SELECT "to" FROM notification WHERE template = 'gallery-return-refused'`)).toEqual([{ to: COLLECTOR_EMAIL }])
      const receive = await step(order.medusaOrderId, asked.data.return.id, "receive")
      expect([receive.status, receive.data.error]).toEqual([400, returnStepMessage("refused", "receive")])
      expect(await count("gallery_refund")).toBe(0)
      // A refused return frees its items for another request.
      expect((await ask(order.publicId, { items: [{ productId: product["studio-north-print"], quantity: 2 }], reason: "Damaged" })).status).toBe(201)
    })

    it("refuses a wrong email, an unshipped order, a closed window, too many items", async () => {
      const order = await placeShippedOrder()
      const body = { items: [{ productId: product["studio-north-print"], quantity: 1 }], reason: "x" }
      const wrongEmail = await ask(order.publicId, { ...body, email: "someone@else.test" })
      expect([wrongEmail.status, wrongEmail.data.error]).toEqual([404, CHECKOUT_MESSAGES.orderNotFound])
      const unshipped = await ask(order.publicId, { ...body, orgId: org["studio-south"], items: [{ productId: product["studio-south-print"], quantity: 1 }] })
      expect([unshipped.status, unshipped.data.error]).toEqual([400, RETURN_MESSAGES.notShipped])
      const tooMany = await ask(order.publicId, { ...body, items: [{ productId: product["studio-north-print"], quantity: 3 }] })
      expect([tooMany.status, tooMany.data.error]).toEqual([400, returnQuantityMessage(product["studio-north-print"], 2)])
      const missing = await ask(order.publicId, { items: [], reason: "x" })
      expect([missing.status, missing.data.error]).toEqual([400, RETURN_MESSAGES.itemsInvalid])

      // The owner closes returns: 0 days.
      const settings = await api.put(`/api/settings/returns`, { org_id: org["studio-north"], return_window_days: 0 }, bearer(token["studio-north"]))
      expect([settings.status, settings.data]).toEqual([200, { settings: { return_window_days: 0 } }])
      const closed = await ask(order.publicId, body)
      expect([closed.status, closed.data.error]).toEqual([400, RETURN_MESSAGES.noReturns])
      const bad = await api.put(`/api/settings/returns`, { org_id: org["studio-north"], return_window_days: 400 }, bearer(token["studio-north"]))
      expect(bad.status).toBe(400)
      const member = await api.put(`/api/settings/returns`, { org_id: org["studio-north"], return_window_days: 10 }, bearer(token.member))
      expect(member.status).toBe(403)
      // A window that ended: shipped 31 days ago with the default 30.
      await api.put(`/api/settings/returns`, { org_id: org["studio-north"], return_window_days: 30 }, bearer(token["studio-north"]))
      await pg.raw(`UPDATE gallery_artist_order SET shipped_at = now() - interval '31 days' WHERE id = ?`, [order.artistOrderId])
      const late = await ask(order.publicId, body)
      expect([late.status, late.data.error]).toEqual([400, RETURN_MESSAGES.windowClosed])
      expect(await count("gallery_return")).toBe(0)
    })

    it("only the organization's owners step a return: 403 for a member and for another organization", async () => {
      const order = await placeShippedOrder()
      const asked = await ask(order.publicId, { items: [{ productId: product["studio-north-print"], quantity: 1 }], reason: "x" })
      const asMember = await step(order.medusaOrderId, asked.data.return.id, "accept", {}, "member")
      expect([asMember.status, asMember.data.message]).toEqual([403, RETURN_MESSAGES.ownersOnly])
      const asSouth = await api.post(
        `/api/orders/${order.medusaOrderId}/returns/${asked.data.return.id}/accept`,
        { org_id: org["studio-south"] },
        bearer(token["studio-south"])
      )
      expect(asSouth.status).toBe(403)
      const unknown = await step(order.medusaOrderId, "gret_unknown", "accept")
      expect([unknown.status, unknown.data.error]).toEqual([404, RETURN_MESSAGES.returnNotFound])
      const listed = await api.get(`/api/orders/${order.medusaOrderId}/returns?org_id=${org["studio-north"]}`, bearer(token.member))
      expect(listed.data.returns.map((r: { status: string }) => r.status)).toEqual(["requested"])
    })
  },
})
