// `npm run test:faults`: fault injection on the money path (issue 13). Not part of `npm test`.
//
// A production build on a scratch database with the demo data, the local payment gateway. Each round: ~12 fresh
// three-artist orders (prints of studio-north, studio-south and studio-east; three of them also race for one
// original restocked to a single unit) are checked out (plus one paid right away, which warms the restarted
// server's settlement path), then settled all at once by a burst of sandbox confirmations, Atelier confirms, signed
// `payment_intent.succeeded` webhooks and duplicates of each (some orders are paid at the gateway with nobody
// telling Atelier, some are never paid or declined). A random 5-200 ms into the burst the victim's whole process
// group gets SIGKILL; it is restarted and NO client retries anything. Every third round sends only webhooks, and
// after the restart redelivers once each event that got no 2xx (as Stripe does). Once the reconcile time has passed
// (SETTLEMENT_RECONCILE_SECONDS, set low), the invariants are checked from the database and over HTTP
// (integration-tests/faults/lib/invariants.mjs) until they hold or the deadline passes.
//
// From the second round on, the burst starts with refunds of $1-$3 of one artist order of up to four orders the
// previous round paid (the administrator's refund route, some twice at once), 0-400 ms before the settlements, so the
// kill lands in refunds too; invariant 6
// checks every refund record against the provider and the ledger (docs/refunds.md). A fifth such order gets a $2
// dispute opened and lost in the same moment, as does the artist-store sale each round makes before its burst (a
// destination charge: its lost dispute reverses the charge's transfer); after the restart the sandbox raises their
// events once more (as Stripe redelivers), and invariant 7 checks the losses' reversals against the provider and the
// ledger (docs/disputes.md).
//
// Variants: `shared` (one server, WORKER_MODE=shared, in-process modules; the server is killed) and `worker`
// (REDIS_URL, a server in WORKER_MODE=server and a worker in WORKER_MODE=worker; the worker is killed). Both run by
// default, the Redis one only when Redis answers (REDIS_URL, else 127.0.0.1:6379; skipped with a message otherwise).
//
//   npm run test:faults                       both variants
//   npm run test:faults -- --worker           only the Redis/worker variant (FAULTS_VARIANTS=worker)
//   npm run test:faults -- --shared           only the shared variant (FAULTS_VARIANTS=shared)
//   npm run test:faults -- --rounds 5         rounds per variant (FAULTS_ROUNDS, default 30)
//   FAULTS_SEED=123                           reproduce a run's random choices
//   FAULTS_RECONCILE_SECONDS (default 2), FAULTS_DEADLINE_SECONDS (default 2 x reconcile + 4): how long after the
//   restart the invariants are first checked, and until when they may still be healing
//   FAULTS_ORDERS (default 12) orders per round; FAULTS_KEEP_LOGS=true keeps the processes' logs
//
// Prints per round the violations found at its deadline, then per variant a table of violations per invariant, and
// last the line `faults: N rounds, M violations`. Exits 1 when M > 0 (or when the harness itself failed).
import fs from "node:fs"
import { parseArgs } from "node:util"
import {
  adminToken,
  checkoutCart,
  checkoutConfirm,
  deliverWebhook,
  listTransfersOverHttp,
  ORIGINAL_HANDLES,
  payAtGateway,
  PRINT_HANDLES,
  closeSandboxDispute,
  openSandboxDispute,
  paidStoreSale,
  refundAsAdmin,
  restock,
  sandboxConfirm,
  succeededEvent,
} from "./lib/gallery.mjs"
import { checkDisputes, checkInventoryLevels, checkOrders, checkRefunds, INVARIANTS } from "./lib/invariants.mjs"
import { createCluster, logFolder, prepareDatabase, startReaper } from "./lib/cluster.mjs"
import { cleanUpOnInterrupt } from "../../scripts/lib/processes.mjs"
import { claimRedisDatabase, probeRedisSync, redisUrlFromEnv } from "../../scripts/lib/redis.mjs"

const { values: args } = parseArgs({
  options: {
    worker: { type: "boolean", default: false },
    shared: { type: "boolean", default: false },
    rounds: { type: "string" },
    seed: { type: "string" },
  },
})
const ROUNDS = Math.max(1, Number(args.rounds ?? process.env.FAULTS_ROUNDS ?? 30))
const ORDERS_PER_ROUND = Math.max(4, Number(process.env.FAULTS_ORDERS ?? 12))
const RECONCILE_SECONDS = Number(process.env.FAULTS_RECONCILE_SECONDS ?? 2)
const DEADLINE_SECONDS = Number(process.env.FAULTS_DEADLINE_SECONDS ?? 2 * RECONCILE_SECONDS + 4)
const SEED = Number(args.seed ?? process.env.FAULTS_SEED ?? Math.floor(Math.random() * 2 ** 31))
const KEEP_LOGS = process.env.FAULTS_KEEP_LOGS === "true"
const requested = (
  args.worker || args.shared
    ? [...(args.shared ? ["shared"] : []), ...(args.worker ? ["worker"] : [])]
    : (process.env.FAULTS_VARIANTS ?? "shared,worker").split(",")
).map((v) => v.trim())

const log = (message) => console.log(`[faults] ${message}`)
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** What to undo, last first: the running variant's processes and Redis database, then the database. */
const cleanups = []
async function runCleanups(downTo = 0) {
  while (cleanups.length > downTo) await cleanups.pop()().catch((error) => log(`clean-up: ${error.message}`))
}

/** mulberry32: a small seeded generator, so that a run's choices can be replayed with FAULTS_SEED. */
function seeded(seed) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (weighted) => {
      const total = weighted.reduce((sum, [, w]) => sum + w, 0)
      let x = next() * total
      for (const [value, w] of weighted) if ((x -= w) < 0) return value
      return weighted[weighted.length - 1][0]
    },
  }
}

/** How an order is settled in a mixed round (weights), and which plans pay. */
const MIXED_PLANS = [
  ["sandbox+confirm", 4], // the browser pays at the gateway, then the storefront confirms; the webhook follows
  ["sandbox-twice", 2], // a double-clicked payment button, then confirm
  ["gateway+webhook", 3], // paid at the gateway; the webhook (maybe twice) and maybe a confirm tell Atelier
  ["gateway-only", 1], // paid at the gateway; nobody tells Atelier (the customer closed the tab, no webhook yet)
  ["unpaid", 1], // never paid: a confirm, and a signed "succeeded" event the server must check with the gateway
  ["declined", 1], // a declined card, then confirm
]
const PAYING = new Set(["sandbox+confirm", "sandbox-twice", "gateway+webhook", "gateway-only", "webhook-only", "settled-before"])
const PAID_AT_GATEWAY_FIRST = new Set(["gateway+webhook", "gateway-only", "webhook-only"])

/** Runs `fn` over `items` with at most `limit` at a time. */
async function pool(items, limit, fn) {
  const results = new Array(items.length)
  let index = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (index < items.length) {
        const i = index++
        results[i] = await fn(items[i], i)
      }
    })
  )
  return results
}

/**
 * Restock, plan and check out the orders of round `r`. Odd rounds race for studio-north's original, even rounds for
 * studio-south's, so that a round's restock never touches the original the previous round may still be settling.
 */
async function prepareRound(ctx, r) {
  const { api, token, db, rand } = ctx
  const type = r % 3 === 0 ? "webhook" : "mixed"
  const original = ORIGINAL_HANDLES[r % 2 === 1 ? 0 : 1]
  const prints = await db.sql(
    `SELECT il.inventory_item_id, il.stocked_quantity - il.reserved_quantity AS available FROM inventory_level il
      WHERE il.inventory_item_id = ANY($1) AND il.deleted_at IS NULL`,
    [PRINT_HANDLES.map((h) => db.catalogue[h].inventoryItemId)]
  )
  const low = PRINT_HANDLES.filter((h) =>
    prints.rows.some((row) => row.inventory_item_id === db.catalogue[h].inventoryItemId && Number(row.available) < 100)
  )
  await restock(api, token, db.sql, db.catalogue, { [original]: 1, ...Object.fromEntries(low.map((h) => [h, 300])) })

  const specs = Array.from({ length: ORDERS_PER_ROUND }, (_, i) => {
    const racesForOriginal = i < 3
    const lines = [
      ["studio-north-print", rand.int(1, 2)],
      ["studio-south-print", rand.int(1, 2)],
      ["studio-east-print", rand.int(1, 3)],
      ...(racesForOriginal ? [[original, 1]] : []),
    ]
    let plan
    if (type === "webhook") plan = i === ORDERS_PER_ROUND - 1 ? "unpaid" : "webhook-only"
    else if (racesForOriginal) plan = rand.pick(MIXED_PLANS.filter(([p]) => PAYING.has(p) && p !== "gateway-only"))
    else plan = rand.pick(MIXED_PLANS)
    return { lines, plan, racesForOriginal }
  })
  // One more order, paid and confirmed before the burst: it warms the settlement path of a freshly restarted
  // server (so that a kill 5-200 ms into the burst lands mid-settlement rather than before the first one), and it
  // must come out of the round as paid as any other.
  specs.push({ lines: [["studio-east-print", 1], ["studio-north-print", 1]], plan: "settled-before", racesForOriginal: false })
  const checkedOut = await pool(specs, 4, async (spec) => ({
    ...spec,
    ...(await checkoutCart(api, db.catalogue, spec.lines, { email: `round${r}@faults.test` })),
  }))
  const warmUp = checkedOut.find((o) => o.plan === "settled-before" && !o.refused)
  if (warmUp) {
    await sandboxConfirm(api, warmUp.paymentIntentId)
    await checkoutConfirm(api, warmUp.paymentIntentId)
  }
  // One artist-store sale, paid before the burst: the next round disputes it (and loses) during its burst.
  const storeSale = await paidStoreSale(api, db.sql, db.catalogue, "studio-north-print", { email: `round${r}@faults.test` }).catch(
    () => null
  )
  const refused = checkedOut.filter((o) => o.refused)
  const orders = checkedOut.filter((o) => !o.refused)
  const { rows } = await db.sql(`SELECT id, payment_intent_id, total_cents FROM gallery_order WHERE payment_intent_id = ANY($1)`, [
    orders.map((o) => o.paymentIntentId),
  ])
  const byIntent = new Map(rows.map((row) => [row.payment_intent_id, row]))
  for (const order of orders) {
    const row = byIntent.get(order.paymentIntentId)
    order.orderId = row.id
    order.amount = row.total_cents
    order.event = succeededEvent(order.paymentIntentId, { orderId: row.id, publicId: order.publicId, amount: row.total_cents })
    order.acknowledged = false
  }
  return { r, type, original, orders, refused, storeSale }
}

/**
 * The burst: every order's plan at once; the victim is SIGKILLed `killDelayMs` after the first request. In the
 * shared variant the killed server takes every in-flight request with it; nothing is sent or retried afterwards.
 */
async function burst(ctx, round, killDelayMs) {
  const { api, cluster, victim, rand, db } = ctx
  const gatewayFirst = round.orders.filter((o) => PAID_AT_GATEWAY_FIRST.has(o.plan))
  if (gatewayFirst.length) await payAtGateway(db.sql, gatewayFirst.map((o) => o.paymentIntentId))

  const controller = new AbortController()
  let serverDown = false
  const requests = { sent: 0, answered: 0, failed: 0, notSent: 0 }
  const send = async (fn) => {
    if (serverDown) {
      requests.notSent++
      return null
    }
    requests.sent++
    try {
      const res = await fn({ signal: controller.signal })
      requests.answered++
      return res
    } catch {
      requests.failed++
      return null
    }
  }
  const secret = cluster.webhookSecret
  const webhook = async (order) => {
    const res = await send((o) => deliverWebhook(api, order.event, secret, o))
    if (res && res.status >= 200 && res.status < 300) order.acknowledged = true
    return res
  }
  const confirm = (order) => send((o) => checkoutConfirm(api, order.paymentIntentId, o))
  const sandbox = (order, method) => send((o) => sandboxConfirm(api, order.paymentIntentId, method, o))
  const times = (n, fn) => Promise.all(Array.from({ length: n }, fn))

  const settle = async (order) => {
    switch (order.plan) {
      case "sandbox+confirm": {
        const paid = await sandbox(order)
        if (paid?.status === 200) {
          const [confirms, webhooks] = [rand.int(1, 2), rand.int(0, 2)]
          await Promise.all([times(confirms, () => confirm(order)), times(webhooks, () => webhook(order))])
        }
        return
      }
      case "sandbox-twice":
        await times(2, () => sandbox(order))
        await confirm(order)
        return
      case "gateway+webhook":
        await Promise.all([times(rand.int(1, 2), () => webhook(order)), times(rand.int(0, 1), () => confirm(order))])
        return
      case "gateway-only":
      case "settled-before":
        return
      case "webhook-only":
        await times(rand.int(1, 2), () => webhook(order))
        return
      case "unpaid":
        await Promise.all([confirm(order), webhook(order)])
        return
      case "declined":
        await sandbox(order, "pm_card_chargeDeclined")
        await confirm(order)
        return
    }
  }

  // Refunds of the previous round's paid orders in the same burst (docs/refunds.md): an administrator refunds $1-$3 of
  // one artist order of each, some twice at once; the kill lands in the middle of them too. Never retried.
  const refund = async (target) => {
    const body = { reason: `faults round ${round.r}`, amount: rand.int(100, 300) / 100 }
    const copies = rand.int(1, 4) === 1 ? 2 : 1
    await times(copies, () => send((o) => refundAsAdmin(api, ctx.token, target.medusaOrderId, body, o)))
  }

  // The refunds go first, 0-400 ms ahead of the settlements, so that the kill finds some recorded with their money
  // moving (a refund takes a few hundred milliseconds: lock, plan, record, provider refund, reversal).
  // A dispute of $2 on another of them, opened and lost at once (the sandbox raises each event as Stripe would).
  const dispute = async (target) => {
    const opened = await send((o) => openSandboxDispute(api, target.paymentIntentId, 200, o))
    if (opened?.status === 200 || opened?.status === 201) await send((o) => closeSandboxDispute(api, target.paymentIntentId, "lost", o))
  }
  const disputing = [...round.disputeTargets, ...round.storeDisputeTargets]
  const refunding = Promise.all([...round.refundTargets.map(refund), ...disputing.map(dispute)])
  if (round.refundTargets.length || disputing.length) await sleep(rand.int(0, 400))

  const started = Date.now()
  // Killed, then restarted at once (in the worker variant the server's requests may still be running).
  const faulted = sleep(killDelayMs).then(async () => {
    if (victim === "server") {
      serverDown = true
      controller.abort()
    }
    await cluster.kill(victim)
    const restartStarted = Date.now()
    await cluster.restart(victim)
    return { restartMs: Date.now() - restartStarted }
  })
  await Promise.all([...round.orders.map(settle), refunding])
  const burstMs = Date.now() - started
  const { restartMs } = await faulted
  return { killDelayMs, burstMs, restartMs, requests }
}

/**
 * Stripe redelivers an event until it gets a 2xx: after the restart, each webhook-only order's event that got none
 * is delivered once more, with the same event id. A redelivery answered `duplicate` while its order is still
 * unsettled (the event was recorded, its effect was not) is a violation of invariant 2, as is a non-2xx answer.
 */
async function redeliver(ctx, round) {
  const { api, cluster, db } = ctx
  const pending = round.orders.filter((o) => o.plan === "webhook-only" && !o.acknowledged)
  const outcome = { redelivered: 0, duplicate: 0, violations: [] }
  // Each event on its own, as the provider retries them: side by side.
  await Promise.all(
    pending.map(async (order) => {
      const { rows } = await db.sql(
        `SELECT o.status, i.status AS intent_status FROM gallery_order o
           JOIN sandbox_payment_intent i ON i.id = o.payment_intent_id WHERE o.id = $1`,
        [order.orderId]
      )
      const before = rows[0]
      const res = await deliverWebhook(api, order.event, cluster.webhookSecret).catch((error) => ({ status: 0, body: String(error) }))
      outcome.redelivered++
      const duplicate = res.body?.duplicate === true
      if (duplicate) outcome.duplicate++
      const key = `2:redelivery:${order.event.id}`
      if (res.status < 200 || res.status >= 300) {
        outcome.violations.push({ invariant: 2, key, message: `${order.publicId}: redelivered ${order.event.id} answered ${res.status}` })
      } else if (duplicate && before.status === "pending" && before.intent_status === "succeeded") {
        outcome.violations.push({
          invariant: 2,
          key,
          message: `${order.publicId}: redelivered ${order.event.id} answered duplicate, the charged order still pending`,
        })
      }
    })
  )
  return outcome
}

/**
 * Up to five paid orders of a round with their first artist order's Medusa order: the next round refunds the first
 * four and disputes the fifth.
 */
async function refundTargetsOf(sql, orderIds) {
  const { rows } = await sql(
    `SELECT DISTINCT ON (o.id) o.id AS order_id, o.payment_intent_id, l.order_id AS medusa_order_id
       FROM gallery_order o
       JOIN gallery_artist_order ao ON ao.gallery_order_id = o.id AND ao.deleted_at IS NULL
       JOIN gallery_gallery_artist_order_order_order l ON l.gallery_artist_order_id = ao.id AND l.deleted_at IS NULL
      WHERE o.id = ANY($1) AND o.status = 'paid'
      ORDER BY o.id, ao.created_at LIMIT 5`,
    [orderIds]
  )
  return rows.map((row) => ({ orderId: row.order_id, paymentIntentId: row.payment_intent_id, medusaOrderId: row.medusa_order_id }))
}

/**
 * After the restart, each disputed order's events once more, as Stripe redelivers an event its endpoint did not
 * acknowledge: the sandbox raises the dispute's last event again (`closed` once closed there, else `created`).
 */
async function redeliverDisputeEvents(ctx, round) {
  for (const target of [...round.disputeTargets, ...round.storeDisputeTargets]) {
    const { rows } = await ctx.db.sql(`SELECT status FROM sandbox_dispute WHERE payment_intent_id = $1`, [target.paymentIntentId])
    if (!rows.length) continue
    if (rows[0].status === "lost") await closeSandboxDispute(ctx.api, target.paymentIntentId, "lost").catch(() => null)
    else await openSandboxDispute(ctx.api, target.paymentIntentId, 200).catch(() => null)
  }
}

/** Polls the round's invariants from `reconcile` seconds after the restart until they hold or the deadline passes. */
async function settleAndCheck(ctx, round, restartedAt, extraViolations) {
  const { db, raceGroups, scarceProductIds, inventoryItemIds } = ctx
  const intents = round.orders.map((o) => o.paymentIntentId)
  const options = { connected: db.connected, raceGroups, scarceProductIds, inventoryItemIds }
  await sleep(Math.max(0, restartedAt + RECONCILE_SECONDS * 1000 - Date.now()))
  const refundOrderIds = round.refundTargets.map((t) => t.orderId)
  const disputeOrderIds = round.disputeTargets.map((t) => t.orderId)
  const disputeStorePaymentIds = round.storeDisputeTargets.map((t) => t.storePaymentId)
  let result
  let refunds
  let disputes
  for (;;) {
    result = await checkOrders(db.sql, intents, options)
    refunds = await checkRefunds(db.sql, refundOrderIds)
    disputes = await checkDisputes(db.sql, disputeOrderIds, disputeStorePaymentIds)
    const clean = !result.violations.length && !refunds.violations.length && !disputes.violations.length
    if (clean || Date.now() > restartedAt + DEADLINE_SECONDS * 1000) break
    await sleep(300)
  }
  if (ctx.httpTransfers) {
    const overHttp = await checkOrders(db.sql, intents, { ...options, httpBaseUrl: ctx.api })
    result = overHttp
  }
  return {
    ...result,
    stats: { ...result.stats, refunds: refunds.stats.refunds, disputes: disputes.stats.disputes, disputesLost: disputes.stats.lost },
    violations: [...result.violations, ...refunds.violations, ...disputes.violations, ...extraViolations],
  }
}

async function runVariant(variant, db, rand, reaper) {
  const logDir = logFolder(`atelier-faults-${variant}-`, reaper)
  const started = Date.now()
  const summary = { variant, rounds: [], logDir, redeliveries: { redelivered: 0, duplicate: 0 } }
  const outerCleanups = cleanups.length
  try {
    let redisUrl = null
    if (variant === "worker") {
      const claimed = await claimRedisDatabase(redisUrlFromEnv(), { log })
      cleanups.push(() => claimed.release())
      redisUrl = claimed.url
    }
    const cluster = createCluster({ databaseUrl: db.databaseUrl, redisUrl, logDir, reconcileSeconds: RECONCILE_SECONDS, reaper })
    cleanups.push(() => cluster.stopAll())
    const victim = variant === "shared" ? "server" : "worker"
    log(`${variant}: starting ${variant === "shared" ? "one server (WORKER_MODE=shared)" : "a server (WORKER_MODE=server) and a worker (WORKER_MODE=worker) on Redis"}`)
    await Promise.all(variant === "shared" ? [cluster.start("server", "shared")] : [cluster.start("server", "server"), cluster.start("worker", "worker")])
    const api = cluster.baseUrl("server")
    const probe = await listTransfersOverHttp(api, "transfer_group_probe").catch((error) => ({ available: false, error }))
    if (probe.error) throw probe.error
    summary.httpTransfers = probe.available
    log(
      probe.available
        ? "GET /api/sandbox/transfers is served: transfers are also checked over HTTP"
        : "GET /api/sandbox/transfers answers 404 (not served yet): transfers are checked in the database only"
    )
    const ctx = {
      api,
      cluster,
      victim,
      rand,
      db,
      token: await adminToken(api),
      raceGroups: new Map(),
      scarceProductIds: new Set(ORIGINAL_HANDLES.map((h) => db.catalogue[h].productId)),
      inventoryItemIds: Object.values(db.catalogue).map((c) => c.inventoryItemId),
      httpTransfers: probe.available,
    }
    const allIntents = []
    const allRefundOrderIds = []
    const allDisputeOrderIds = []
    const allDisputeStorePaymentIds = []
    let refundTargets = []
    let disputeTargets = []
    let storeDisputeTargets = []
    let next = prepareRound(ctx, 1)
    for (let r = 1; r <= ROUNDS; r++) {
      const roundStarted = Date.now()
      const round = await next
      round.refundTargets = refundTargets
      round.disputeTargets = disputeTargets
      round.storeDisputeTargets = storeDisputeTargets
      allRefundOrderIds.push(...refundTargets.map((t) => t.orderId))
      allDisputeOrderIds.push(...disputeTargets.map((t) => t.orderId))
      allDisputeStorePaymentIds.push(...storeDisputeTargets.map((t) => t.storePaymentId))
      for (const order of round.orders) {
        allIntents.push(order.paymentIntentId)
        if (order.racesForOriginal) ctx.raceGroups.set(order.paymentIntentId, `${variant}:${r}`)
      }
      const killDelayMs = rand.int(5, 200)
      const fault = await burst(ctx, round, killDelayMs)
      const restartedAt = Date.now()
      const redelivery = await redeliver(ctx, round)
      await redeliverDisputeEvents(ctx, round)
      summary.redeliveries.redelivered += redelivery.redelivered
      summary.redeliveries.duplicate += redelivery.duplicate
      // The next round's orders are checked out while this round heals (it races for the other original).
      next = r < ROUNDS ? prepareRound(ctx, r + 1) : null
      next?.catch(() => {})
      const check = await settleAndCheck(ctx, round, restartedAt, redelivery.violations)
      const targets = await refundTargetsOf(db.sql, round.orders.map((o) => o.orderId))
      refundTargets = targets.slice(0, 4)
      disputeTargets = targets.slice(4, 5)
      storeDisputeTargets = round.storeSale ? [round.storeSale] : []
      const perInvariant = INVARIANTS.map((inv) => check.violations.filter((v) => v.invariant === inv.id).length)
      summary.rounds.push({ r, type: round.type, ...fault, check, perInvariant })
      const plans = round.orders.reduce((acc, o) => ({ ...acc, [o.plan]: (acc[o.plan] ?? 0) + 1 }), {})
      log(
        `${variant} round ${String(r).padStart(2)} ${round.type.padEnd(7)} kill +${String(fault.killDelayMs).padStart(3)} ms` +
          ` (${fault.requests.answered}/${fault.requests.sent} answered${fault.requests.notSent ? `, ${fault.requests.notSent} never sent` : ""})` +
          ` burst ${(fault.burstMs / 1000).toFixed(1)} s, restart ${(fault.restartMs / 1000).toFixed(1)} s | paid ${check.stats.paid}/${check.stats.charged} charged,` +
          ` ${check.stats.cancelled} cancelled, ${check.stats.pending} pending, ${check.stats.refunds} refunds,` +
          ` ${check.stats.disputes} disputes (${check.stats.disputesLost} lost)` +
          (redelivery.redelivered ? ` | redelivered ${redelivery.redelivered} (${redelivery.duplicate} duplicate)` : "") +
          ` | violations ${perInvariant.join("/")} | ${((Date.now() - roundStarted) / 1000).toFixed(1)} s` +
          (round.refused.length ? ` | ${round.refused.length} checkouts refused` : "")
      )
      if (process.env.FAULTS_VERBOSE === "true") log(`  plans ${JSON.stringify(plans)}`)
    }
    // Everything once more, after one more reconcile period: later rounds must not have broken earlier ones.
    await sleep(RECONCILE_SECONDS * 1000)
    const final = await checkOrders(db.sql, allIntents, {
      connected: db.connected,
      raceGroups: ctx.raceGroups,
      scarceProductIds: ctx.scarceProductIds,
      inventoryItemIds: ctx.inventoryItemIds,
      httpBaseUrl: ctx.httpTransfers ? api : null,
    })
    const finalRefunds = await checkRefunds(db.sql, allRefundOrderIds)
    const finalDisputes = await checkDisputes(db.sql, allDisputeOrderIds, allDisputeStorePaymentIds)
    summary.final = { ...final, violations: [...final.violations, ...finalRefunds.violations, ...finalDisputes.violations] }
    summary.seconds = (Date.now() - started) / 1000
    return summary
  } finally {
    await runCleanups(outerCleanups)
  }
}

/** Distinct violations of a variant: at its rounds' deadlines, and at the end. */
function tally(summary) {
  const atDeadline = new Map()
  for (const round of summary.rounds) for (const v of round.check.violations) atDeadline.set(v.key, v)
  const atEnd = new Map(summary.final.violations.map((v) => [v.key, v]))
  const distinct = new Map([...atDeadline, ...atEnd])
  return INVARIANTS.map((inv) => {
    const of = (map) => [...map.values()].filter((v) => v.invariant === inv.id)
    return { ...inv, distinct: of(distinct), atDeadline: of(atDeadline).length, atEnd: of(atEnd).length }
  })
}

function printVariant(summary) {
  const rows = tally(summary)
  const stats = summary.final.stats
  console.log(
    `\n== ${summary.variant}: ${summary.rounds.length} rounds, ${stats.orders} orders, ${stats.charged} charged; ` +
      `${stats.paid} paid, ${stats.cancelled} cancelled, ${stats.pending} pending; ${summary.seconds.toFixed(0)} s`
  )
  console.log(`   webhooks redelivered after a crash: ${summary.redeliveries.redelivered} (${summary.redeliveries.duplicate} answered duplicate)`)
  console.log(`   transfers over HTTP: ${summary.httpTransfers ? "checked with GET /api/sandbox/transfers" : "GET /api/sandbox/transfers answers 404, checked in the database only"}`)
  const width = Math.max(...rows.map((r) => r.name.length))
  console.log(`\n   ${"invariant".padEnd(width + 3)}  violations  at deadlines  at end`)
  for (const row of rows) {
    // A redelivery is judged when it is answered: there is no "at end" for invariant 2.
    const atEnd = row.id === 2 ? "-" : String(row.atEnd)
    console.log(`   ${row.id}. ${row.name.padEnd(width)}  ${String(row.distinct.length).padStart(10)}  ${String(row.atDeadline).padStart(12)}  ${atEnd.padStart(6)}`)
  }
  for (const row of rows) {
    for (const v of row.distinct.slice(0, 4)) console.log(`   e.g. [${row.id}] ${v.message}`)
    if (row.distinct.length > 4) console.log(`        [${row.id}] ... and ${row.distinct.length - 4} more`)
  }
  return rows.reduce((sum, r) => sum + r.distinct.length, 0)
}

async function main() {
  const startedAt = Date.now()
  const rand = seeded(SEED)
  log(`seed ${SEED} (FAULTS_SEED to replay), ${ROUNDS} rounds per variant, ${ORDERS_PER_ROUND} orders per round, reconcile ${RECONCILE_SECONDS} s, deadline ${DEADLINE_SECONDS} s`)
  const variants = []
  const skipped = []
  for (const variant of requested) {
    if (variant === "shared") variants.push(variant)
    else if (variant === "worker") {
      const url = redisUrlFromEnv()
      const probe = probeRedisSync(url)
      if (probe.reachable) variants.push(variant)
      else skipped.push(`worker variant SKIPPED: Redis not reachable at ${url} (${probe.reason}); set REDIS_URL to run it`)
    } else throw new Error(`unknown variant ${variant} (shared, worker)`)
  }
  for (const message of skipped) log(message)

  const reaper = startReaper()
  const cleanup = async () => {
    await runCleanups()
    reaper.release()
  }
  cleanUpOnInterrupt(cleanup, log)
  const summaries = []
  let failure = null
  try {
    const db = await prepareDatabase({ prefix: "atelier_faults", log, reaper })
    cleanups.push(() => db.close())
    if (db.buildErrors) log("WARNING: the build had type errors; testing the build it emitted")
    log(`connected accounts: ${Object.values(db.connected).join(", ") || "none"}`)
    log(`setup ${((Date.now() - startedAt) / 1000).toFixed(0)} s`)
    for (const variant of variants) summaries.push(await runVariant(variant, db, rand, reaper))
  } catch (error) {
    failure = error
  } finally {
    await cleanup()
  }

  let violations = 0
  for (const summary of summaries) violations += printVariant(summary)
  const rounds = summaries.reduce((sum, s) => sum + s.rounds.length, 0)
  console.log("")
  for (const message of skipped) log(message)
  for (const summary of summaries) {
    if (violations === 0 && !KEEP_LOGS) fs.rmSync(summary.logDir, { recursive: true, force: true })
    else log(`${summary.variant} processes' logs: ${summary.logDir}`)
  }
  if (failure) log(`FAILED: ${failure.stack ?? failure.message}`)
  log(`total ${((Date.now() - startedAt) / 1000).toFixed(0)} s`)
  console.log(`faults: ${rounds} rounds, ${violations} violations`)
  process.exit(violations === 0 && !failure ? 0 : 1)
}

await main()
