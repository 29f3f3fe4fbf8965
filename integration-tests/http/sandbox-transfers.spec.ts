import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { processPendingPayouts } from "../../src/jobs/process-pending-payouts"
import { ORGANIZATION_MODULE } from "../../src/modules/organization"
import type OrganizationModuleService from "../../src/modules/organization/service"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../src/modules/payments"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { countRows, outboxDrained, selectRows } from "../helpers/db"
import {
  COLLECTOR_ADDRESS,
  COLLECTOR_EMAIL,
  loginDemoAdmin,
  orgIdsBySlug,
  productIdsByHandle,
  seedDemo,
} from "../helpers/demo-data"

/**
 * The local gateway's transfers seen from outside, as Stripe's `GET /v1/transfers` shows them
 * (`GET /api/sandbox/transfers`), after real sandbox checkouts; and the payouts job finding a transfer whose record
 * was lost through the same listing.
 */

jest.setTimeout(240000)

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

/** The demo's onboarded accounts are replaced by named ones; studio-east gets none. */
const ACCOUNTS: Record<string, string | null> = {
  "studio-north": "acct_sandbox_north",
  "studio-south": "acct_sandbox_south",
  "studio-east": null,
}
/** Three artists; studio-east has no connected account, so two transfers. */
const CART: [string, number][] = [
  ["studio-north-print", 2],
  ["studio-south-print", 1],
  ["studio-east-print", 1],
]

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    const product: Record<string, string> = {}
    const org: Record<string, string> = {}

    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      Object.assign(product, await productIdsByHandle(container, CART.map(([handle]) => handle)))
      Object.assign(org, await orgIdsBySlug(container, ["studio-north", "studio-south", "studio-east"]))
      const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
      for (const [slug, account] of Object.entries(ACCOUNTS)) {
        // As completed payout onboarding leaves an account: able to receive payouts.
        const payable = account !== null
        await organizations.updateOrganizations({ id: org[slug], stripe_account_id: account, payouts_enabled: payable, transfers_active: payable })
      }
    })

    beforeEach(() => {
      container = getContainer()
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    })

    afterEach(() => {
      jest.restoreAllMocks()
    })

    const rows = (sql: string, bindings: unknown[] = []) => selectRows(pg, sql, bindings)

    /** Cart, checkout, the customer's sandbox payment and confirm, all over HTTP: a paid order. */
    async function paidOrder() {
      const sessionId = crypto.randomUUID()
      const cookie = { headers: { cookie: `gallery_cart_session=${sessionId}` }, ...anyStatus }
      for (const [handle, quantity] of CART) {
        expect((await api.post("/api/gallery/cart/add", { productId: product[handle], quantity }, cookie)).status).toBe(200)
      }
      const checkout = await api.post(
        "/api/gallery/checkout",
        { sessionId, email: COLLECTOR_EMAIL, shippingOption: "single_address", shippingAddress: COLLECTOR_ADDRESS },
        anyStatus
      )
      expect(checkout.status).toBe(200)
      const [order] = await rows(`SELECT * FROM gallery_order WHERE public_id = ?`, [checkout.data.publicId])
      const paid = await api.post(
        `/api/sandbox/payment-intents/${order.payment_intent_id}/confirm`,
        { payment_method: "pm_card_visa" },
        anyStatus
      )
      expect(paid.status).toBe(200)
      const confirmed = await api.post("/api/gallery/checkout/confirm", { paymentIntentId: order.payment_intent_id }, anyStatus)
      expect(confirmed.data.order.status).toBe("paid")
      // The transfers follow the payment from the outbox, in the background.
      expect(await outboxDrained(pg)).toBe(0)
      const [intent] = await rows(`SELECT charge_id FROM sandbox_payment_intent WHERE id = ?`, [order.payment_intent_id])
      const payouts = await rows(
        `SELECT p.*, o.slug FROM gallery_payout p JOIN organization o ON o.id = p.organization_id
         WHERE p.gallery_order_id = ? ORDER BY o.slug`,
        [order.id]
      )
      return { order, chargeId: intent.charge_id as string, payouts }
    }

    function listTransfers(query: string) {
      return api.get(`/api/sandbox/transfers?${query}`, anyStatus)
    }

    describe("GET /api/sandbox/transfers", () => {
      it("lists a paid order's transfers as Stripe would: a list object, newest first, amounts in cents", async () => {
        const before = Math.floor(Date.now() / 1000)
        const { order, chargeId, payouts } = await paidOrder()
        // Another order's transfers are in another group.
        await paidOrder()
        const transferred = payouts.filter((p) => p.status === "transferred")
        expect(transferred.map((p) => p.slug)).toEqual(["studio-north", "studio-south"])

        const res = await listTransfers(`transfer_group=${encodeURIComponent(order.transfer_group)}`)
        expect(res.status).toBe(200)
        expect(res.data).toEqual({
          object: "list",
          data: expect.any(Array),
          has_more: false,
          url: "/v1/transfers",
        })
        const stored = await rows(
          `SELECT id, created_at FROM sandbox_transfer WHERE transfer_group = ? ORDER BY created_at DESC, id DESC`,
          [order.transfer_group]
        )
        expect(res.data.data.map((t: Row) => t.id)).toEqual(stored.map((t) => t.id))
        expect(res.data.data).toHaveLength(2)
        for (const transfer of res.data.data) {
          const payout = transferred.find((p) => p.transfer_id === transfer.id) as Row
          expect(transfer).toEqual({
            id: payout.transfer_id,
            object: "transfer",
            amount: payout.amount_cents,
            currency: "usd",
            destination: ACCOUNTS[payout.slug as keyof typeof ACCOUNTS],
            transfer_group: order.transfer_group,
            source_transaction: chargeId,
            metadata: { gallery_order_id: order.id, artist_order_id: payout.artist_order_id, public_id: order.public_id },
            reversed: false,
            amount_reversed: 0,
            created: expect.any(Number),
          })
          expect(Number.isInteger(transfer.created)).toBe(true)
          expect(transfer.created).toBeGreaterThanOrEqual(before)
          expect(transfer.created).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
        }

        // An unknown group is an empty list, not an error.
        const none = await listTransfers("transfer_group=gallery_gord_unknown_1")
        expect(none.status).toBe(200)
        expect(none.data).toEqual({ object: "list", data: [], has_more: false, url: "/v1/transfers" })
      })

      it("pages with limit and starting_after; shows reversals after an administrator's cancellation", async () => {
        const { order } = await paidOrder()
        const group = `transfer_group=${encodeURIComponent(order.transfer_group)}`
        const all = (await listTransfers(group)).data.data as Row[]

        const first = await listTransfers(`${group}&limit=1`)
        expect(first.status).toBe(200)
        expect(first.data.data.map((t: Row) => t.id)).toEqual([all[0].id])
        expect(first.data.has_more).toBe(true)
        const second = await listTransfers(`${group}&limit=1&starting_after=${all[0].id}`)
        expect(second.data.data).toEqual([all[1]])
        expect(second.data.has_more).toBe(false)

        const admin = await loginDemoAdmin(api)
        const cancelled = await api.post(`/api/admin/gallery-orders/${order.id}/cancel`, {}, bearer(admin))
        expect(cancelled.status).toBe(200)
        const after = (await listTransfers(group)).data.data as Row[]
        expect(after.map((t) => [t.id, t.reversed, t.amount_reversed])).toEqual(
          all.map((t) => [t.id, true, t.amount])
        )
      })

      it("400 for a missing transfer group, a limit outside 1..100, an unknown starting_after", async () => {
        const { order } = await paidOrder()
        const group = `transfer_group=${encodeURIComponent(order.transfer_group)}`
        for (const query of ["", "limit=5", "transfer_group=", "transfer_group=%20%20"]) {
          const res = await listTransfers(query)
          expect(res.status).toBe(400)
          expect(res.data).toEqual({ error: expect.stringContaining("transfer_group"), code: "invalid_request", details: {} })
        }
        for (const limit of ["0", "101", "abc", "1.5"]) {
          const res = await listTransfers(`${group}&limit=${limit}`)
          expect(res.status).toBe(400)
          expect(res.data.error).toContain("limit")
        }
        expect((await listTransfers(`${group}&limit=100`)).status).toBe(200)
        const unknown = await listTransfers(`${group}&starting_after=tr_missing`)
        expect(unknown.status).toBe(400)
        expect(unknown.data).toEqual({ error: "No such transfer: 'tr_missing'", code: "invalid_request", details: {} })
      })
    })

    describe("pending payouts job on the local gateway", () => {
      /**
       * A paid order whose studio-north transfer exists while its record was lost, as a process that died between
       * the two leaves it, with the first attempt 25 hours ago.
       */
      async function lostTransferRecord() {
        const { order, payouts } = await paidOrder()
        const north = payouts.find((p) => p.slug === "studio-north") as Row
        expect(north.transfer_id).toMatch(/^tr_/)
        await pg.raw(
          `UPDATE gallery_payout SET status = 'pending', transfer_id = NULL, transferred_at = NULL,
             attempt_count = 1, first_attempted_at = now() - interval '25 hours',
             next_attempt_at = now() - interval '24 hours 45 minutes'
           WHERE id = ?`,
          [north.id]
        )
        return { order, north }
      }

      it("finds a transfer whose record was lost more than 24 h ago through the listing: recorded, not made again", async () => {
        const { order, north } = await lostTransferRecord()
        const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
        const listed = jest.spyOn(payments, "listTransfers")
        const created = jest.spyOn(payments, "createTransfer")

        expect(await processPendingPayouts(container)).toEqual({ transferred: 1, failed: 0 })

        expect(listed.mock.calls).toEqual([[{ transferGroup: order.transfer_group }]])
        expect(created).not.toHaveBeenCalled()
        const [row] = await rows(`SELECT status, transfer_id FROM gallery_payout WHERE id = ?`, [north.id])
        expect(row).toEqual({ status: "transferred", transfer_id: north.transfer_id })
        expect(await countRows(pg, "sandbox_transfer", "transfer_group = ?", [order.transfer_group])).toBe(2)
      })

      it("when the lookup fails, sends nothing: the payout stays pending with the reason and backs off", async () => {
        const { order, north } = await lostTransferRecord()
        const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
        // The provider is unreachable for this one request.
        jest
          .spyOn(payments, "listTransfers")
          .mockRejectedValueOnce(new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "connection reset"))
        const created = jest.spyOn(payments, "createTransfer")
        const now = new Date()

        expect(await processPendingPayouts(container, { now })).toEqual({ transferred: 0, failed: 1 })

        expect(created).not.toHaveBeenCalled()
        const [row] = await rows(
          `SELECT status, transfer_id, attempt_count, next_attempt_at, failure_reason FROM gallery_payout WHERE id = ?`,
          [north.id]
        )
        expect(row).toEqual({
          status: "pending",
          transfer_id: null,
          attempt_count: 2,
          // The second failed attempt: 30 minutes.
          next_attempt_at: new Date(now.getTime() + 30 * 60_000),
          failure_reason: "Could not check for an existing transfer: connection reset",
        })
        expect(await countRows(pg, "sandbox_transfer", "transfer_group = ?", [order.transfer_group])).toBe(2)

        // Due again: the lookup works, finds the transfer, records it.
        expect(await processPendingPayouts(container, { now: new Date(now.getTime() + 31 * 60_000) })).toEqual({
          transferred: 1,
          failed: 0,
        })
        const [after] = await rows(`SELECT status, transfer_id FROM gallery_payout WHERE id = ?`, [north.id])
        expect(after).toEqual({ status: "transferred", transfer_id: north.transfer_id })
        expect(created).not.toHaveBeenCalled()
      })
    })
  },
})
