import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import path from "node:path"
import { PLATFORM_MODULE } from ".."
import { generateApiKey, hashApiKey, parseApiKey } from "../../../lib/api-key"
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_SCHEDULE_SECONDS } from "../../../lib/webhooks"
import PlatformModuleService, { LAST_USED_RESOLUTION_MS, WEBHOOK_STOPPED_ERRORS } from "../service"

jest.setTimeout(60_000)

const moduleDir = path.join(__dirname, "..")

const T0 = new Date("2026-11-24T10:00:00.000Z")
const at = (ms: number) => new Date(T0.getTime() + ms)
const SECOND = 1000
const DAY = 24 * 3600 * SECOND

/** `*_at` and `*_since` columns as Dates: raw SQL through the test's MikroORM connection answers timestamps as text. */
function withDates(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      /(_at|_since)$/.test(key) && typeof value === "string" ? new Date(value) : value,
    ])
  )
}

/** A delivery row as the tests read it back. */
type DeliveryRow = {
  id: string
  endpoint_id: string
  event_id: string
  event_type: string
  event_key: string | null
  payload: string
  status: "pending" | "succeeded" | "failed"
  attempt: number
  status_code: number | null
  duration_ms: number | null
  error: string | null
  next_retry_at: Date | null
  delivered_at: Date | null
  redelivery_of: string | null
  deleted_at: Date | null
}

type EndpointRow = {
  id: string
  status: "enabled" | "disabled"
  disabled_at: Date | null
  disabled_reason: "manual" | "failing" | null
  disabled_notified_at: Date | null
  consecutive_failures: number
  failing_since: Date | null
  deleted_at: Date | null
}

moduleIntegrationTestRunner<PlatformModuleService>({
  moduleName: PLATFORM_MODULE,
  resolve: moduleDir,
  // The schema comes from the module's own migrations, so they are tested too. One of them indexes Medusa's `order`
  // table, which a database holding only this module lacks: a stand-in with the indexed columns is created first.
  pathToMigrations: [path.join(__dirname, "medusa-order-table"), path.join(moduleDir, "migrations")],
  testSuite: ({ service, MikroOrmWrapper }) => {
    /** Rows of a raw query on the test's own connection, their timestamps as Dates (it hands timestamptz over as text). */
    async function sql<T>(query: string, bindings: unknown[] = []): Promise<T[]> {
      const rows = await MikroOrmWrapper.getManager().execute<Record<string, unknown>[]>(query, bindings as never[]) // MikroORM's own binding type
      return rows.map((row) => withDates(row) as T)
    }

    const deliveries = (where = "true", bindings: unknown[] = []) =>
      sql<DeliveryRow>(`select * from platform_webhook_delivery where ${where} order by created_at, id`, bindings)

    const endpointRow = async (id: string) => (await sql<EndpointRow>(`select * from platform_webhook_endpoint where id = ?`, [id]))[0]

    async function apiKey(organizationId = "org_north", environment: "live" | "sandbox" = "live") {
      const generated = generateApiKey(environment)
      const record = await service.createPlatformApiKeys({
        organization_id: organizationId,
        data_organization_id: environment === "live" ? organizationId : `${organizationId}_sandbox`,
        name: "Site sync",
        prefix: generated.prefix,
        hash: generated.hash,
        scopes: ["read:products", "read:orders"],
        environment,
      })
      return { ...generated, record }
    }

    async function endpoint(organizationId = "org_north", events = ["order.paid", "product.created"]) {
      return service.createWebhookEndpoints({
        organization_id: organizationId,
        url: "https://hooks.example.test/atelier",
        events,
        secret: "whsec_dGVzdC1zZWNyZXQtb2YtdGhpcnR5LXR3by1ieXRlcw==",
      })
    }

    const event = (organizationId: string, key: string | null, type = "order.paid") => ({
      organization_id: organizationId,
      type,
      key,
      event_id: `evt_${key ?? Math.random().toString(36).slice(2)}`,
      payload: JSON.stringify({ id: `evt_${key}`, type, created_at: T0.toISOString(), data: { id: "order_1" } }),
    })

    /** One claim of whatever is due at `now` (lease of 30 s, as the dispatch's timeout plus margin). */
    const claim = (now: Date, limit = 10) => service.claimWebhookDeliveries({ now, limit, leaseMs: 30 * SECOND })

    const failure = { statusCode: 500, durationMs: 12.4, error: null }
    const success = { statusCode: 204, durationMs: 8, error: null }

    it("builds its tables from the module's migrations, with the index on Medusa's orders", async () => {
      const applied = await sql<{ name: string }>(`select name from mikro_orm_migrations`)
      expect(applied.map((row) => row.name)).toEqual(
        expect.arrayContaining([
          "Migration20261122235222",
          "Migration20261123000500",
          "Migration20261123022142",
        ])
      )
      const indexes = await sql<{ tablename: string; indexname: string; indexdef: string }>(
        `select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'`
      )
      const names = indexes.map((row) => row.indexname)
      expect(names).toEqual(
        expect.arrayContaining([
          "IDX_platform_api_key_hash_unique",
          "IDX_platform_sandbox_organization_organization_id_unique",
          // PostgreSQL cuts identifiers at 63 bytes: the migration's name for this one is longer.
          "IDX_platform_sandbox_organization_sandbox_organization_id_uniqu",
          "IDX_platform_webhook_delivery_next_retry_at",
          "IDX_platform_webhook_delivery_endpoint_id_event_key_unique",
          "IDX_platform_webhook_endpoint_organization_id_created_at",
          "IDX_atelier_order_sales_channel_created_at",
        ])
      )
      const orderIndex = indexes.find((row) => row.indexname === "IDX_atelier_order_sales_channel_created_at")
      expect(orderIndex?.tablename).toBe("order")
      expect(orderIndex?.indexdef).toMatch(/\(sales_channel_id, created_at DESC, id DESC\)/)
    })

    describe("API keys", () => {
      it("stores only the key's SHA-256 and prefix, found again by the hash of the presented key", async () => {
        const { key, prefix, record } = await apiKey()
        expect(record).toMatchObject({
          id: expect.stringMatching(/^apikey_/),
          prefix,
          hash: hashApiKey(key),
          environment: "live",
          last_used_at: null,
          revoked_at: null,
        })
        const [row] = await sql<Record<string, unknown>>(`select * from platform_api_key where id = ?`, [record.id])
        expect(Object.values(row).map(String).some((value) => value.includes(key))).toBe(false)
        expect(key.startsWith(row.prefix as string)).toBe(true)

        const parsed = parseApiKey(key)
        expect(parsed.valid).toBe(true)
        const hash = parsed.valid ? parsed.hash : ""
        const [found] = await service.listPlatformApiKeys({ hash })
        expect(found).toMatchObject({ id: record.id, scopes: ["read:products", "read:orders"], data_organization_id: "org_north" })
      })

      it("refuses a second key with the same hash", async () => {
        const { hash } = await apiKey()
        const duplicate = service.createPlatformApiKeys({
          organization_id: "org_south",
          data_organization_id: "org_south",
          name: "Copy",
          prefix: "atl_live_xxxxxx",
          hash,
          scopes: [],
          environment: "live",
        })
        await expect(duplicate).rejects.toThrow(/already exists/)
        expect(await service.listPlatformApiKeys({ hash })).toHaveLength(1)
      })

      it("touches last_used_at at most once a minute, and lets one of concurrent touches write", async () => {
        const { record } = await apiKey()
        expect(await service.touchApiKey(record.id, T0)).toBe(true)
        expect(await service.touchApiKey(record.id, at(LAST_USED_RESOLUTION_MS - 1))).toBe(false)
        expect((await service.retrievePlatformApiKey(record.id)).last_used_at).toEqual(T0)

        expect(await service.touchApiKey(record.id, at(LAST_USED_RESOLUTION_MS))).toBe(true)
        expect((await service.retrievePlatformApiKey(record.id)).last_used_at).toEqual(at(LAST_USED_RESOLUTION_MS))

        const later = at(10 * LAST_USED_RESOLUTION_MS)
        const results = await Promise.all(Array.from({ length: 8 }, () => service.touchApiKey(record.id, later)))
        expect(results.filter(Boolean)).toHaveLength(1)
        expect((await service.retrievePlatformApiKey(record.id)).last_used_at).toEqual(later)

        expect(await service.touchApiKey("apikey_missing", later)).toBe(false)
      })

      it("revokes a key of its organization once (the first time stays), and never touches a revoked key", async () => {
        const { record, hash } = await apiKey()
        expect(await service.revokeApiKey("org_south", record.id, T0)).toBeNull()
        expect(await service.revokeApiKey("org_north", "apikey_missing", T0)).toBeNull()
        expect((await service.retrievePlatformApiKey(record.id)).revoked_at).toBeNull()

        expect(await service.revokeApiKey("org_north", record.id, T0)).toEqual({ id: record.id, hash, revoked_at: T0 })
        expect(await service.revokeApiKey("org_north", record.id, at(DAY))).toEqual({ id: record.id, hash, revoked_at: T0 })
        expect(await service.touchApiKey(record.id, at(DAY))).toBe(false)
        const stored = await service.retrievePlatformApiKey(record.id)
        expect(stored).toMatchObject({ revoked_at: T0, last_used_at: null })
      })

      it("pairs one sandbox with one organization, on both sides", async () => {
        await service.createSandboxOrganizations({ organization_id: "org_north", sandbox_organization_id: "org_sbx_1" })
        await expect(
          service.createSandboxOrganizations({ organization_id: "org_north", sandbox_organization_id: "org_sbx_2" })
        ).rejects.toThrow(/already exists/)
        await expect(
          service.createSandboxOrganizations({ organization_id: "org_south", sandbox_organization_id: "org_sbx_1" })
        ).rejects.toThrow(/already exists/)
        expect(await service.listSandboxOrganizations({})).toHaveLength(1)
      })
    })

    describe("outbound webhooks", () => {
      it("finds the organizations that listen: enabled endpoints subscribed to a type, not deleted ones", async () => {
        const north = await endpoint("org_north", ["order.paid"])
        await endpoint("org_south", ["product.created"])
        const east = await endpoint("org_east", ["order.paid"])
        await service.setWebhookEndpointEnabled({ id: east.id, enabled: false, now: T0 })

        expect(await service.listeningOrganizations(["org_north", "org_south", "org_east", "org_west"], ["order.paid"])).toEqual(
          new Set(["org_north"])
        )
        expect(await service.listeningOrganizations(["org_north", "org_south"], ["order.paid", "product.created"])).toEqual(
          new Set(["org_north", "org_south"])
        )
        expect(await service.listeningOrganizations([], ["order.paid"])).toEqual(new Set())

        expect(await service.deleteWebhookEndpoint({ organizationId: "org_north", id: north.id })).toBe(true)
        expect(await service.listeningOrganizations(["org_north"], ["order.paid"])).toEqual(new Set())
      })

      it("queues one delivery per listening endpoint, and an event key once per endpoint (also concurrently)", async () => {
        const first = await endpoint("org_north", ["order.paid"])
        const second = await endpoint("org_north", ["order.paid", "order.shipped"])
        await endpoint("org_south", ["order.paid"])

        const ids = await service.queueWebhookDeliveries({ now: T0, events: [event("org_north", "order.paid:order_1")] })
        expect(ids).toHaveLength(2)
        const queued = await deliveries()
        expect(queued.map((d) => d.endpoint_id).sort()).toEqual([first.id, second.id].sort())
        expect(queued[0]).toMatchObject({
          status: "pending",
          attempt: 0,
          event_type: "order.paid",
          event_key: "order.paid:order_1",
          next_retry_at: T0,
          redelivery_of: null,
        })
        expect(JSON.parse(queued[0].payload)).toMatchObject({ type: "order.paid", data: { id: "order_1" } })

        // A replayed cause queues nothing, and racing replays of a new key queue it once per endpoint.
        expect(await service.queueWebhookDeliveries({ now: T0, events: [event("org_north", "order.paid:order_1")] })).toEqual([])
        const raced = await Promise.all(
          Array.from({ length: 5 }, () => service.queueWebhookDeliveries({ now: T0, events: [event("org_north", "order.paid:order_2")] }))
        )
        expect(raced.flat()).toHaveLength(2)
        expect(await deliveries("event_key = ?", ["order.paid:order_2"])).toHaveLength(2)

        // Events without a key may repeat; a type nobody subscribed to queues nothing.
        await service.queueWebhookDeliveries({ now: T0, events: [event("org_north", null), event("org_north", null)] })
        expect(await deliveries("event_key is null")).toHaveLength(4)
        expect(await service.queueWebhookDeliveries({ now: T0, events: [event("org_north", "p:1", "product.updated")] })).toEqual([])
        expect(await service.queueWebhookDeliveries({ now: T0, events: [] })).toEqual([])
      })

      it("claims due deliveries under a lease: concurrent claimers never share one, a lapsed lease is claimed again", async () => {
        const hook = await endpoint()
        await service.queueWebhookDeliveries({
          now: T0,
          events: Array.from({ length: 6 }, (_, i) => event("org_north", `order.paid:order_${i}`)),
        })
        await service.queueWebhookDeliveries({ now: at(60 * SECOND), events: [event("org_north", "order.paid:later")] })

        expect(await claim(at(-1))).toEqual([])
        const claims = await Promise.all([claim(T0, 2), claim(T0, 2), claim(T0, 2), claim(T0, 2)])
        const claimed = claims.flat()
        expect(claimed).toHaveLength(6)
        expect(new Set(claimed.map((d) => d.id)).size).toBe(6)
        expect(claimed[0]).toMatchObject({
          endpoint_id: hook.id,
          organization_id: "org_north",
          event_type: "order.paid",
          attempt: 1,
          url: "https://hooks.example.test/atelier",
          secret: "whsec_dGVzdC1zZWNyZXQtb2YtdGhpcnR5LXR3by1ieXRlcw==",
        })
        // All six are leased until T0 + 30 s; the later one is not due yet.
        expect(await claim(at(29 * SECOND))).toEqual([])
        const again = await claim(at(61 * SECOND))
        expect(again).toHaveLength(7)
        expect(again.filter((d) => d.attempt === 2)).toHaveLength(6)
        const [later] = await deliveries("event_key = ?", ["order.paid:later"])
        expect(later.attempt).toBe(1)
      })

      it("records outcomes: a failure follows the retry schedule, a late report of a lapsed claim is dropped, a 2xx delivers", async () => {
        const hook = await endpoint()
        const [id] = await service.queueWebhookDeliveries({ now: T0, events: [event("org_north", "order.paid:order_1")] })

        const [first] = await claim(T0)
        expect(await service.recordWebhookAttempt({ delivery: first, now: T0, outcome: failure })).toEqual({
          recorded: true,
          delivered: false,
          disabled: false,
        })
        let [row] = await deliveries("id = ?", [id])
        expect(row).toMatchObject({
          status: "pending",
          attempt: 1,
          status_code: 500,
          duration_ms: 12,
          error: "HTTP 500",
          next_retry_at: at(WEBHOOK_RETRY_SCHEDULE_SECONDS[0] * SECOND),
        })
        expect(await endpointRow(hook.id)).toMatchObject({ consecutive_failures: 1, failing_since: T0 })

        // Attempt 2 is claimed by a process that dies; its lease (30 s) lapses and attempt 3 is claimed.
        const [lost] = await claim(at(5 * SECOND))
        expect(lost.attempt).toBe(2)
        expect(await claim(at(34 * SECOND))).toEqual([])
        const [third] = await claim(at(36 * SECOND))
        expect(third).toMatchObject({ id, attempt: 3 })
        expect(await service.recordWebhookAttempt({ delivery: lost, now: at(37 * SECOND), outcome: success })).toEqual({
          recorded: false,
          delivered: false,
          disabled: false,
        })

        expect(await service.recordWebhookAttempt({ delivery: third, now: at(37 * SECOND), outcome: success })).toEqual({
          recorded: true,
          delivered: true,
          disabled: false,
        })
        ;[row] = await deliveries("id = ?", [id])
        expect(row).toMatchObject({
          status: "succeeded",
          attempt: 3,
          status_code: 204,
          error: null,
          next_retry_at: null,
          delivered_at: at(37 * SECOND),
        })
        expect(await endpointRow(hook.id)).toMatchObject({ consecutive_failures: 0, failing_since: null })
        expect(await claim(at(DAY))).toEqual([])
      })

      it("fails a delivery after the whole schedule, and disables an endpoint failing for five days and eight attempts", async () => {
        const hook = await endpoint()
        const [id] = await service.queueWebhookDeliveries({ now: T0, events: [event("org_north", "order.paid:order_1")] })
        const pendingLater = await service.queueWebhookDeliveries({ now: at(30 * DAY), events: [event("org_north", "order.paid:later")] })

        let now = T0
        for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
          const [claimed] = await claim(now, 1)
          expect(claimed).toMatchObject({ id, attempt })
          const outcome = { statusCode: null, durationMs: 10_000, error: "timeout" }
          expect(await service.recordWebhookAttempt({ delivery: claimed, now, outcome })).toMatchObject({ recorded: true, disabled: false })
          const [row] = await deliveries("id = ?", [id])
          if (attempt < WEBHOOK_MAX_ATTEMPTS) now = row.next_retry_at as Date
        }
        const [exhausted] = await deliveries("id = ?", [id])
        expect(exhausted).toMatchObject({ status: "failed", attempt: WEBHOOK_MAX_ATTEMPTS, error: "timeout", next_retry_at: null, status_code: null })
        // Eight failures over ~27.6 hours: not yet five days, so the endpoint stays enabled.
        expect(await endpointRow(hook.id)).toMatchObject({ status: "enabled", consecutive_failures: 8, failing_since: T0 })
        expect(await service.listEndpointsDisabledUnnotified()).toEqual([])

        // Five days after the first failure, one more failed attempt disables it; its pending deliveries fail.
        const [next] = await service.queueWebhookDeliveries({ now: at(5 * DAY), events: [event("org_north", "order.paid:order_2")] })
        const [claimed] = await claim(at(5 * DAY))
        expect(claimed.id).toBe(next)
        expect(await service.recordWebhookAttempt({ delivery: claimed, now: at(5 * DAY), outcome: failure })).toEqual({
          recorded: true,
          delivered: false,
          disabled: true,
        })
        expect(await endpointRow(hook.id)).toMatchObject({
          status: "disabled",
          disabled_reason: "failing",
          disabled_at: at(5 * DAY),
          consecutive_failures: 9,
        })
        for (const stopped of [next, ...pendingLater]) {
          expect((await deliveries("id = ?", [stopped]))[0]).toMatchObject({ status: "failed", error: WEBHOOK_STOPPED_ERRORS.disabled })
        }
        expect(await claim(at(40 * DAY))).toEqual([])
        expect(await service.queueWebhookDeliveries({ now: at(6 * DAY), events: [event("org_north", "order.paid:order_3")] })).toEqual([])

        // The owners are told once per disabling.
        const unnotified = await service.listEndpointsDisabledUnnotified()
        expect(unnotified).toEqual([
          { id: hook.id, organization_id: "org_north", url: hook.url, disabled_at: at(5 * DAY), failing_since: T0, consecutive_failures: 9 },
        ])
        await service.markEndpointDisabledNotified({ id: hook.id, disabledAt: at(4 * DAY) })
        expect(await service.listEndpointsDisabledUnnotified()).toHaveLength(1)
        await service.markEndpointDisabledNotified({ id: hook.id, disabledAt: at(5 * DAY) })
        expect(await service.listEndpointsDisabledUnnotified()).toEqual([])
      })

      it("disables (pending deliveries fail, an attempt under way is not recorded) and re-enables with a fresh streak", async () => {
        const hook = await endpoint()
        await service.queueWebhookDeliveries({
          now: T0,
          events: [event("org_north", "order.paid:a"), event("org_north", "order.paid:b")],
        })
        const [underWay] = await claim(T0, 1)
        await service.recordWebhookAttempt({ delivery: underWay, now: T0, outcome: failure })
        const [inFlight] = await claim(at(5 * SECOND), 1)

        await service.setWebhookEndpointEnabled({ id: hook.id, enabled: false, now: at(6 * SECOND) })
        await service.setWebhookEndpointEnabled({ id: hook.id, enabled: false, now: at(DAY) })
        expect(await endpointRow(hook.id)).toMatchObject({ status: "disabled", disabled_reason: "manual", disabled_at: at(6 * SECOND) })
        expect((await deliveries()).map((d) => [d.status, d.error])).toEqual([
          ["failed", WEBHOOK_STOPPED_ERRORS.disabled],
          ["failed", WEBHOOK_STOPPED_ERRORS.disabled],
        ])
        expect(await service.recordWebhookAttempt({ delivery: inFlight, now: at(7 * SECOND), outcome: success })).toEqual({
          recorded: false,
          delivered: false,
          disabled: false,
        })
        // A manual disabling is not the failing kind the owners are emailed about.
        expect(await service.listEndpointsDisabledUnnotified()).toEqual([])

        await service.setWebhookEndpointEnabled({ id: hook.id, enabled: true, now: at(DAY) })
        expect(await endpointRow(hook.id)).toMatchObject({
          status: "enabled",
          disabled_at: null,
          disabled_reason: null,
          consecutive_failures: 0,
          failing_since: null,
        })
        // Failed deliveries stay failed: nothing is claimed until something new is queued.
        expect(await claim(at(2 * DAY))).toEqual([])
      })

      it("deletes an endpoint of its organization only; its pending deliveries fail and are never claimed", async () => {
        const hook = await endpoint()
        await service.queueWebhookDeliveries({ now: T0, events: [event("org_north", "order.paid:a")] })

        expect(await service.deleteWebhookEndpoint({ organizationId: "org_south", id: hook.id })).toBe(false)
        expect(await service.deleteWebhookEndpoint({ organizationId: "org_north", id: hook.id })).toBe(true)
        expect(await service.deleteWebhookEndpoint({ organizationId: "org_north", id: hook.id })).toBe(false)

        expect((await endpointRow(hook.id)).deleted_at).not.toBeNull()
        expect(await service.listWebhookEndpoints({ id: hook.id })).toEqual([])
        const [row] = await deliveries()
        expect(row).toMatchObject({ status: "failed", error: WEBHOOK_STOPPED_ERRORS.deleted, next_retry_at: null })
        expect(await claim(at(DAY))).toEqual([])
      })

      it("redelivers an endpoint's delivery as a new row with the same event and body", async () => {
        const hook = await endpoint()
        const other = await endpoint("org_north", ["order.paid"])
        await service.queueWebhookDeliveries({ now: T0, events: [event("org_north", "order.paid:a")] })
        const [original] = await deliveries("endpoint_id = ?", [hook.id])
        const [claimed] = await claim(T0, 10).then((all) => all.filter((d) => d.id === original.id))
        await service.recordWebhookAttempt({ delivery: claimed, now: T0, outcome: success })

        expect(await service.redeliverWebhookDelivery({ endpointId: other.id, deliveryId: original.id, now: T0 })).toBeNull()
        expect(await service.redeliverWebhookDelivery({ endpointId: hook.id, deliveryId: "whdel_missing", now: T0 })).toBeNull()

        const copyId = await service.redeliverWebhookDelivery({ endpointId: hook.id, deliveryId: original.id, now: at(DAY) })
        expect(copyId).toMatch(/^whdel_/)
        const twice = await service.redeliverWebhookDelivery({ endpointId: hook.id, deliveryId: original.id, now: at(DAY) })
        expect(twice).not.toBe(copyId)
        const [copy] = await deliveries("id = ?", [copyId])
        expect(copy).toMatchObject({
          endpoint_id: hook.id,
          event_id: original.event_id,
          event_type: "order.paid",
          payload: original.payload,
          event_key: null,
          redelivery_of: original.id,
          status: "pending",
          attempt: 0,
          next_retry_at: at(DAY),
        })
        expect((await deliveries("id = ?", [original.id]))[0]).toMatchObject({ status: "succeeded", attempt: 1 })
      })

      it("withdraws only queued deliveries not attempted yet", async () => {
        await endpoint()
        const ids = await service.queueWebhookDeliveries({
          now: T0,
          events: [event("org_north", "order.paid:a"), event("org_north", "order.paid:b")],
        })
        const [attempted] = await claim(T0, 1)

        await service.withdrawWebhookDeliveries(ids)
        await service.withdrawWebhookDeliveries([])
        const rows = await deliveries()
        expect(rows.find((d) => d.id === attempted.id)?.deleted_at).toBeNull()
        expect(rows.filter((d) => d.deleted_at !== null).map((d) => d.id)).toEqual(ids.filter((id) => id !== attempted.id))
        // A withdrawn delivery's key is free again: the cause can queue it anew.
        const withdrawnKey = rows.find((d) => d.deleted_at !== null)?.event_key as string
        expect(await service.queueWebhookDeliveries({ now: T0, events: [event("org_north", withdrawnKey)] })).toHaveLength(1)
        expect(await claim(at(DAY))).toHaveLength(2)
      })
    })
  },
})
