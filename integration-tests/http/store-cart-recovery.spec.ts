import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { anyStatus, type Api } from "../helpers/accounts"
import { orgIdsBySlug, seedDemo } from "../helpers/demo-data"
import { sendCartReminders, STORE_CART_REMINDER_TEMPLATE } from "../../src/processes/cart-recovery/send-cart-reminders"
import { CART_EMAIL_MESSAGES } from "../../src/api/api/cart/validators"
import { INVALID_UNSUBSCRIBE_LINK } from "../../src/api/api/unsubscribe/[token]/route"

jest.setTimeout(240000)

const SLUGS = ["studio-north", "studio-south"] as const
const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS
const SHOPPER = "shopper@collector.test"

type Row = Record<string, unknown>
type Variant = { product_id: string; variant_id: string; price: number }

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    const org = {} as Record<(typeof SLUGS)[number], string>
    const variant = {} as Record<"northPrint" | "northOriginal" | "southPrint", Variant>

    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      Object.assign(org, await orgIdsBySlug(container, SLUGS))
      const { rows } = await pg.raw(
        `SELECT p.handle, v.product_id, v.id AS variant_id FROM product_variant v JOIN product p ON p.id = v.product_id
         WHERE p.handle = ANY(?) AND v.deleted_at IS NULL`,
        [["studio-north-print", "studio-north-original", "studio-south-print"]]
      )
      const byHandle = new Map((rows as Row[]).map((r) => [r.handle as string, r]))
      const pick = (handle: string, price: number): Variant => {
        const row = byHandle.get(handle) as Row
        return { product_id: row.product_id as string, variant_id: row.variant_id as string, price }
      }
      variant.northPrint = pick("studio-north-print", 34.99)
      variant.northOriginal = pick("studio-north-original", 1250)
      variant.southPrint = pick("studio-south-print", 45.5)
    })

    const capture = (body: unknown) => api.post("/api/cart/email", body, anyStatus)
    const item = (v: Variant, quantity = 1, price = v.price) => ({ product_id: v.product_id, variant_id: v.variant_id, quantity, price })
    const northCart = (email = SHOPPER, items = [item(variant.northPrint, 2)]) => ({
      email,
      org_id: org["studio-north"],
      cart_items: items,
      cart_total: items.reduce((sum, i) => sum + i.price * i.quantity, 0),
    })
    const carts = async (): Promise<Row[]> => (await pg.raw(`SELECT * FROM recoverable_cart ORDER BY email`)).rows
    const reminders = async (to?: string): Promise<Row[]> =>
      (
        await pg.raw(`SELECT * FROM notification WHERE template = ? ${to ? `AND "to" = ?` : ""} ORDER BY created_at`, [
          STORE_CART_REMINDER_TEMPLATE,
          ...(to ? [to] : []),
        ])
      ).rows
    const capturedAt = async (email: string) => new Date((await carts()).find((c) => c.email === email)?.captured_at as string)
    const runAt = (at: Date) => sendCartReminders(container, at)

    describe("POST /api/cart/email", () => {
      it("captures a cart without any login: 201, then a newer capture of the same store and email replaces it (200)", async () => {
        const first = await capture(northCart(" Shopper@Collector.TEST "))
        expect(first.status).toBe(201)
        expect(first.data).toEqual({ success: true })
        let rows = await carts()
        expect(rows).toHaveLength(1)
        expect(rows[0]).toMatchObject({ organization_id: org["studio-north"], email: SHOPPER, cart_total_cents: 6998 })
        expect(rows[0].items).toEqual([item(variant.northPrint, 2)])

        const second = await capture(northCart(SHOPPER, [item(variant.northOriginal, 1)]))
        expect(second.status).toBe(200)
        rows = await carts()
        expect(rows).toHaveLength(1)
        expect(rows[0].items).toEqual([item(variant.northOriginal, 1)])
        expect(rows[0].cart_total_cents).toBe(125000)

        // The same email in another store is another cart.
        const south = await capture({ ...northCart(SHOPPER, [item(variant.southPrint)]), org_id: org["studio-south"] })
        expect(south.status).toBe(201)
        expect(await carts()).toHaveLength(2)
      })

      it("two racing captures of one email end in one cart", async () => {
        const results = await Promise.all([capture(northCart()), capture(northCart())])
        expect(results.map((r) => r.status).sort()).toEqual([200, 201])
        expect(await carts()).toHaveLength(1)
      })

      type Change = (valid: ReturnType<typeof item>) => Record<string, unknown>
      const withItem = (change: Partial<ReturnType<typeof item>>): Change => (valid) => ({ cart_items: [{ ...valid, ...change }] })
      it.each<[string, Change, string, string]>([
        ["no email", () => ({ email: undefined }), CART_EMAIL_MESSAGES.emailRequired, "email"],
        ["a malformed email", () => ({ email: "shopper@nowhere" }), CART_EMAIL_MESSAGES.invalidEmail, "email"],
        ["no org_id", () => ({ org_id: undefined }), CART_EMAIL_MESSAGES.organizationRequired, "org_id"],
        ["no items", () => ({ cart_items: [] }), CART_EMAIL_MESSAGES.itemsRequired, "cart_items"],
        ["items not an array", () => ({ cart_items: "x" }), CART_EMAIL_MESSAGES.itemsRequired, "cart_items"],
        ["quantity 0", withItem({ quantity: 0 }), CART_EMAIL_MESSAGES.itemInvalid, "cart_items.0.quantity"],
        ["quantity 100", withItem({ quantity: 100 }), CART_EMAIL_MESSAGES.itemInvalid, "cart_items.0.quantity"],
        ["quantity 1.5", withItem({ quantity: 1.5 }), CART_EMAIL_MESSAGES.itemInvalid, "cart_items.0.quantity"],
        ["a negative price", withItem({ price: -1 }), CART_EMAIL_MESSAGES.itemInvalid, "cart_items.0.price"],
        ["a price in tenths of cents", withItem({ price: 1.001 }), CART_EMAIL_MESSAGES.itemInvalid, "cart_items.0.price"],
        ["a string total", () => ({ cart_total: "12" }), CART_EMAIL_MESSAGES.totalInvalid, "cart_total"],
      ])("refuses %s with 400 and writes nothing", async (_name, change, message, field) => {
        const res = await capture({ ...northCart(), ...change(item(variant.northPrint)) })
        expect(res.status).toBe(400)
        expect(res.data).toEqual({ error: message, code: "invalid_request", details: { field } })
        expect(await carts()).toHaveLength(0)
      })

      it("refuses an unknown organization (404) and a variant another store sells or a mismatched product (400)", async () => {
        const unknown = await capture({ ...northCart(), org_id: "org_missing" })
        expect(unknown.status).toBe(404)
        expect(unknown.data).toEqual({ error: CART_EMAIL_MESSAGES.organizationNotFound, code: "not_found", details: { field: "org_id" } })

        const foreign = await capture(northCart(SHOPPER, [item(variant.southPrint)]))
        expect(foreign.status).toBe(400)
        expect(foreign.data.error).toBe(CART_EMAIL_MESSAGES.variantNotInStore)

        const mismatched = await capture(northCart(SHOPPER, [{ ...item(variant.northPrint), product_id: variant.northOriginal.product_id }]))
        expect(mismatched.status).toBe(400)
        expect(await carts()).toHaveLength(0)
      })
    })

    describe("reminders (the send-store-cart-reminders job)", () => {
      it("sends one reminder after the delay, at current Medusa prices, with a one-click unsubscribe; never twice", async () => {
        // The shopper saw the print at 10.00; Medusa's price is 34.99.
        expect((await capture(northCart(SHOPPER, [item(variant.northPrint, 2, 10)]))).status).toBe(201)
        const at = await capturedAt(SHOPPER)

        expect(await runAt(new Date(at.getTime() + 59 * MINUTE_MS))).toMatchObject({ sent: 0 })
        expect(await reminders()).toHaveLength(0)

        expect(await runAt(new Date(at.getTime() + 61 * MINUTE_MS))).toMatchObject({ sent: 1 })
        const [reminder] = await reminders()
        expect(reminder).toMatchObject({ to: SHOPPER, channel: "email", template: STORE_CART_REMINDER_TEMPLATE })
        const data = reminder.data as Row
        expect(data.items).toEqual([
          { product_id: variant.northPrint.product_id, variant_id: variant.northPrint.variant_id, title: expect.any(String), quantity: 2, price: 34.99 },
        ])
        expect(data.total).toBe(69.98)
        expect(data.store_name).toBe("Studio North")
        const url = data.unsubscribe_url as string
        expect(url).toMatch(/\/api\/unsubscribe\/[\w-]+\.[\w-]+$/)
        expect(data.headers).toEqual({ "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" })

        // Later runs, and two racing runs, send nothing more for this capture.
        await Promise.all([runAt(new Date(at.getTime() + 62 * MINUTE_MS)), runAt(new Date(at.getTime() + 62 * MINUTE_MS))])
        await runAt(new Date(at.getTime() + 2 * DAY_MS))
        expect(await reminders()).toHaveLength(1)
        expect((await carts())[0].reminder_sent_at).not.toBeNull()

        // A new capture is a new cart: it gets its own reminder.
        expect((await capture(northCart())).status).toBe(200)
        const again = await capturedAt(SHOPPER)
        await runAt(new Date(again.getTime() + 61 * MINUTE_MS))
        expect(await reminders()).toHaveLength(2)
      })

      it("two racing runs send one reminder per due cart", async () => {
        await capture(northCart("a@collector.test"))
        await capture(northCart("b@collector.test"))
        const late = new Date(Date.now() + 61 * MINUTE_MS)
        const runs = await Promise.all([runAt(late), runAt(late)])
        expect(runs[0].sent + runs[1].sent).toBe(2)
        expect((await reminders()).map((r) => r.to).sort()).toEqual(["a@collector.test", "b@collector.test"])
      })

      it("sends nothing to a shopper who has bought in that store since (a store order), but does after a gallery order", async () => {
        await capture(northCart("buyer@collector.test"))
        await capture(northCart("gallery@collector.test"))
        const [channel] = (
          await pg.raw(
            `SELECT sales_channel_id FROM organization_organization_sales_channel_sales_channel WHERE organization_id = ?`,
            [org["studio-north"]]
          )
        ).rows as Row[]
        const orders = container.resolve(Modules.ORDER)
        const order = (email: string, source: string) => ({
          email: email.toUpperCase(),
          currency_code: "usd",
          sales_channel_id: channel.sales_channel_id as string,
          metadata: { source },
          items: [{ title: "Print", quantity: 1, unit_price: 34.99, variant_id: variant.northPrint.variant_id }],
        })
        await orders.createOrders([order("buyer@collector.test", "store"), order("gallery@collector.test", "gallery")])

        const run = await runAt(new Date(Date.now() + 61 * MINUTE_MS))
        expect(run).toMatchObject({ sent: 1, purchased: 1 })
        expect((await reminders()).map((r) => r.to)).toEqual(["gallery@collector.test"])
        const buyer = (await carts()).find((c) => c.email === "buyer@collector.test") as Row
        expect(buyer.purchased_at).not.toBeNull()
        expect(buyer.reminder_sent_at).toBeNull()
      })

      it("expires carts after 30 days without a reminder", async () => {
        await capture(northCart())
        const at = await capturedAt(SHOPPER)
        const run = await runAt(new Date(at.getTime() + 30 * DAY_MS + MINUTE_MS))
        expect(run).toMatchObject({ sent: 0, expired: 1 })
        expect(await carts()).toHaveLength(0)
        expect(await reminders()).toHaveLength(0)
      })
    })

    describe("unsubscribe (/api/unsubscribe/{token})", () => {
      async function unsubscribeUrl(): Promise<string> {
        await capture(northCart())
        await runAt(new Date((await capturedAt(SHOPPER)).getTime() + 61 * MINUTE_MS))
        const [reminder] = await reminders(SHOPPER)
        return new URL((reminder.data as Row).unsubscribe_url as string).pathname
      }

      it("GET shows a confirmation page and changes nothing; the one-click POST unsubscribes without login; later reminders stop", async () => {
        const path = await unsubscribeUrl()
        const page = await api.get(path, anyStatus)
        expect(page.status).toBe(200)
        expect(page.headers["content-type"]).toMatch(/text\/html/)
        expect(page.data).toContain(SHOPPER)
        expect(page.data).toContain(`<form method="post">`)
        expect((await pg.raw(`SELECT count(*)::int AS n FROM email_suppression`)).rows[0].n).toBe(0)

        // As a mail client sends it (RFC 8058): a form body, no credentials.
        const oneClick = await api.post(path, "List-Unsubscribe=One-Click", {
          headers: { "content-type": "application/x-www-form-urlencoded" },
          ...anyStatus,
        })
        expect(oneClick.status).toBe(200)
        expect(oneClick.data).toEqual({ success: true, email: SHOPPER })
        const again = await api.post(path, {}, anyStatus)
        expect(again.status).toBe(200)
        const { rows } = await pg.raw(`SELECT organization_id, email, reason FROM email_suppression`)
        expect(rows).toEqual([{ organization_id: org["studio-north"], email: SHOPPER, reason: "unsubscribed" }])

        // A later capture by that shopper in that store gets no reminder; in another store it still does.
        await capture(northCart())
        await capture({ ...northCart(SHOPPER, [item(variant.southPrint)]), org_id: org["studio-south"] })
        await runAt(new Date(Date.now() + 61 * MINUTE_MS))
        const sent = await reminders(SHOPPER)
        expect(sent).toHaveLength(2)
        expect((sent[1].data as Row).organization_id).toBe(org["studio-south"])
      })

      it("refuses a tampered or malformed token with 400 and records nothing", async () => {
        const path = await unsubscribeUrl()
        const [payload, signature] = path.split("/").pop()!.split(".")
        const forgedPayload = Buffer.from(JSON.stringify({ o: org["studio-north"], e: "victim@collector.test" })).toString("base64url")
        for (const token of [`${forgedPayload}.${signature}`, `${payload}.${signature.slice(0, -2)}`, "garbage"]) {
          const post = await api.post(`/api/unsubscribe/${token}`, {}, anyStatus)
          expect(post.status).toBe(400)
          expect(post.data).toEqual({ error: INVALID_UNSUBSCRIBE_LINK, code: "invalid_request", details: {} })
          const get = await api.get(`/api/unsubscribe/${token}`, anyStatus)
          expect(get.status).toBe(400)
          expect(get.data).toContain(INVALID_UNSUBSCRIBE_LINK)
        }
        expect((await pg.raw(`SELECT count(*)::int AS n FROM email_suppression`)).rows[0].n).toBe(0)
      })
    })
  },
})

