// Scale-out (issue 7): two API servers (WORKER_MODE=server) and one worker (WORKER_MODE=worker), real `medusa start`
// processes of the production build, on one PostgreSQL (a fresh database on the test setup's server) and one Redis
// (a Redis database of its own). Skipped, with a message saying why, when Redis does not answer.
//
// Everything is checked from outside — the database, HTTP and the processes' logs — so the test holds whatever
// the settlement's implementation (integration-tests/faults/lib/invariants.mjs).
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import type { Cluster, PreparedDatabase } from "../faults/lib/cluster.mjs" with { "resolution-mode": "import" }
import type { CheckedOut, RefusedCheckout } from "../faults/lib/gallery.mjs" with { "resolution-mode": "import" }
import type { ClaimedRedisDatabase } from "../../scripts/lib/redis.mjs" with { "resolution-mode": "import" }
import type { Reaper } from "../../scripts/lib/processes.mjs" with { "resolution-mode": "import" }

jest.setTimeout(10 * 60_000)

const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379"
const ping = spawnSync(process.execPath, [path.join(__dirname, "../../scripts/lib/redis-ping.mjs"), REDIS_URL], {
  encoding: "utf8",
  timeout: 10_000,
})
const redisReachable = ping.status === 0
if (!redisReachable) {
  console.warn(
    `[scale] SKIPPED the scale-out test: Redis is not reachable at ${REDIS_URL} (${(ping.stdout || ping.error?.message || "").trim()}). ` +
      "Start Redis or set REDIS_URL to run it."
  )
}
const describeWithRedis = redisReachable ? describe : describe.skip

const log = (message: string) => console.log(`[scale] ${message}`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const libs = async () => ({
  cluster: await import("../faults/lib/cluster.mjs"),
  gallery: await import("../faults/lib/gallery.mjs"),
  invariants: await import("../faults/lib/invariants.mjs"),
  redis: await import("../../scripts/lib/redis.mjs"),
})

describeWithRedis("scale-out: two API servers and a worker on one PostgreSQL and one Redis", () => {
  let lib: Awaited<ReturnType<typeof libs>>
  let reaper: Reaper | null = null
  let db: PreparedDatabase | null = null
  let redis: ClaimedRedisDatabase | null = null
  let cluster: Cluster | null = null
  let logDir: string | null = null
  let failed = false
  let serverA = ""
  let serverB = ""
  /** Every order the tests paid, for the email test. */
  const paid: CheckedOut[] = []
  const scarce = () => new Set(lib.gallery.ORIGINAL_HANDLES.map((h) => db!.catalogue[h].productId))
  const inventoryItemIds = () => Object.values(db!.catalogue).map((c) => c.inventoryItemId)

  /** A test whose failure keeps the processes' logs for inspection. */
  function step(name: string, fn: () => Promise<void>) {
    it(name, async () => {
      try {
        await fn()
      } catch (error) {
        failed = true
        throw error
      }
    })
  }

  async function cleanup() {
    await cluster?.stopAll()
    await redis?.release().catch((error: Error) => log(`Redis clean-up: ${error.message}`))
    await db?.close().catch((error: Error) => log(`database clean-up: ${error.message}`))
    reaper?.release()
    if (logDir && !failed) fs.rmSync(logDir, { recursive: true, force: true })
    else if (logDir) log(`processes' logs kept in ${logDir}`)
  }

  beforeAll(async () => {
    lib = await libs()
    const started = Date.now()
    reaper = lib.cluster.startReaper()
    try {
      db = await lib.cluster.prepareDatabase({ prefix: "atelier_scale", log, reaper })
      redis = await lib.redis.claimRedisDatabase(REDIS_URL, { log })
      logDir = lib.cluster.logFolder("atelier-scale-", reaper)
      cluster = lib.cluster.createCluster({ databaseUrl: db.databaseUrl, redisUrl: redis.url, logDir, reaper })
      await Promise.all([cluster.start("server-a", "server"), cluster.start("server-b", "server"), cluster.start("worker", "worker")])
      serverA = cluster.baseUrl("server-a")
      serverB = cluster.baseUrl("server-b")
      log(`two servers and a worker up, ${((Date.now() - started) / 1000).toFixed(0)} s after the start of the setup`)
    } catch (error) {
      failed = true
      await cleanup()
      throw error
    }
  })

  afterAll(cleanup)

  /** The order a checkout placed (a refusal fails the test with the server's answer). */
  function placed(checkout: CheckedOut | RefusedCheckout): CheckedOut {
    if (checkout.refused) throw new Error(`checkout refused: ${checkout.refused.status} ${JSON.stringify(checkout.refused.body)}`)
    return checkout
  }

  /** Invariants 1, 3 and 5 for these orders (emails are awaited in their own test). */
  /**
   * The money invariants' violations once the orders' follow-ups are done: transfers are made by the worker from the
   * outbox after the payment commits, so a transfer may still be on its way for a few seconds.
   */
  async function moneyViolations(orders: CheckedOut[], raceGroups = new Map<string, string>()) {
    const check = async () => {
      const { violations } = await lib.invariants.checkOrders(
        db!.sql,
        orders.map((o) => o.paymentIntentId),
        { connected: db!.connected, raceGroups, scarceProductIds: scarce(), inventoryItemIds: inventoryItemIds() }
      )
      return violations.filter((v) => v.invariant !== 4).map((v) => v.message)
    }
    const until = Date.now() + 20_000
    let found = await check()
    while (found.length && Date.now() < until) {
      await sleep(250)
      found = await check()
    }
    return found
  }

  async function orderRows(orders: CheckedOut[]) {
    const { rows } = await db!.sql(
      `SELECT o.id, o.payment_intent_id, o.status, o.payment_failure, o.total_cents, o.transfer_group,
              i.status AS intent_status, coalesce(r.refunded, 0)::int AS refunded
         FROM gallery_order o
         JOIN sandbox_payment_intent i ON i.id = o.payment_intent_id
         LEFT JOIN (SELECT payment_intent_id, sum(amount) AS refunded FROM sandbox_refund GROUP BY 1) r
                ON r.payment_intent_id = o.payment_intent_id
        WHERE o.payment_intent_id = ANY($1)`,
      [orders.map((o) => o.paymentIntentId)]
    )
    return rows
  }

  step("two buyers racing for the one original through different servers: exactly one paid order", async () => {
    const { checkoutCart, sandboxConfirm, checkoutConfirm } = lib.gallery
    const original = "studio-north-original"
    const a = placed(await checkoutCart(serverA, db!.catalogue, [[original, 1]], { email: "buyer-a@scale.test" }))
    const b = await checkoutCart(serverB, db!.catalogue, [[original, 1], ["studio-east-print", 1]], { email: "buyer-b@scale.test" })
    // With stock held from checkout on, the second buyer would be told at once and never pay.
    if (b.refused) expect(b.refused.body).toEqual({ error: "One or more products are out of stock" })
    const buyers = b.refused ? [a] : [a, b]
    // Both pay at the same moment, each through the server that served their checkout.
    const answers = await Promise.all(
      buyers.map(async (buyer, i) => {
        const server = i === 0 ? serverA : serverB
        const payment = await sandboxConfirm(server, buyer.paymentIntentId)
        const confirmed = await checkoutConfirm(server, buyer.paymentIntentId)
        return { payment, confirmed }
      })
    )
    for (const { payment } of answers) expect(payment.status).toBe(200)
    expect(answers.map((x) => x.confirmed.status).sort()).toEqual(buyers.length === 2 ? [200, 409] : [200])

    const rows = await orderRows(buyers)
    const winners = rows.filter((o) => o.status === "paid")
    expect(winners).toHaveLength(1)
    for (const loser of rows.filter((o) => o.status !== "paid")) {
      // Charged, so cancelled as out of stock and refunded in full (once).
      expect(loser).toMatchObject({ intent_status: "succeeded", status: "cancelled", payment_failure: "out_of_stock" })
      expect(loser.refunded).toBe(loser.total_cents)
    }
    const { rows: level } = await db!.sql(
      `SELECT stocked_quantity::int AS stocked, reserved_quantity::int AS reserved FROM inventory_level
        WHERE inventory_item_id = $1 AND deleted_at IS NULL`,
      [db!.catalogue[original].inventoryItemId]
    )
    expect(level).toEqual([{ stocked: 1, reserved: 1 }])
    const race = new Map(buyers.map((o) => [o.paymentIntentId, "race"]))
    expect(await moneyViolations(buyers, race)).toEqual([])
    paid.push(...buyers.filter((o) => winners.some((w) => w.payment_intent_id === o.paymentIntentId)))
  })

  step("an order confirmed on both servers at once (and its webhook on each): one transfer per artist order", async () => {
    const { checkoutCart, payAtGateway, checkoutConfirm, deliverWebhook, succeededEvent } = lib.gallery
    const lines: [string, number][] = [
      ["studio-north-print", 2],
      ["studio-south-print", 1],
      ["studio-east-print", 3],
    ]
    for (const email of ["first@scale.test", "second@scale.test"]) {
      const order = placed(await checkoutCart(serverA, db!.catalogue, lines, { email }))
      const [row] = await orderRows([order])
      // Paid at the provider; Atelier hears of it from both servers at the same moment.
      expect(await payAtGateway(db!.sql, [order.paymentIntentId])).toBe(1)
      const event = succeededEvent(order.paymentIntentId, { orderId: row.id, publicId: order.publicId, amount: row.total_cents })
      const answers = await Promise.all([
        checkoutConfirm(serverA, order.paymentIntentId),
        checkoutConfirm(serverB, order.paymentIntentId),
        checkoutConfirm(serverA, order.paymentIntentId),
        checkoutConfirm(serverB, order.paymentIntentId),
        deliverWebhook(serverA, event, cluster!.webhookSecret),
        deliverWebhook(serverB, event, cluster!.webhookSecret),
      ])
      expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200, 200, 200])
      for (const confirmed of answers.slice(0, 4)) expect(confirmed.body.order).toMatchObject({ publicId: order.publicId, status: "paid" })

      const { rows: artistOrders } = await db!.sql(
        `SELECT id, organization_id, payout_cents FROM gallery_artist_order WHERE gallery_order_id = $1`,
        [row.id]
      )
      expect(artistOrders).toHaveLength(3)
      const connected = artistOrders.filter((a) => db!.connected[a.organization_id])
      expect(connected.length).toBeGreaterThan(0)
      // The transfers are the worker's (outbox): the invariants are awaited first, then the transfers are exact.
      expect(await moneyViolations([order])).toEqual([])
      const { rows: transfers } = await db!.sql(
        `SELECT amount::int AS amount, destination FROM sandbox_transfer WHERE transfer_group = $1 ORDER BY amount`,
        [row.transfer_group]
      )
      expect(transfers).toEqual(
        connected
          .map((a) => ({ amount: a.payout_cents, destination: db!.connected[a.organization_id] }))
          .sort((x, y) => x.amount - y.amount)
      )
      const { rows: payouts } = await db!.sql(`SELECT count(*)::int AS n FROM gallery_payout WHERE gallery_order_id = $1`, [row.id])
      expect(payouts[0].n).toBe(3)
      expect(await moneyViolations([order])).toEqual([])
      paid.push(order)
    }
  })

  step("order emails are sent once each, by the worker", async () => {
    expect(paid.length).toBe(3)
    const emailViolations = async () => {
      const { violations } = await lib.invariants.checkOrders(
        db!.sql,
        paid.map((o) => o.paymentIntentId),
        { connected: db!.connected }
      )
      return violations.filter((v) => v.invariant === 4).map((v) => v.message)
    }
    // Sent after the payment commits, asynchronously: give the worker a few seconds.
    const until = Date.now() + 30_000
    let missing = await emailViolations()
    while (missing.length && Date.now() < until) {
      await sleep(250)
      missing = await emailViolations()
    }
    expect(missing).toEqual([])
    // Nothing more arrives later (a second delivery of the same event, another process).
    await sleep(2000)
    expect(await emailViolations()).toEqual([])

    const logOf = (name: string) => fs.readFileSync(cluster!.logFile(name), "utf8").split("\n")
    const sent = (lines: string[]) => lines.filter((line) => line.includes("Attempting to send a notification"))
    // Each notification row (exactly the expected ones, checked above) was sent once, by the worker.
    const { rows: notifications } = await db!.sql(
      `SELECT o.public_id, count(n.id)::int AS n FROM gallery_order o
         JOIN notification n ON n.resource_id = o.id
           OR n.resource_id IN (SELECT id FROM gallery_artist_order WHERE gallery_order_id = o.id)
        WHERE o.payment_intent_id = ANY($1) GROUP BY o.public_id`,
      [paid.map((o) => o.paymentIntentId)]
    )
    const workerSent = sent(logOf("worker"))
    expect(notifications).toHaveLength(paid.length)
    for (const { public_id, n } of notifications) {
      expect({ public_id, sent: workerSent.filter((line) => line.includes(public_id)).length }).toEqual({ public_id, sent: n })
    }
    expect(sent(logOf("server-a"))).toEqual([])
    expect(sent(logOf("server-b"))).toEqual([])
  })
})
