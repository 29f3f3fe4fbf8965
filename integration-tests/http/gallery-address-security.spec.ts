import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { GALLERY_MODULE } from "../../src/modules/gallery"
import type GalleryModuleService from "../../src/modules/gallery/service"
import { dispatchGalleryOutbox } from "../../src/processes/outbox/dispatch"
import { sendAddressChangeEmails } from "../../src/processes/outbox/handlers/address-change-email"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { countRows, outboxDrained, selectRows, waitFor } from "../helpers/db"
import {
  COLLECTOR_ADDRESS,
  COLLECTOR_EMAIL,
  loginDemoMember,
  orgIdsBySlug,
  productIdsByHandle,
  seedDemo,
} from "../helpers/demo-data"

// A public order id plus what the public order view shows must not re-route a parcel (docs/decisions.md,
// "Per-artist addresses need the order's email"): the view masks the email that the addresses route asks for, and
// every address change is recorded and emailed to the buyer, exactly once, until that artist ships.

jest.setTimeout(240000)

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const HANDLES = ["studio-north-print", "studio-south-print"]
const EMAIL = COLLECTOR_EMAIL
const MASKED = "a***@collector.test"
const TEMPLATE = "gallery-address-changed"
const HOME = COLLECTOR_ADDRESS
const THIEF = { name: "Mallory Parcel", line1: "1 Drop Box Lane", line2: "Box 9", city: "Reno", state: "NV", postal_code: "89501", country: "US" }
const STUDIO = { ...COLLECTOR_ADDRESS, name: "Ada at the studio", line1: "7 Atelier Court", line2: "Unit 2" }

type Slug = "studio-north" | "studio-south"

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    const product: Record<string, string> = {}
    const org: Record<string, string> = {}
    const token: Record<Slug, string> = {} as Record<Slug, string>

    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      Object.assign(product, await productIdsByHandle(container, HANDLES))
      Object.assign(org, await orgIdsBySlug(container, ["studio-north", "studio-south"]))
      token["studio-north"] = await loginDemoMember(api, "north@atelier.test")
      token["studio-south"] = await loginDemoMember(api, "south@atelier.test")
    })

    beforeEach(() => {
      container = getContainer()
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    })

    afterEach(() => jest.restoreAllMocks())

    const rows = (sql: string, bindings: unknown[] = []) => selectRows(pg, sql, bindings)
    const count = (table: string, where = "true", bindings: unknown[] = []) => countRows(pg, table, where, bindings)
    const settle = () => new Promise((resolve) => setTimeout(resolve, 400))

    /** A paid per_artist order of one print from studio-north and one from studio-south, through the public routes. */
    async function placePaidPerArtistOrder() {
      const sessionId = crypto.randomUUID()
      const cookie = { headers: { cookie: `gallery_cart_session=${sessionId}` }, ...anyStatus }
      for (const handle of HANDLES) {
        expect((await api.post("/api/gallery/cart/add", { productId: product[handle], quantity: 1 }, cookie)).status).toBe(200)
      }
      const checkout = await api.post("/api/gallery/checkout", { sessionId, email: EMAIL, shippingOption: "per_artist" }, anyStatus)
      expect(checkout.status).toBe(200)
      const [order] = await rows(`SELECT id, public_id, payment_intent_id FROM gallery_order WHERE public_id = ?`, [checkout.data.publicId])
      const paid = await api.post(`/api/sandbox/payment-intents/${order.payment_intent_id}/confirm`, { payment_method: "pm_card_visa" }, anyStatus)
      expect(paid.status).toBe(200)
      const confirmed = await api.post("/api/gallery/checkout/confirm", { paymentIntentId: order.payment_intent_id }, anyStatus)
      expect(confirmed.status).toBe(200)
      expect(await outboxDrained(pg)).toBe(0)
      // The paid emails (confirmation + the artists' new-order emails) are out before the test looks at emails.
      await waitFor(() => count("notification"), (n) => n >= 3)
      const artist: Record<Slug, string> = {} as Record<Slug, string>
      for (const a of await rows(`SELECT id, organization_id FROM gallery_artist_order WHERE gallery_order_id = ?`, [order.id])) {
        artist[a.organization_id === org["studio-north"] ? "studio-north" : "studio-south"] = a.id
      }
      return { orderId: order.id as string, publicId: order.public_id as string, artist }
    }

    const setAddress = (publicId: string, slug: Slug, shippingAddress: object, email: unknown) =>
      api.post(`/api/gallery/orders/${publicId}/addresses`, { orgId: org[slug], shippingAddress, email }, anyStatus)

    const storedAddress = async (artistOrderId: string) =>
      (await rows(`SELECT shipping_address FROM gallery_artist_order WHERE id = ?`, [artistOrderId]))[0].shipping_address

    const changesOf = (artistOrderId: string) =>
      rows(
        `SELECT id, previous_address, new_address, changed_at, client_address FROM gallery_artist_order_address_change
         WHERE artist_order_id = ? ORDER BY changed_at, id`,
        [artistOrderId]
      )

    const changeEmails = () => rows(`SELECT * FROM notification WHERE template = ? ORDER BY created_at, id`, [TEMPLATE])

    /** Waits for `n` address-change emails, then a little longer so that a duplicate would have arrived too. */
    async function changeEmailsSettled(n: number) {
      await waitFor(changeEmails, (list) => list.length >= n)
      await settle()
      expect(await outboxDrained(pg)).toBe(0)
      return changeEmails()
    }

    it("a stranger with the tracking link cannot re-route a parcel; the buyer can, is told each time, until it ships", async () => {
      const order = await placePaidPerArtistOrder()
      const north = order.artist["studio-north"]

      // The buyer gives studio-north's address: the first one is recorded (no previous address) and emailed too.
      const first = await setAddress(order.publicId, "studio-north", HOME, EMAIL)
      expect(first.status).toBe(200)
      expect(first.data.order.email).toBe(MASKED)
      const [firstChange] = await changesOf(north)
      expect(firstChange).toMatchObject({ previous_address: null, new_address: HOME })
      expect(await changeEmailsSettled(1)).toHaveLength(1)

      // A stranger holding the shared tracking link reads the public view: the email is masked, nowhere in full.
      const view = await api.get(`/api/gallery/orders/${order.publicId}`, anyStatus)
      expect(view.status).toBe(200)
      expect(view.data.order.email).toBe(MASKED)
      expect(JSON.stringify(view.data).toLowerCase()).not.toContain(EMAIL)
      expect(JSON.stringify(view.data).toLowerCase()).not.toContain("ada@")
      // The rest of the view is as it was: the artist orders, their orgIds (the route's key) and the addresses.
      expect(view.data.order.artistOrders.map((a: Row) => [a.orgId, a.shippingAddress])).toEqual([
        [org["studio-north"], HOME],
        [org["studio-south"], null],
      ])

      // ...and tries to redirect both parcels with what the view shows: answered like an unknown order.
      for (const [slug, email] of [
        ["studio-north", view.data.order.email],
        ["studio-south", view.data.order.email],
        ["studio-north", view.data.order.email.replace("***", "")],
        ["studio-north", `a@${view.data.order.email.split("@")[1]}`],
      ] as [Slug, string][]) {
        const refused = await setAddress(order.publicId, slug, THIEF, email)
        expect([slug, email, refused.status, refused.data]).toEqual([slug, email, 404, { error: "Order not found" }])
      }
      expect(await storedAddress(north)).toEqual(HOME)
      expect(await storedAddress(order.artist["studio-south"])).toBeNull()
      expect(await count("gallery_artist_order_address_change")).toBe(1)

      // The buyer changes the address with the full email (any case): recorded with the one it replaced.
      const changed = await setAddress(order.publicId, "studio-north", STUDIO, ` ${EMAIL.toUpperCase()} `)
      expect(changed.status).toBe(200)
      expect(changed.data.order.email).toBe(MASKED)
      expect(changed.data.order.artistOrders[0]).toMatchObject({ orgId: org["studio-north"], shippingAddress: STUDIO })
      expect(await storedAddress(north)).toEqual(STUDIO)
      const changes = await changesOf(north)
      expect(changes).toHaveLength(2)
      expect(changes[1]).toMatchObject({ previous_address: HOME, new_address: STUDIO })
      expect(changes[1].changed_at).toBeInstanceOf(Date)
      expect(changes[1].changed_at.getTime()).toBeGreaterThanOrEqual(changes[0].changed_at.getTime())
      expect(changes[1].client_address).toMatch(/127\.0\.0\.1|::1/)

      // Exactly one email about it reaches the buyer, at the order's full email.
      const emails = await changeEmailsSettled(2)
      expect(emails).toHaveLength(2)
      expect(emails.map((n) => [n.to, n.channel, n.resource_id, n.idempotency_key])).toEqual([
        [EMAIL, "email", north, `${TEMPLATE}:${changes[0].id}`],
        [EMAIL, "email", north, `${TEMPLATE}:${changes[1].id}`],
      ])
      expect(emails[1].data).toMatchObject({
        publicId: order.publicId,
        trackingPage: `/gallery/orders/${order.publicId}`,
        artistName: "Studio North",
        firstAddress: false,
        shippingAddress: STUDIO,
      })
      expect(emails[0].data).toMatchObject({ firstAddress: true, shippingAddress: HOME })

      // The same change sent again (a retry, a double click) changes, records and emails nothing.
      const again = await setAddress(order.publicId, "studio-north", STUDIO, EMAIL)
      expect(again.status).toBe(200)
      expect(again.data.order.artistOrders[0].shippingAddress).toEqual(STUDIO)
      expect(await changesOf(north)).toHaveLength(2)
      await settle()
      expect(await changeEmails()).toHaveLength(2)

      // Once studio-north ships, its address is final: 400, nothing recorded, nothing emailed.
      const shipped = await api.post(
        `/api/gallery/artist/orders/${north}/ship`,
        { org_id: org["studio-north"], trackingNumber: "1ZADDR" },
        bearer(token["studio-north"])
      )
      expect(shipped.status).toBe(200)
      for (const address of [THIEF, STUDIO]) {
        const late = await setAddress(order.publicId, "studio-north", address, EMAIL)
        expect(late.status).toBe(400)
        expect(late.data).toEqual({ error: "Order already shipped" })
      }
      expect(await storedAddress(north)).toEqual(STUDIO)
      expect(await changesOf(north)).toHaveLength(2)
      await settle()
      expect(await changeEmails()).toHaveLength(2)

      // studio-south has not shipped: the buyer can still give its address.
      expect((await setAddress(order.publicId, "studio-south", HOME, EMAIL)).status).toBe(200)
      expect(await changesOf(order.artist["studio-south"])).toHaveLength(1)
      expect(await changeEmailsSettled(3)).toHaveLength(3)
    })

    it("the change email goes out exactly once across a crash: queued with the change, re-sent never", async () => {
      const order = await placePaidPerArtistOrder()
      const north = order.artist["studio-north"]
      const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)

      // No dispatcher runs: the change commits with its outbox message, nothing is sent yet.
      jest.spyOn(gallery, "claimOutboxMessages").mockResolvedValue([])
      expect((await setAddress(order.publicId, "studio-north", HOME, EMAIL)).status).toBe(200)
      await settle()
      const [change] = await changesOf(north)
      const messages = await rows(
        `SELECT key, topic, handler, payload, delivered_at FROM gallery_outbox_message WHERE key LIKE 'address-change-email:%'`
      )
      expect(messages).toEqual([
        {
          key: `address-change-email:${change.id}`,
          topic: "gallery.artist_order.address_changed",
          handler: "address-change-email",
          payload: { id: change.id },
          delivered_at: null,
        },
      ])
      expect(await changeEmails()).toHaveLength(0)

      // A dispatcher sent the email and died before marking the message delivered...
      await sendAddressChangeEmails(container, [{ id: change.id }])
      expect(await changeEmails()).toHaveLength(1)
      jest.restoreAllMocks()

      // ...so the message is delivered again once its lease ends: the buyer still gets one email.
      await pg.raw(`UPDATE gallery_outbox_message SET available_at = now() WHERE delivered_at IS NULL`)
      const dispatched = await dispatchGalleryOutbox(container)
      expect(dispatched.failed).toBe(0)
      expect(await outboxDrained(pg)).toBe(0)
      await settle()
      const emails = await changeEmails()
      expect(emails.map((n) => [n.to, n.idempotency_key, n.status])).toEqual([[EMAIL, `${TEMPLATE}:${change.id}`, "success"]])
    })

    it("concurrent changes are each recorded with the address they replaced", async () => {
      const order = await placePaidPerArtistOrder()
      const north = order.artist["studio-north"]
      expect((await setAddress(order.publicId, "studio-north", HOME, EMAIL)).status).toBe(200)
      const addresses = [1, 2, 3, 4].map((n) => ({ ...HOME, line1: `${n} Race Street` }))
      const results = await Promise.all(addresses.map((address) => setAddress(order.publicId, "studio-north", address, EMAIL)))
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200])

      // One unbroken chain from the first address: each change replaced the address the one before it set.
      const changes = await changesOf(north)
      expect(changes).toHaveLength(5)
      expect(changes[0].previous_address).toBeNull()
      for (let i = 1; i < changes.length; i++) expect(changes[i].previous_address).toEqual(changes[i - 1].new_address)
      expect(changes.slice(1).map((c) => c.new_address.line1).sort()).toEqual(addresses.map((a) => a.line1).sort())
      expect(await storedAddress(north)).toEqual(changes[4].new_address)
      expect(await changeEmailsSettled(5)).toHaveLength(5)
    })
  },
})
