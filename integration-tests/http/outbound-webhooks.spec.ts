import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { lookup } from "node:dns/promises"
import { hostname } from "node:os"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { WEBHOOK_ENDPOINT_MESSAGES } from "../../src/api/api/webhook-endpoints/validators"
import { isPublicAddress, WEBHOOK_URL_MESSAGES } from "../../src/lib/webhook-url"
import { WEBHOOK_EVENT_TYPES, WEBHOOK_RETRY_SCHEDULE_SECONDS } from "../../src/lib/webhooks"
import { queueGalleryOrderPaidWebhooks } from "../../src/processes/outbox/handlers/organization-webhooks"
import { WEBHOOK_ENDPOINT_DISABLED_TEMPLATE } from "../../src/processes/webhooks/disabled-endpoint-email"
import { dispatchWebhookDeliveries } from "../../src/processes/webhooks/dispatch"
import { enqueueOrganizationWebhookEvents } from "../../src/workflows/platform/utils/enqueue-webhook-events"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { countQueries, countRows, outboxDrained, selectRows, waitFor } from "../helpers/db"
import {
  COLLECTOR_ADDRESS,
  COLLECTOR_EMAIL,
  loginDemoAdmin,
  loginDemoMember,
  orgIdsBySlug,
  productIdsByHandle,
  seedDemo,
} from "../helpers/demo-data"
import { startWebhookReceiver, verifySignatures, type ReceivedWebhook, type WebhookReceiver } from "../helpers/webhook-receiver"

jest.setTimeout(240000)

const DAY_MS = 24 * 3600 * 1000
const SLUGS = ["studio-north", "studio-south"] as const
const HANDLES = ["studio-north-print", "studio-south-print"]
const ENV_KEYS = ["WEBHOOK_URL_POLICY", "WEBHOOK_TIMEOUT_MS"] as const

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    let receiver: WebhookReceiver
    const org = {} as Record<(typeof SLUGS)[number], string>
    const product: Record<string, string> = {}
    const token: Record<"north" | "south" | "member" | "admin", string> = { north: "", south: "", member: "", admin: "" }
    const savedEnv: Partial<Record<(typeof ENV_KEYS)[number], string>> = {}

    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      Object.assign(org, await orgIdsBySlug(container, SLUGS))
      Object.assign(product, await productIdsByHandle(container, HANDLES))
      token.north = await loginDemoMember(api, "north@atelier.test")
      token.south = await loginDemoMember(api, "south@atelier.test")
      token.member = await loginDemoMember(api, "member@atelier.test")
      token.admin = await loginDemoAdmin(api)
      receiver = await startWebhookReceiver()
      for (const key of ENV_KEYS) savedEnv[key] = process.env[key]
    })

    afterAll(async () => {
      await receiver.close()
    })

    beforeEach(() => {
      container = getContainer()
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      receiver.requests.length = 0
      receiver.defaultStatus = 200
      receiver.delayMs = 0
    })

    afterEach(async () => {
      for (const key of ENV_KEYS) {
        if (savedEnv[key] === undefined) delete process.env[key]
        else process.env[key] = savedEnv[key]
      }
      // Let this test's background attempts finish before the database is restored under them.
      await waitFor(() => countRows(pg, "platform_webhook_delivery", "status = 'pending' AND next_retry_at <= now()"), (n) => n === 0, 5000)
    })

    const rows = (sql: string, bindings: unknown[] = []) => selectRows(pg, sql, bindings)
    const as = (who: keyof typeof token) => bearer(token[who])
    const endpointsUrl = "/api/webhook-endpoints"

    /** An endpoint of `who`'s organization at the receiver's `path`; returns its id and secret. */
    async function createEndpoint(who: "north" | "south", events: readonly string[], path: string, url = `${receiver.url}${path}`) {
      const res = await api.post(endpointsUrl, { url, events }, as(who))
      expect(res.status).toBe(201)
      return { id: res.data.webhook_endpoint.id as string, secret: res.data.secret as string }
    }

    const deliveriesOf = (endpointId: string) =>
      rows(`SELECT * FROM platform_webhook_delivery WHERE endpoint_id = ? ORDER BY created_at, id`, [endpointId])
    const endpointRow = async (id: string) => (await rows(`SELECT * FROM platform_webhook_endpoint WHERE id = ?`, [id]))[0]
    const received = (path: string) => receiver.requests.filter((r) => r.path === path)
    const waitForRequests = (path: string, n: number) =>
      waitFor(async () => received(path), (list) => list.length >= n, 15000)
    const bodyOf = (request: ReceivedWebhook) => JSON.parse(request.body)

    async function createProduct(title: string) {
      const res = await api.post("/api/products", { title, base_price: 120, product_type: "print" }, as("north"))
      expect(res.status).toBe(201)
      return res.data.product.id as string
    }

    /** Waits until the endpoint's oldest delivery has had `attempts` attempts recorded. */
    const attempted = (endpointId: string, attempts: number) =>
      waitFor(
        () => deliveriesOf(endpointId),
        (list) => list.length > 0 && list[0].attempt >= attempts && list[0].duration_ms !== null,
        15000
      )

    describe("endpoints (/api/webhook-endpoints)", () => {
      it("an owner creates one (201, the secret shown once), lists, reads, updates, disables, re-enables and deletes it", async () => {
        const created = await api.post(
          endpointsUrl,
          { url: `${receiver.url}/north`, events: ["order.paid", "product.created", "order.paid"], description: " My shop " },
          as("north")
        )
        expect(created.status).toBe(201)
        const { webhook_endpoint: endpoint, secret } = created.data
        expect(endpoint).toEqual({
          id: expect.stringMatching(/^whep_/),
          url: `${receiver.url}/north`,
          description: "My shop",
          events: ["order.paid", "product.created"],
          status: "enabled",
          disabled_at: null,
          disabled_reason: null,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        })
        expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
        expect(Buffer.from(secret.slice("whsec_".length), "base64")).toHaveLength(32)
        expect(await endpointRow(endpoint.id)).toMatchObject({ organization_id: org["studio-north"], secret })

        const list = await api.get(endpointsUrl, as("north"))
        expect(list.status).toBe(200)
        expect(list.data).toEqual({ webhook_endpoints: [endpoint] })
        const one = await api.get(`${endpointsUrl}/${endpoint.id}`, as("north"))
        expect(one.data).toEqual({ webhook_endpoint: endpoint })
        expect(JSON.stringify([list.data, one.data])).not.toContain(secret.slice(6))

        const patched = await api.patch(`${endpointsUrl}/${endpoint.id}`, { events: ["order.shipped"], description: null }, as("north"))
        expect(patched.status).toBe(200)
        expect(patched.data.webhook_endpoint).toMatchObject({ url: endpoint.url, events: ["order.shipped"], description: null })
        const put = await api.request({
          method: "PUT",
          url: `${endpointsUrl}/${endpoint.id}`,
          data: { url: `${receiver.url}/moved` },
          ...as("north"),
        })
        expect(put.data.webhook_endpoint).toMatchObject({ url: `${receiver.url}/moved`, events: ["order.shipped"] })

        const off = await api.patch(`${endpointsUrl}/${endpoint.id}`, { enabled: false }, as("north"))
        expect(off.data.webhook_endpoint).toMatchObject({ status: "disabled", disabled_reason: "manual", disabled_at: expect.any(String) })
        const on = await api.patch(`${endpointsUrl}/${endpoint.id}`, { enabled: true }, as("north"))
        expect(on.data.webhook_endpoint).toMatchObject({ status: "enabled", disabled_reason: null, disabled_at: null })
        expect(await endpointRow(endpoint.id)).toMatchObject({ secret, consecutive_failures: 0 })

        const deleted = await api.delete(`${endpointsUrl}/${endpoint.id}`, as("north"))
        expect(deleted.status).toBe(200)
        expect(deleted.data).toEqual({ id: endpoint.id, object: "webhook_endpoint", deleted: true })
        const gone = await api.get(`${endpointsUrl}/${endpoint.id}`, as("north"))
        expect(gone.status).toBe(404)
        expect(gone.data).toEqual({ error: WEBHOOK_ENDPOINT_MESSAGES.notFound, code: "not_found", details: {} })
        expect((await api.delete(`${endpointsUrl}/${endpoint.id}`, as("north"))).status).toBe(404)
        expect((await api.get(endpointsUrl, as("north"))).data).toEqual({ webhook_endpoints: [] })
      })

      it.each<[string, Record<string, unknown>, string, string]>([
        ["no url", { url: undefined }, WEBHOOK_URL_MESSAGES.invalid, "url"],
        ["a url that is not one", { url: "hooks.example.com/x" }, WEBHOOK_URL_MESSAGES.invalid, "url"],
        ["a ftp url", { url: "ftp://example.com/x" }, WEBHOOK_URL_MESSAGES.invalid, "url"],
        ["http to another host in development", { url: "http://hooks.example.com/x" }, WEBHOOK_URL_MESSAGES.httpsRequiredLocal, "url"],
        ["credentials in the url", { url: "https://user:secret@hooks.example.com/" }, WEBHOOK_URL_MESSAGES.credentials, "url"],
        ["a 2049-character url", { url: `https://hooks.example.com/${"a".repeat(2030)}` }, WEBHOOK_URL_MESSAGES.invalid, "url"],
        ["no events", { events: undefined }, WEBHOOK_ENDPOINT_MESSAGES.eventsInvalid, "events"],
        ["an empty event list", { events: [] }, WEBHOOK_ENDPOINT_MESSAGES.eventsInvalid, "events"],
        ["an unknown event", { events: ["order.exploded"] }, WEBHOOK_ENDPOINT_MESSAGES.eventsInvalid, "events.0"],
        ["events as a string", { events: "order.paid" }, WEBHOOK_ENDPOINT_MESSAGES.eventsInvalid, "events"],
        ["a 501-character description", { description: "d".repeat(501) }, WEBHOOK_ENDPOINT_MESSAGES.descriptionInvalid, "description"],
      ])("refuses %s with 400 naming the field, writing nothing", async (_name, change, message, field) => {
        const res = await api.post(endpointsUrl, { url: `${receiver.url}/x`, events: ["order.paid"], ...change }, as("north"))
        expect(res.status).toBe(400)
        expect(res.data).toEqual({ error: message, code: "invalid_request", details: { field } })
        expect(await countRows(pg, "platform_webhook_endpoint")).toBe(0)
      })

      it("refuses unknown fields and empty or bad updates with 400", async () => {
        expect((await api.post(endpointsUrl, { url: `${receiver.url}/x`, events: ["order.paid"], secret: "whsec_mine" }, as("north"))).status).toBe(400)
        const { id } = await createEndpoint("north", ["order.paid"], "/x")
        const empty = await api.patch(`${endpointsUrl}/${id}`, {}, as("north"))
        expect(empty.status).toBe(400)
        expect(empty.data.error).toBe(WEBHOOK_ENDPOINT_MESSAGES.nothingToUpdate)
        const enabled = await api.patch(`${endpointsUrl}/${id}`, { enabled: "yes" }, as("north"))
        expect(enabled.data).toEqual({ error: WEBHOOK_ENDPOINT_MESSAGES.enabledInvalid, code: "invalid_request", details: { field: "enabled" } })
        const url = await api.patch(`${endpointsUrl}/${id}`, { url: "http://hooks.example.com/" }, as("north"))
        expect(url.status).toBe(400)
        expect(await endpointRow(id)).toMatchObject({ url: `${receiver.url}/x`, events: ["order.paid"], status: "enabled" })
        const limit = await api.get(`${endpointsUrl}/${id}/deliveries?limit=101`, as("north"))
        expect(limit.data).toEqual({ error: WEBHOOK_ENDPOINT_MESSAGES.limitInvalid, code: "invalid_request", details: { field: "limit" } })
      })

      it("401 without a token; owners only (403 for a plain member); another organization's owner gets 403, an unknown id 404", async () => {
        const anonymous = await api.get(endpointsUrl, anyStatus)
        expect(anonymous.status).toBe(401)
        expect(anonymous.data).toEqual({ error: "Unauthorized", message: "Authentication required" })

        const ownersOnly = { error: "Forbidden", message: WEBHOOK_ENDPOINT_MESSAGES.ownersOnly }
        for (const res of [
          await api.get(endpointsUrl, as("member")),
          await api.post(endpointsUrl, { url: `${receiver.url}/m`, events: ["order.paid"] }, as("member")),
        ]) {
          expect(res.status).toBe(403)
          expect(res.data).toEqual(ownersOnly)
        }

        const { id } = await createEndpoint("north", ["order.paid"], "/north")
        const [delivery] = await enqueueOrganizationWebhookEvents(container, [
          { organization_id: org["studio-north"], type: "order.paid", data: { id: "order_1" } },
        ])
        await attempted(id, 1)

        const memberRead = await api.get(`${endpointsUrl}/${id}`, as("member"))
        expect(memberRead.status).toBe(403)
        expect(memberRead.data).toEqual(ownersOnly)

        const forbidden = { error: "Forbidden", message: WEBHOOK_ENDPOINT_MESSAGES.forbidden }
        for (const res of [
          await api.get(`${endpointsUrl}/${id}`, as("south")),
          await api.patch(`${endpointsUrl}/${id}`, { enabled: false }, as("south")),
          await api.delete(`${endpointsUrl}/${id}`, as("south")),
          await api.get(`${endpointsUrl}/${id}/deliveries`, as("south")),
          await api.post(`${endpointsUrl}/${id}/deliveries/${delivery}/redeliver`, {}, as("south")),
          await api.get(`${endpointsUrl}/${id}?org_id=${org["studio-south"]}`, as("north")),
        ]) {
          expect(res.status).toBe(403)
          expect(res.data).toEqual(forbidden)
        }
        const otherOrg = await api.post(endpointsUrl, { org_id: org["studio-north"], url: `${receiver.url}/s`, events: ["order.paid"] }, as("south"))
        expect(otherOrg.status).toBe(403)
        expect(otherOrg.data).toEqual({ error: "Forbidden", message: "You are not a member of this organization" })
        expect((await api.get(endpointsUrl, as("south"))).data).toEqual({ webhook_endpoints: [] })

        expect((await api.get(`${endpointsUrl}/whep_missing`, as("north"))).status).toBe(404)
        expect((await api.get(`${endpointsUrl}/whep_missing/deliveries`, as("north"))).status).toBe(404)
        expect(await endpointRow(id)).toMatchObject({ status: "enabled", deleted_at: null })
        expect(await countRows(pg, "platform_webhook_delivery")).toBe(1)
      })
    })

    describe("deliveries", () => {
      it("signs each delivery (X-Atelier-Signature and Standard Webhooks, checked by an independent HMAC); product events reach subscribers only", async () => {
        const north = await createEndpoint("north", ["product.created", "product.updated"], "/north")
        await createEndpoint("north", ["order.paid"], "/orders-only")
        const south = await createEndpoint("south", ["product.created"], "/south")

        const productId = await createProduct("Harbour Light")
        const [request] = await waitForRequests("/north", 1)
        expect(verifySignatures(north.secret, request)).toEqual({ atelier: true, standard: true, fresh: true })
        expect(request.headers["content-type"]).toBe("application/json")
        expect(request.headers["x-atelier-event"]).toBe("product.created")
        expect(request.headers["x-atelier-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/)
        const event = bodyOf(request)
        expect(event).toEqual({
          id: expect.stringMatching(/^evt_/),
          type: "product.created",
          created_at: expect.any(String),
          data: { id: productId, title: "Harbour Light", product_type: "print", base_price: 120, status: "draft", created_at: expect.any(String) },
        })
        expect(request.headers["webhook-id"]).toBe(event.id)
        expect(Object.keys(event)).toEqual(["id", "type", "created_at", "data"])

        // A body changed in transit, or another secret, fails both checks.
        expect(verifySignatures(north.secret, { ...request, body: `${request.body} ` })).toMatchObject({ atelier: false, standard: false })
        expect(verifySignatures(south.secret, request)).toMatchObject({ atelier: false, standard: false })

        const log = await api.get(`${endpointsUrl}/${north.id}/deliveries`, as("north"))
        expect(log.status).toBe(200)
        expect(log.data).toEqual({
          deliveries: [
            {
              id: expect.stringMatching(/^whdel_/),
              event_id: event.id,
              event_type: "product.created",
              status: "succeeded",
              attempt: 1,
              status_code: 200,
              duration_ms: expect.any(Number),
              error: null,
              next_retry_at: null,
              delivered_at: expect.any(String),
              redelivery_of: null,
              created_at: expect.any(String),
            },
          ],
          count: 1,
          limit: 50,
          offset: 0,
        })

        const patched = await api.patch(`/api/products/${productId}`, { title: "Harbour Light II" }, as("north"))
        expect(patched.status).toBe(200)
        const [, update] = await waitForRequests("/north", 2)
        expect(verifySignatures(north.secret, update).atelier).toBe(true)
        expect(bodyOf(update)).toMatchObject({ type: "product.updated", data: { id: productId, title: "Harbour Light II" } })
        expect(bodyOf(update).id).not.toBe(event.id)
        // A variant added (the variant workflows end the same way) is an update of the product too.
        const variant = await api.post(`/api/products/${productId}/variants`, { title: "Large", price: 150 }, as("north"))
        expect(variant.status).toBe(201)
        const [, , variantUpdate] = await waitForRequests("/north", 3)
        expect(bodyOf(variantUpdate)).toMatchObject({ type: "product.updated", data: { id: productId, title: "Harbour Light II" } })

        expect(received("/orders-only")).toHaveLength(0)
        expect(received("/south")).toHaveLength(0)
        expect(await deliveriesOf(south.id)).toHaveLength(0)
      })

      it("retries after a 500 on the Standard Webhooks schedule and then succeeds; a redelivery sends the same event again", async () => {
        const endpoint = await createEndpoint("north", ["product.created"], "/flaky")
        receiver.respondWith(500)
        await createProduct("Second Try")
        const [first] = await attempted(endpoint.id, 1)
        expect(first).toMatchObject({ status: "pending", attempt: 1, status_code: 500, error: "HTTP 500", delivered_at: null })
        expect(new Date(first.next_retry_at).getTime() - new Date(first.last_attempt_at).getTime()).toBe(5000)

        // Not due a millisecond early; due at its time (the clock is the dispatcher's, so the test need not wait).
        const due = new Date(first.next_retry_at)
        expect(await dispatchWebhookDeliveries(container, { now: new Date(due.getTime() - 1) })).toEqual({ succeeded: 0, failed: 0, disabled: 0 })
        expect(await dispatchWebhookDeliveries(container, { now: due })).toEqual({ succeeded: 1, failed: 0, disabled: 0 })
        const [second] = await deliveriesOf(endpoint.id)
        expect(second).toMatchObject({ status: "succeeded", attempt: 2, status_code: 200, error: null, next_retry_at: null })
        expect(second.delivered_at).not.toBeNull()

        const requests = received("/flaky")
        expect(requests).toHaveLength(2)
        expect(requests[1].body).toBe(requests[0].body)
        expect(requests[1].headers["webhook-id"]).toBe(requests[0].headers["webhook-id"])
        expect(requests.map((r) => verifySignatures(endpoint.secret, r).standard)).toEqual([true, true])
        expect((await api.get(`${endpointsUrl}/${endpoint.id}/deliveries`, as("north"))).data.deliveries[0]).toMatchObject({
          attempt: 2,
          status_code: 200,
        })
        expect(await endpointRow(endpoint.id)).toMatchObject({ consecutive_failures: 0, failing_since: null })

        const redelivered = await api.post(`${endpointsUrl}/${endpoint.id}/deliveries/${second.id}/redeliver`, {}, as("north"))
        expect(redelivered.status).toBe(202)
        expect(redelivered.data.delivery).toMatchObject({
          id: expect.stringMatching(/^whdel_/),
          event_id: second.event_id,
          event_type: "product.created",
          status: "pending",
          attempt: 0,
          redelivery_of: second.id,
        })
        const [, , again] = await waitForRequests("/flaky", 3)
        expect(again.body).toBe(requests[0].body)
        expect(again.headers["webhook-id"]).toBe(second.event_id)
        expect(verifySignatures(endpoint.secret, again)).toEqual({ atelier: true, standard: true, fresh: true })
        const log = await waitFor(
          async () => (await api.get(`${endpointsUrl}/${endpoint.id}/deliveries`, as("north"))).data,
          (data) => data.deliveries[0]?.status === "succeeded"
        )
        expect(log.count).toBe(2)
        expect(log.deliveries[0]).toMatchObject({ redelivery_of: second.id, attempt: 1, status_code: 200 })

        const missing = await api.post(`${endpointsUrl}/${endpoint.id}/deliveries/whdel_missing/redeliver`, {}, as("north"))
        expect(missing.status).toBe(404)
        expect(missing.data.error).toBe(WEBHOOK_ENDPOINT_MESSAGES.deliveryNotFound)
        const other = await createEndpoint("north", ["order.paid"], "/other")
        const elsewhere = await api.post(`${endpointsUrl}/${other.id}/deliveries/${second.id}/redeliver`, {}, as("north"))
        expect(elsewhere.status).toBe(404)
      })

      it("gives up after the last retry, disables an endpoint failing for five days and emails its owners once", async () => {
        receiver.defaultStatus = 500
        const endpoint = await createEndpoint("north", ["product.created", "product.updated"], "/down")
        const productId = await createProduct("Never Arrives")
        let [delivery] = await attempted(endpoint.id, 1)
        const firstFailure = new Date(delivery.last_attempt_at)

        // Each retry at its time: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after the previous attempt.
        for (const delay of WEBHOOK_RETRY_SCHEDULE_SECONDS) {
          expect(new Date(delivery.next_retry_at).getTime() - new Date(delivery.last_attempt_at).getTime()).toBe(delay * 1000)
          await dispatchWebhookDeliveries(container, { now: new Date(delivery.next_retry_at) })
          ;[delivery] = await deliveriesOf(endpoint.id)
        }
        expect(delivery).toMatchObject({ status: "failed", attempt: 8, status_code: 500, next_retry_at: null, delivered_at: null })
        expect(received("/down")).toHaveLength(8)
        // About 27.6 hours of failure: not yet sustained.
        expect(await endpointRow(endpoint.id)).toMatchObject({ status: "enabled", consecutive_failures: 8 })
        expect(new Date((await endpointRow(endpoint.id)).failing_since).getTime()).toBe(firstFailure.getTime())

        // A later event still fails; five days after the first failure the endpoint is disabled.
        expect((await api.patch(`/api/products/${productId}`, { title: "Still Down" }, as("north"))).status).toBe(200)
        await waitFor(() => deliveriesOf(endpoint.id), (list) => list.length === 2 && list[1].attempt === 1 && list[1].status_code === 500)
        const fiveDaysOn = new Date(firstFailure.getTime() + 5 * DAY_MS)
        expect(await dispatchWebhookDeliveries(container, { now: fiveDaysOn })).toEqual({ succeeded: 0, failed: 1, disabled: 1 })
        expect(await endpointRow(endpoint.id)).toMatchObject({ status: "disabled", disabled_reason: "failing", consecutive_failures: 10 })
        const [, update] = await deliveriesOf(endpoint.id)
        expect(update).toMatchObject({ status: "failed", error: "Endpoint disabled", next_retry_at: null })
        const shown = await api.get(`${endpointsUrl}/${endpoint.id}`, as("north"))
        expect(shown.data.webhook_endpoint).toMatchObject({ status: "disabled", disabled_reason: "failing" })

        const emails = await rows(`SELECT "to", template, data FROM notification WHERE template = ?`, [WEBHOOK_ENDPOINT_DISABLED_TEMPLATE])
        expect(emails).toEqual([
          {
            to: "north@atelier.test",
            template: WEBHOOK_ENDPOINT_DISABLED_TEMPLATE,
            data: expect.objectContaining({ endpoint_id: endpoint.id, url: `${receiver.url}/down`, consecutive_failures: 10 }),
          },
        ])
        await dispatchWebhookDeliveries(container, { now: new Date(fiveDaysOn.getTime() + DAY_MS) })
        expect(await countRows(pg, "notification", "template = ?", [WEBHOOK_ENDPOINT_DISABLED_TEMPLATE])).toBe(1)

        // Disabled: new events queue nothing, redelivery is refused until an owner enables it again.
        await createProduct("Ignored")
        expect(await deliveriesOf(endpoint.id)).toHaveLength(2)
        const refused = await api.post(`${endpointsUrl}/${endpoint.id}/deliveries/${delivery.id}/redeliver`, {}, as("north"))
        expect(refused.status).toBe(409)
        expect(refused.data).toEqual({ error: WEBHOOK_ENDPOINT_MESSAGES.disabled, code: "conflict", details: {} })

        expect((await api.patch(`${endpointsUrl}/${endpoint.id}`, { enabled: true }, as("north"))).status).toBe(200)
        expect(await endpointRow(endpoint.id)).toMatchObject({ status: "enabled", consecutive_failures: 0, failing_since: null })
        receiver.defaultStatus = 200
        expect((await api.post(`${endpointsUrl}/${endpoint.id}/deliveries/${delivery.id}/redeliver`, {}, as("north"))).status).toBe(202)
        const after = await waitFor(() => deliveriesOf(endpoint.id), (list) => list.length === 3 && list[2].status === "succeeded")
        expect(after[2]).toMatchObject({ redelivery_of: delivery.id, event_id: delivery.event_id })
      })

      it("refuses private, loopback and link-local targets under the production policy: at registration and at every delivery (SSRF)", async () => {
        // Registered in development (local policy), before the policy turns strict.
        const plain = await createEndpoint("north", ["product.created"], "/plain")
        const machine = hostname()
        const machineAddresses = (await lookup(machine, { all: true })).map((a) => a.address)
        const machineIsPrivate = machineAddresses.every((address) => !isPublicAddress(address))
        const named = await createEndpoint("north", ["product.created"], "/named", `https://${machine}:${receiver.port}/named`)

        process.env.WEBHOOK_URL_POLICY = "strict"
        for (const [url, message] of [
          [`${receiver.url}/x`, WEBHOOK_URL_MESSAGES.httpsRequired],
          [`https://127.0.0.1:${receiver.port}/x`, WEBHOOK_URL_MESSAGES.privateAddress],
          ["https://localhost/x", WEBHOOK_URL_MESSAGES.privateAddress],
          ["https://169.254.169.254/latest/meta-data", WEBHOOK_URL_MESSAGES.privateAddress],
          ["https://10.0.0.8/hook", WEBHOOK_URL_MESSAGES.privateAddress],
          ["https://192.168.1.1/hook", WEBHOOK_URL_MESSAGES.privateAddress],
          ["https://[::1]/hook", WEBHOOK_URL_MESSAGES.privateAddress],
          ["https://[fe80::1]/hook", WEBHOOK_URL_MESSAGES.privateAddress],
          ["https://2130706433/hook", WEBHOOK_URL_MESSAGES.privateAddress],
          ["https://does-not-exist.invalid/hook", WEBHOOK_URL_MESSAGES.unresolvable],
          ...(machineIsPrivate ? [[`https://${machine}/hook`, WEBHOOK_URL_MESSAGES.privateAddress]] : []),
        ]) {
          const res = await api.post(endpointsUrl, { url, events: ["order.paid"] }, as("north"))
          expect([url, res.status, res.data]).toEqual([url, 400, { error: message, code: "invalid_request", details: { field: "url" } }])
        }
        const moved = await api.patch(`${endpointsUrl}/${plain.id}`, { url: "https://169.254.169.254/" }, as("north"))
        expect(moved.status).toBe(400)
        expect(await countRows(pg, "platform_webhook_endpoint")).toBe(2)

        // Deliveries check the URL and every resolved address at each attempt: nothing reaches this machine.
        await createProduct("Not For Localhost")
        await attempted(plain.id, 1)
        const [toPlain] = await deliveriesOf(plain.id)
        expect(toPlain).toMatchObject({ status: "pending", attempt: 1, status_code: null, error: WEBHOOK_URL_MESSAGES.httpsRequired })
        const [toNamed] = await waitFor(() => deliveriesOf(named.id), (list) => list[0]?.attempt === 1 && list[0]?.error !== null)
        if (machineIsPrivate) {
          expect(toNamed).toMatchObject({ status: "pending", status_code: null })
          expect(toNamed.error).toBe(`${WEBHOOK_URL_MESSAGES.privateAddress} (${machine} resolves to ${machineAddresses[0]})`)
        }
        expect(receiver.requests).toHaveLength(0)
      })

      it("fails an attempt that outlasts WEBHOOK_TIMEOUT_MS", async () => {
        process.env.WEBHOOK_TIMEOUT_MS = "300"
        receiver.delayMs = 3000
        const endpoint = await createEndpoint("north", ["product.created"], "/slow")
        await createProduct("Slow Receiver")
        const [delivery] = await attempted(endpoint.id, 1)
        expect(delivery).toMatchObject({ status: "pending", status_code: null, error: "Timed out after 300 ms" })
        expect(delivery.duration_ms).toBeGreaterThanOrEqual(290)
        expect(delivery.duration_ms).toBeLessThan(3000)
      })
    })

    describe("order events", () => {
      /** A paid gallery checkout (sandbox payment + confirm) of these products. */
      async function placeOrder(handles: string[]) {
        const sessionId = crypto.randomUUID()
        const cookie = { headers: { cookie: `gallery_cart_session=${sessionId}` }, ...anyStatus }
        for (const handle of handles) {
          expect((await api.post("/api/gallery/cart/add", { productId: product[handle], quantity: 1 }, cookie)).status).toBe(200)
        }
        const checkout = await api.post(
          "/api/gallery/checkout",
          { sessionId, email: COLLECTOR_EMAIL, shippingOption: "single_address", shippingAddress: COLLECTOR_ADDRESS },
          anyStatus
        )
        expect(checkout.status).toBe(200)
        const [order] = await rows(`SELECT id, payment_intent_id FROM gallery_order WHERE public_id = ?`, [checkout.data.publicId])
        const intent = order.payment_intent_id
        expect((await api.post(`/api/sandbox/payment-intents/${intent}/confirm`, { payment_method: "pm_card_visa" }, anyStatus)).status).toBe(200)
        expect((await api.post("/api/gallery/checkout/confirm", { paymentIntentId: intent }, anyStatus)).status).toBe(200)
        expect(await outboxDrained(pg, 20000)).toBe(0)
        const artist: Record<string, string> = {}
        for (const a of await rows(`SELECT id, organization_id FROM gallery_artist_order WHERE gallery_order_id = ?`, [order.id])) {
          artist[a.organization_id] = a.id
        }
        return { id: order.id as string, artist }
      }

      const mirrorOf = async (artistOrderId: string) =>
        (
          await rows(`SELECT order_id FROM gallery_gallery_artist_order_order_order WHERE gallery_artist_order_id = ? AND deleted_at IS NULL`, [
            artistOrderId,
          ])
        )[0]?.order_id as string

      it("a paid gallery order sends order.created and order.paid to each artist's subscribers; shipped and cancelled follow", async () => {
        const north = await createEndpoint("north", WEBHOOK_EVENT_TYPES.filter((t) => t.startsWith("order.")), "/north-orders")
        const south = await createEndpoint("south", ["order.cancelled"], "/south-orders")

        const first = await placeOrder(["studio-north-print", "studio-south-print"])
        const northOrder = await mirrorOf(first.artist[org["studio-north"]])
        const [created, paid] = (await waitForRequests("/north-orders", 2)).map(bodyOf).sort((a, b) => a.type.localeCompare(b.type))
        expect([created.type, paid.type]).toEqual(["order.created", "order.paid"])
        expect(created.id).not.toBe(paid.id)
        expect(paid.data).toEqual(created.data)
        expect(paid.data).toMatchObject({
          id: northOrder,
          order_number: expect.stringMatching(/^#\d+$/),
          status: "paid",
          payment_status: "paid",
          source: "gallery",
          currency: "usd",
          subtotal: 34.99,
          total: 34.99,
          customer_email: COLLECTOR_EMAIL,
          customer: { id: expect.any(String), name: "Ada Collector", email: COLLECTOR_EMAIL },
          items: [{ id: expect.any(String), title: expect.any(String), quantity: 1 }],
        })
        for (const request of received("/north-orders")) expect(verifySignatures(north.secret, request).atelier).toBe(true)
        expect(received("/south-orders")).toHaveLength(0)

        // A redelivered outbox message queues nothing twice (event keys).
        await queueGalleryOrderPaidWebhooks(container, [{ id: first.id, referral_session_id: null, charge_id: null }])
        expect(await deliveriesOf(north.id)).toHaveLength(2)

        const shipped = await api.post(
          `/api/gallery/artist/orders/${first.artist[org["studio-north"]]}/ship`,
          { trackingNumber: "1ZWEBHOOK", carrier: "UPS" },
          as("north")
        )
        expect(shipped.status).toBe(200)
        const shipment = bodyOf((await waitForRequests("/north-orders", 3))[2])
        expect(shipment).toMatchObject({
          type: "order.shipped",
          data: { id: northOrder, status: "shipped", tracking: { carrier: "UPS", tracking_number: "1ZWEBHOOK", tracking_url: expect.stringContaining("1ZWEBHOOK") } },
        })

        const second = await placeOrder(["studio-north-print", "studio-south-print"])
        await waitForRequests("/north-orders", 5)
        const cancelled = await api.post(`/api/admin/gallery-orders/${second.id}/cancel`, {}, bearer(token.admin))
        expect(cancelled.status).toBe(200)
        const [southCancel] = await waitForRequests("/south-orders", 1)
        expect(verifySignatures(south.secret, southCancel)).toMatchObject({ atelier: true, standard: true })
        // The gallery refunded the cancelled order's charge: the event says refunded, as the dashboard and /v1 do.
        expect(bodyOf(southCancel)).toMatchObject({
          type: "order.cancelled",
          data: { id: await mirrorOf(second.artist[org["studio-south"]]), status: "cancelled", payment_status: "refunded", source: "gallery" },
        })
        const northCancel = bodyOf((await waitForRequests("/north-orders", 6))[5])
        const northCancelled = await mirrorOf(second.artist[org["studio-north"]])
        expect(northCancel).toMatchObject({ type: "order.cancelled", data: { id: northCancelled, status: "cancelled", payment_status: "refunded" } })
        const dashboardView = await api.get(`/api/dashboard/orders/${northCancelled}`, as("north"))
        expect(dashboardView.data.order).toMatchObject({ status: "cancelled", payment_status: "refunded" })
      })

      it("costs one query when no endpoint listens (the checkout's path)", async () => {
        const order = await placeOrder(["studio-north-print"])
        const [message] = await rows(`SELECT delivered_at FROM gallery_outbox_message WHERE key = ?`, [`order-paid-webhooks:${order.id}`])
        expect(message.delivered_at).not.toBeNull()
        const { queries } = await countQueries(pg, () =>
          queueGalleryOrderPaidWebhooks(container, [{ id: order.id, referral_session_id: null, charge_id: null }])
        )
        expect(queries).toBe(1)
        expect(await countRows(pg, "platform_webhook_delivery")).toBe(0)
      })
    })

    describe("enqueueOrganizationWebhookEvents (for store orders)", () => {
      it("queues once per key and endpoint, only for subscribed types, and costs one query when nobody listens", async () => {
        const endpoint = await createEndpoint("north", ["order.paid"], "/store")
        const events = [
          { organization_id: org["studio-north"], type: "order.paid" as const, data: { id: "order_store_1", total: 10 }, key: "order.paid:order_store_1" },
          { organization_id: org["studio-north"], type: "order.shipped" as const, data: { id: "order_store_1" }, key: "order.shipped:order_store_1" },
          { organization_id: org["studio-south"], type: "order.paid" as const, data: { id: "order_store_2" }, key: "order.paid:order_store_2" },
        ]
        const queued = await enqueueOrganizationWebhookEvents(container, events)
        expect(queued).toHaveLength(1)
        expect(await enqueueOrganizationWebhookEvents(container, events)).toEqual([])
        const [request] = await waitForRequests("/store", 1)
        expect(verifySignatures(endpoint.secret, request)).toEqual({ atelier: true, standard: true, fresh: true })
        expect(bodyOf(request)).toMatchObject({ type: "order.paid", data: { id: "order_store_1", total: 10 } })

        const { result, queries } = await countQueries(pg, () => enqueueOrganizationWebhookEvents(container, [events[2]]))
        expect(result).toEqual([])
        expect(queries).toBe(1)
        expect(await countRows(pg, "platform_webhook_delivery")).toBe(1)
      })
    })
  },
})
