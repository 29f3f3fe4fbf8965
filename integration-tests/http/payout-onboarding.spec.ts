import net from "node:net"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PAYOUT_ONBOARDING_OWNERS_ONLY } from "../../src/api/api/payouts/middlewares"
import { processPendingPayouts } from "../../src/jobs/process-pending-payouts"
import { connectedAccountIdempotencyKey } from "../../src/lib/payout-onboarding"
import { ORGANIZATION_MODULE } from "../../src/modules/organization"
import type OrganizationModuleService from "../../src/modules/organization/service"
import { LOCAL_WEBHOOK_SECRET, signWebhookPayload } from "../../src/modules/payments"
import { DEMO_ORGANIZATIONS, DEMO_PLAIN_MEMBER } from "../../src/scripts/seed"
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

/**
 * Payout onboarding (Stripe Connect Express) with the local gateway, over HTTP: the owner-only onboarding route, the
 * status route, the sandbox onboarding page that stands in for Stripe's, `account.updated` webhooks, and the payouts
 * that wait for an account and are transferred the moment it can receive them. The Stripe side (exact requests) is in
 * stripe-contract.spec.ts.
 */

jest.setTimeout(240000)

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const WEBHOOK_SECRET = process.env.STRIPE_WEBHOOK_SECRET || LOCAL_WEBHOOK_SECRET

/**
 * The server listens on a PORT other than 9000 (PUBLIC_URL and APP_URL unset): the onboarding link and the
 * addresses it returns to must follow it (src/lib/public-urls.ts). The test runner listens on PORT when it is set;
 * medusa-config.ts reads it when the app loads, in the runner's beforeAll, after this one.
 */
const previousPort = process.env.PORT
let port = 0
let ONBOARDING_URL: RegExp
let PAYOUT_SETTINGS_URL: string

beforeAll(async () => {
  port = await freePort()
  process.env.PORT = String(port)
  ONBOARDING_URL = new RegExp(`^http://localhost:${port}/api/sandbox/accounts/(acct_[0-9A-Za-z]+)/onboarding$`)
  PAYOUT_SETTINGS_URL = `http://localhost:${port}/dashboard/settings/payouts`
})

afterAll(() => {
  if (previousPort === undefined) delete process.env.PORT
  else process.env.PORT = previousPort
})

/** A port nothing listens on now (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}
const NOT_CONNECTED = {
  connected: false,
  charges_enabled: false,
  payouts_enabled: false,
  details_submitted: false,
  pending_payouts: { count: 0, amount: 0 },
}

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    const product: Record<string, string> = {}
    const org: Record<string, string> = {}
    /** Demo logins (the tokens outlive the per-test database restore: members and memberships are seeded). */
    const token: Record<string, string> = {}

    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      Object.assign(product, await productIdsByHandle(container, ["studio-pending-print", "studio-north-print"]))
      Object.assign(org, await orgIdsBySlug(container, DEMO_ORGANIZATIONS.map((o) => o.slug)))
      for (const demo of DEMO_ORGANIZATIONS) token[demo.slug] = await loginDemoMember(api, demo.member.email)
      token.member = await loginDemoMember(api, DEMO_PLAIN_MEMBER.email)
    })

    beforeEach(() => {
      container = getContainer()
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    })

    const rows = (sql: string, bindings: unknown[] = []): Promise<Row[]> => selectRows(pg, sql, bindings)
    const startOnboarding = (as: string, body: object = {}, headers: object = {}) => {
      const auth = bearer(token[as])
      return api.post("/api/payouts/onboarding", body, { ...auth, headers: { ...auth.headers, ...headers } })
    }
    const status = (as: string, query = "") => api.get(`/api/payouts/status${query}`, bearer(token[as]))
    const pathOf = (url: string) => new URL(url).pathname
    const accountOf = async (slug: string) =>
      (await rows(`SELECT stripe_account_id, payouts_enabled, transfers_active, account_synced_at FROM organization WHERE id = ?`, [
        org[slug],
      ]))[0]
    /** The sandbox page's form, as the browser submits it (a redirect is not followed). */
    const submitOnboardingForm = (url: string) =>
      api.post(pathOf(url), "", {
        ...anyStatus,
        maxRedirects: 0,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      })

    function sendWebhook(event: object, signature?: string) {
      const payload = JSON.stringify(event)
      return api.post("/api/webhooks/payments", payload, {
        ...anyStatus,
        transformRequest: [(data: unknown) => data],
        headers: {
          "content-type": "application/json",
          "stripe-signature": signature ?? signWebhookPayload(payload, WEBHOOK_SECRET),
        },
      })
    }

    const accountUpdated = (accountId: string) => ({
      id: `evt_${crypto.randomUUID()}`,
      object: "event",
      type: "account.updated",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: accountId, object: "account" } },
    })

    /** studio-pending sells in the gallery (approved) without a payable account. */
    async function approvePending() {
      const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
      await organizations.updateOrganizations({ id: org["studio-pending"], gallery_approved: true })
    }

    /** Cart, checkout, the customer's sandbox payment and confirm over HTTP: a paid order of studio-pending and north. */
    async function paidOrder() {
      const sessionId = crypto.randomUUID()
      const cookie = { headers: { cookie: `gallery_cart_session=${sessionId}` }, ...anyStatus }
      for (const handle of ["studio-pending-print", "studio-north-print"]) {
        const added = await api.post("/api/gallery/cart/add", { productId: product[handle], quantity: 2 }, cookie)
        expect(added.status).toBe(200)
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
      expect(await outboxDrained(pg)).toBe(0)
      return order
    }

    const payoutOf = async (orderId: string, slug: string) =>
      (await rows(`SELECT * FROM gallery_payout WHERE gallery_order_id = ? AND organization_id = ?`, [orderId, org[slug]]))[0]
    const transfersOf = async (transferGroup: string) =>
      (await api.get(`/api/sandbox/transfers?transfer_group=${transferGroup}&limit=100`, anyStatus)).data.data as Row[]

    describe("demo data", () => {
      it("north, south and east completed onboarding with the local gateway; pending did not; member@ is a plain member", async () => {
        for (const slug of ["studio-north", "studio-south", "studio-east"]) {
          const res = await status(slug)
          expect(res.status).toBe(200)
          expect(res.data).toEqual({
            connected: true,
            charges_enabled: false,
            payouts_enabled: true,
            details_submitted: true,
            pending_payouts: { count: 0, amount: 0 },
          })
          const { stripe_account_id: accountId } = await accountOf(slug)
          const [account] = await rows(`SELECT * FROM sandbox_account WHERE id = ?`, [accountId])
          expect(account).toMatchObject({
            payouts_enabled: true,
            transfers_active: true,
            idempotency_key: connectedAccountIdempotencyKey(org[slug]),
            metadata: { organization_id: org[slug] },
          })
        }
        expect((await status("studio-pending")).data).toEqual(NOT_CONNECTED)
        const memberships = await rows(
          `SELECT ms.role FROM membership ms JOIN member m ON m.id = ms.member_id
           WHERE m.email = ? AND ms.organization_id = ? AND ms.deleted_at IS NULL`,
          [DEMO_PLAIN_MEMBER.email, org["studio-north"]]
        )
        expect(memberships).toEqual([{ role: "member" }])
      })
    })

    describe("POST /api/payouts/onboarding", () => {
      it("an owner gets a link to the sandbox onboarding page; the account is created once, however often or concurrently", async () => {
        const first = await startOnboarding("studio-pending")
        expect(first.status).toBe(200)
        expect(first.data).toEqual({ url: expect.stringMatching(ONBOARDING_URL) })
        const accountId = ONBOARDING_URL.exec(first.data.url)![1]
        expect(await accountOf("studio-pending")).toMatchObject({ stripe_account_id: accountId, payouts_enabled: false })

        // Again, and five racing requests (org_id in the body, or the header): the same account.
        const again = await Promise.all([
          startOnboarding("studio-pending"),
          ...Array.from({ length: 4 }, () => startOnboarding("studio-pending", { org_id: org["studio-pending"] })),
          startOnboarding("studio-pending", {}, { "x-organization-id": org["studio-pending"] }),
        ])
        for (const res of again) {
          expect(res.status).toBe(200)
          expect(res.data.url).toBe(first.data.url)
        }
        expect(await countRows(pg, "sandbox_account", "metadata->>'organization_id' = ?", [org["studio-pending"]])).toBe(1)
        const [account] = await rows(`SELECT * FROM sandbox_account WHERE id = ?`, [accountId])
        expect(account).toMatchObject({
          idempotency_key: connectedAccountIdempotencyKey(org["studio-pending"]),
          payouts_enabled: false,
          details_submitted: false,
          refresh_url: `${PAYOUT_SETTINGS_URL}?onboarding=refresh`,
          return_url: `${PAYOUT_SETTINGS_URL}?onboarding=return`,
        })
      })

      it("two organizations racing get one account each", async () => {
        const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
        await organizations.updateOrganizations({ id: org["studio-east"], stripe_account_id: null, payouts_enabled: false, transfers_active: false })
        const [pending, east] = await Promise.all([startOnboarding("studio-pending"), startOnboarding("studio-east")])
        expect(pending.status).toBe(200)
        expect(east.status).toBe(200)
        expect(pending.data.url).not.toBe(east.data.url)
        // east's earlier account (same idempotency key) is reused rather than a second one created.
        expect(await countRows(pg, "sandbox_account", "metadata->>'organization_id' = ?", [org["studio-east"]])).toBe(1)
      })

      it("refuses a plain member (403), another organization's member (403), no token (401) and bad bodies (400)", async () => {
        const member = await startOnboarding("member")
        expect(member.status).toBe(403)
        expect(member.data).toEqual({ error: "Forbidden", message: PAYOUT_ONBOARDING_OWNERS_ONLY })
        const viaOrgId = await startOnboarding("member", { org_id: org["studio-north"] })
        expect(viaOrgId.status).toBe(403)

        const other = await startOnboarding("studio-north", { org_id: org["studio-pending"] })
        expect(other.status).toBe(403)
        expect(other.data).toEqual({ error: "Forbidden", message: "You are not a member of this organization" })
        const otherHeader = await startOnboarding("studio-north", {}, { "x-organization-id": org["studio-pending"] })
        expect(otherHeader.status).toBe(403)

        const anonymous = await api.post("/api/payouts/onboarding", {}, anyStatus)
        expect(anonymous.status).toBe(401)
        const badToken = await api.post("/api/payouts/onboarding", {}, bearer("not-a-token"))
        expect(badToken.status).toBe(401)

        for (const [body, field] of [
          [{ org_id: 42 }, "org_id"],
          [{ org_id: "x".repeat(101) }, "org_id"],
          [{ org_id: "org_\u0000" }, "org_id"],
        ] as const) {
          const res = await startOnboarding("studio-pending", body)
          expect(res.status).toBe(400)
          expect(res.data).toMatchObject({ code: "invalid_request", details: { field } })
        }
        const unknownField = await startOnboarding("studio-pending", { return_url: "https://evil.test" })
        expect(unknownField.status).toBe(400)
        const unknownOrg = await startOnboarding("studio-pending", { org_id: "org_missing" })
        expect(unknownOrg.status).toBe(403)

        // Nothing was created by any refused request.
        expect(await countRows(pg, "sandbox_account", "metadata->>'organization_id' = ?", [org["studio-pending"]])).toBe(0)
        expect((await accountOf("studio-pending")).stripe_account_id).toBeNull()
      })
    })

    describe("GET /api/payouts/status and the sandbox onboarding page", () => {
      it("members read the status; the page's form completes onboarding and sends the owner back to the app", async () => {
        expect((await status("studio-pending")).data).toEqual(NOT_CONNECTED)
        // A plain member may read it (only changing onboarding is for owners).
        const memberView = await status("member")
        expect(memberView.status).toBe(200)
        expect(memberView.data).toMatchObject({ connected: true, payouts_enabled: true })
        expect((await status("studio-north", `?org_id=${org["studio-pending"]}`)).status).toBe(403)
        expect((await api.get("/api/payouts/status", anyStatus)).status).toBe(401)
        const badQuery = await status("studio-pending", "?org_id=a&extra=1")
        expect(badQuery.status).toBe(400)

        const { data } = await startOnboarding("studio-pending")
        const accountId = ONBOARDING_URL.exec(data.url)![1]
        expect((await status("studio-pending")).data).toEqual({ ...NOT_CONNECTED, connected: true })

        // The link as given (absolute, on this server's PORT) opens the page.
        const page = await api.get(data.url, anyStatus)
        expect(page.status).toBe(200)
        expect(page.headers["content-type"]).toMatch(/^text\/html/)
        expect(page.data).toContain(accountId)
        expect(page.data).toContain(`<form method="post" action="/api/sandbox/accounts/${accountId}/onboarding">`)
        expect(page.data).toContain("cannot receive payouts yet")

        const submitted = await submitOnboardingForm(data.url)
        expect(submitted.status).toBe(303)
        expect(submitted.headers.location).toBe(`${PAYOUT_SETTINGS_URL}?onboarding=return`)
        expect((await status("studio-pending")).data).toEqual({
          connected: true,
          charges_enabled: false,
          payouts_enabled: true,
          details_submitted: true,
          pending_payouts: { count: 0, amount: 0 },
        })
        expect(await accountOf("studio-pending")).toMatchObject({
          payouts_enabled: true,
          transfers_active: true,
          account_synced_at: expect.any(Date),
        })
        expect((await api.get(pathOf(data.url), anyStatus)).data).toContain("Onboarding is complete")

        // Starting again after completion: the same account, still enabled.
        const again = await startOnboarding("studio-pending")
        expect(again.data.url).toBe(data.url)
        expect((await status("studio-pending")).data.payouts_enabled).toBe(true)

        const unknown = await api.get("/api/sandbox/accounts/acct_missing/onboarding", anyStatus)
        expect(unknown.status).toBe(404)
        expect((await api.post("/api/sandbox/accounts/acct_missing/onboarding", "", anyStatus)).status).toBe(404)
      })
    })

    describe("payouts waiting for an account", () => {
      it("a paid checkout's payout waits while the account cannot receive payouts and is transferred the moment onboarding completes", async () => {
        await approvePending()
        const { data } = await startOnboarding("studio-pending")
        const accountId = ONBOARDING_URL.exec(data.url)![1]

        const order = await paidOrder()
        const waiting = await payoutOf(order.id, "studio-pending")
        expect(waiting).toMatchObject({ status: "pending", transfer_id: null, attempt_count: 0 })
        // North (onboarded by the demo seed) was paid right away; nothing went to the unfinished account.
        expect(await payoutOf(order.id, "studio-north")).toMatchObject({ status: "transferred" })
        expect((await transfersOf(order.transfer_group)).map((t) => t.destination)).not.toContain(accountId)
        // Not even the payouts job pays an account that has not finished onboarding.
        await processPendingPayouts(container, { now: new Date(Date.now() + 3600_000) })
        expect(await payoutOf(order.id, "studio-pending")).toMatchObject({ status: "pending", attempt_count: 0 })
        expect((await status("studio-pending")).data.pending_payouts).toEqual({ count: 1, amount: waiting.amount_cents / 100 })

        const submitted = await submitOnboardingForm(data.url)
        expect(submitted.status).toBe(303)
        // Transferred at once (from the outbox, in the background), not at the payouts job's next run.
        const transfers = await waitFor(
          () => transfersOf(order.transfer_group),
          (list) => list.some((t) => t.destination === accountId)
        )
        const toPending = transfers.filter((t) => t.destination === accountId)
        expect(toPending).toHaveLength(1)
        expect(toPending[0]).toMatchObject({ amount: waiting.amount_cents, currency: "usd" })
        expect(toPending[0].metadata).toMatchObject({ artist_order_id: waiting.artist_order_id })
        expect(await outboxDrained(pg)).toBe(0)
        expect(await payoutOf(order.id, "studio-pending")).toMatchObject({
          status: "transferred",
          transfer_id: toPending[0].id,
          destination: accountId,
        })
        expect((await status("studio-pending")).data.pending_payouts).toEqual({ count: 0, amount: 0 })

        // Submitting the form again transfers nothing twice.
        expect((await submitOnboardingForm(data.url)).status).toBe(303)
        expect(await outboxDrained(pg)).toBe(0)
        expect((await transfersOf(order.transfer_group)).filter((t) => t.destination === accountId)).toHaveLength(1)
      })
    })

    describe("account.updated webhooks", () => {
      it("keep the account state current, are de-duplicated, and pay waiting payouts when payouts come back", async () => {
        await approvePending()
        const { data } = await startOnboarding("studio-pending")
        const accountId = ONBOARDING_URL.exec(data.url)![1]
        await submitOnboardingForm(data.url)
        expect((await status("studio-pending")).data.payouts_enabled).toBe(true)

        // The provider disables payouts (new requirements); its event says so. The payload itself is not trusted:
        // the account is read from the gateway.
        await pg.raw(`UPDATE sandbox_account SET payouts_enabled = false, transfers_active = false WHERE id = ?`, [accountId])
        const disabled = accountUpdated(accountId)
        const received = await sendWebhook({ ...disabled, data: { object: { id: accountId, payouts_enabled: true } } })
        expect(received.status).toBe(200)
        expect(received.data).toEqual({ received: true })
        expect((await status("studio-pending")).data).toMatchObject({ connected: true, payouts_enabled: false, details_submitted: true })
        expect(await countRows(pg, "processed_webhook_event", "event_id = ?", [disabled.id])).toBe(1)

        // A checkout now leaves the payout waiting.
        const order = await paidOrder()
        expect(await payoutOf(order.id, "studio-pending")).toMatchObject({ status: "pending", transfer_id: null })

        // Payouts come back: the same event id redelivered changes nothing; a new event pays at once.
        await pg.raw(`UPDATE sandbox_account SET payouts_enabled = true, transfers_active = true WHERE id = ?`, [accountId])
        const replay = await sendWebhook({ ...disabled, data: { object: { id: accountId, payouts_enabled: true } } })
        expect(replay.data).toEqual({ received: true, duplicate: true })
        expect((await status("studio-pending")).data.payouts_enabled).toBe(false)

        const enabled = accountUpdated(accountId)
        expect((await sendWebhook(enabled)).data).toEqual({ received: true })
        expect((await status("studio-pending")).data.payouts_enabled).toBe(true)
        const paid = await waitFor(
          () => payoutOf(order.id, "studio-pending"),
          (payout) => payout.status === "transferred"
        )
        expect(paid.destination).toBe(accountId)
        expect(await outboxDrained(pg)).toBe(0)
        expect((await transfersOf(order.transfer_group)).filter((t) => t.destination === accountId)).toHaveLength(1)

        // Redelivered once more (concurrently): nothing new.
        const replays = await Promise.all([sendWebhook(enabled), sendWebhook(enabled)])
        for (const res of replays) expect(res.status).toBe(200)
        expect(await outboxDrained(pg)).toBe(0)
        expect((await transfersOf(order.transfer_group)).filter((t) => t.destination === accountId)).toHaveLength(1)
      })

      it("a wrong signature is refused; an unknown account is acknowledged and changes nothing", async () => {
        const event = accountUpdated(ONBOARDING_URL.exec((await startOnboarding("studio-pending")).data.url)![1])
        const forged = await sendWebhook(event, signWebhookPayload(JSON.stringify(event), "whsec_wrong"))
        expect(forged.status).toBe(400)
        expect(forged.data).toEqual({ error: "Invalid signature" })
        expect(await countRows(pg, "processed_webhook_event", "event_id = ?", [event.id])).toBe(0)

        const before = await rows(`SELECT id, payouts_enabled, account_synced_at FROM organization ORDER BY id`)
        const unknown = await sendWebhook(accountUpdated("acct_unknown"))
        expect(unknown.status).toBe(200)
        expect(unknown.data).toEqual({ received: true })
        expect(await rows(`SELECT id, payouts_enabled, account_synced_at FROM organization ORDER BY id`)).toEqual(before)
      })
    })
  },
})
