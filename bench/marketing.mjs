// `npm run bench:marketing` (also part of `npm run bench`): campaigns and outbound webhooks on the production
// build.
//
//   - campaign_10k_s: a campaign to 10,000 recipients on the local email provider. 10,000 paid store orders of
//     studio-north, each from a distinct address, are bulk-loaded with generate_series into Medusa's order tables
//     (order, one line item, and a transaction covering its total: the order book's `paid`), all created on one day
//     of 2020 so that a segment filtered on that day holds exactly them (the demo orders fall outside). The segment's
//     live `count` (GET /api/segments/{id}) must be 10,000. Then, per round, as the demo owner north@atelier.test:
//     POST /api/campaigns (a draft) and, timed, POST /api/campaigns/{id}/send until GET /api/campaigns/{id} shows
//     `sent` with stats.sent = 10,000 (polled every 200 ms). Checked afterwards in the database: 10,000
//     notifications for the campaign, to 10,000 distinct addresses. Target < 30 s (median of the rounds).
//   - webhook_fanout_added_p50_ms: the order-paid path (gallery checkout of 3 artists + sandbox card confirmation +
//     POST /api/gallery/checkout/confirm, bench/scenarios/atelier.mjs, untimed cart building) at concurrency 1,
//     in interleaved rounds: `off` (no webhook endpoint at all) then `on` (one endpoint per demo organization,
//     studio-north/south/east, created by its owner, subscribed to order.created and order.paid, pointing at a
//     receiver on 127.0.0.1 that answers 200 and checks X-Atelier-Signature). Each pair yields on p50 - off p50;
//     the figure is the median of the pairs. After each `on` round the benchmark waits until the receiver got every
//     delivery (2 events x 3 artist orders per paid checkout) and deletes the endpoints; after each `off` round it
//     checks that nothing arrived. Target <= 5 ms.
//
// The server runs NODE_ENV=production, whose webhook URL policy refuses loopback targets (SSRF). This benchmark
// alone starts it with ATELIER_ALLOW_LOCAL_WEBHOOKS_IN_PRODUCTION=true (src/lib/webhook-url.ts) so that the
// deliveries can reach the local receiver; the other benchmarks measure the strict default.
//
// Results are merged into bench/results/latest.json: `campaign_10k_s`, `webhook_fanout_added_p50_ms` and the
// details under `marketing` (other keys kept). Environment: BENCH_MARKETING_CAMPAIGN_ROUNDS (default 3),
// BENCH_MARKETING_FANOUT_PAIRS (default 5), BENCH_SECONDS (default 10, per fan-out round), BENCH_MARKETING_RECIPIENTS
// (default 10,000; a smaller run leaves latest.json alone), DATABASE_URL / BENCH_KEEP_DB as the other benchmarks.
import crypto from "node:crypto"
import http from "node:http"
import os from "node:os"
import path from "node:path"
import pg from "pg"
import { availablePrintStock, checkoutAndConfirm, prepareGalleryCart, setupAtelier, verifyCheckouts } from "./scenarios/atelier.mjs"
import { client } from "./lib/http.mjs"
import { median, percentile, roundTo } from "./lib/load.mjs"
import { mergeResults, postgresVersion, RESULTS_FILE } from "./lib/results.mjs"
import { organizationSalesChannel } from "./lib/demo-data.mjs"
import { cleanUpOnInterrupt, ensureBuild, keepTableStatistics, migrateAndSeed, root, startDatabase, startServer } from "./lib/server.mjs"

const RECIPIENTS = Math.max(10, Number(process.env.BENCH_MARKETING_RECIPIENTS || 10_000))
const CAMPAIGN_ROUNDS = Math.max(1, Number(process.env.BENCH_MARKETING_CAMPAIGN_ROUNDS || 3))
const FANOUT_BLOCKS = Math.max(1, Number(process.env.BENCH_MARKETING_FANOUT_BLOCKS || 5))
const FANOUT_PAIRS = Math.max(2, Number(process.env.BENCH_MARKETING_FANOUT_PAIRS || 20))
const CAMPAIGN_TIMEOUT_S = 600
const DELIVERY_WAIT_S = 60
/** Pause after a checkout's mirrors exist (its other background work), and after a checkout without endpoints. */
const SETTLE_PAUSE_MS = 150
const DEMO_PASSWORD = "atelier-demo"
const OWNERS = { "studio-north": "north@atelier.test", "studio-south": "south@atelier.test", "studio-east": "east@atelier.test" }
const WEBHOOK_EVENTS = ["order.created", "order.paid"]
/** Artist orders per benchmark checkout (north, south, east: bench/scenarios/atelier.mjs). */
const ARTIST_ORDERS_PER_CHECKOUT = 3
// The bench orders' day: outside the demo data, so the segment filtered on it holds only them.
const SEED_DAY = "2020-01-15"
const SEED_NEXT_DAY = "2020-01-16"
const TARGETS = { campaign_10k_s: { max: 30 }, webhook_fanout_added_p50_ms: { max: 5 } }

const log = (message) => console.log(`[bench:marketing] ${message}`)
const loadavg = () => os.loadavg().map((v) => Number(v.toFixed(2)))
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * `count` paid store orders of the organization, one per address (`customer-<i>@bench.test`), created on SEED_DAY:
 * the minimal Medusa rows the audience reads (src/queries/medusa/audience.ts over the order book's CTE): the order in
 * the organization's sales channel with an email, one item (quantity 1 at 25 USD) and a transaction of 25 (paid
 * amount >= total: the order book's `paid`). No shipping, no tax lines.
 */
async function loadPaidOrders(sql, organizationSlug, count) {
  const salesChannelId = await organizationSalesChannel(sql, organizationSlug)
  const id = (prefix) => `'${prefix}' || lpad(i::text, 6, '0')`
  await sql(
    `INSERT INTO "order" (id, display_id, version, status, is_draft_order, currency_code, email, sales_channel_id, metadata, created_at, updated_at)
     SELECT ${id("order_mkbench_")}, 900000 + i, 1, 'pending', false, 'usd', 'customer-' || i || '@bench.test', $1,
            '{"source":"store"}'::jsonb, $3::timestamptz + make_interval(secs => i), now()
       FROM generate_series(1, $2) AS i`,
    [salesChannelId, count, `${SEED_DAY}T00:00:00Z`]
  )
  await sql(
    `INSERT INTO order_line_item (id, title, unit_price, raw_unit_price, created_at, updated_at)
     SELECT ${id("ordli_mkbench_")}, 'Bench print', 25, '{"value":"25","precision":20}', now(), now()
       FROM generate_series(1, $1) AS i`,
    [count]
  )
  await sql(
    `INSERT INTO order_item (id, order_id, version, item_id, quantity, raw_quantity, fulfilled_quantity, raw_fulfilled_quantity,
                             shipped_quantity, raw_shipped_quantity, return_requested_quantity, raw_return_requested_quantity,
                             return_received_quantity, raw_return_received_quantity, return_dismissed_quantity,
                             raw_return_dismissed_quantity, written_off_quantity, raw_written_off_quantity, created_at, updated_at)
     SELECT ${id("orditem_mkbench_")}, ${id("order_mkbench_")}, 1, ${id("ordli_mkbench_")},
            1, '{"value":"1","precision":20}', 0, '{"value":"0","precision":20}', 0, '{"value":"0","precision":20}',
            0, '{"value":"0","precision":20}', 0, '{"value":"0","precision":20}', 0, '{"value":"0","precision":20}',
            0, '{"value":"0","precision":20}', now(), now()
       FROM generate_series(1, $1) AS i`,
    [count]
  )
  await sql(
    `INSERT INTO order_transaction (id, order_id, version, amount, raw_amount, currency_code, reference, reference_id, created_at, updated_at)
     SELECT ${id("ordtrx_mkbench_")}, ${id("order_mkbench_")}, 1, 25, '{"value":"25","precision":20}', 'usd', 'capture',
            ${id("capt_mkbench_")}, now(), now()
       FROM generate_series(1, $1) AS i`,
    [count]
  )
  for (const table of ['"order"', "order_item", "order_line_item", "order_transaction"]) await sql(`VACUUM ANALYZE ${table}`)
}

async function login(baseUrl, email) {
  const body = await client(baseUrl)("POST", "/auth/member/emailpass", { body: { email, password: DEMO_PASSWORD }, expect: [200] })
  return client(baseUrl, { authorization: `Bearer ${body.token}` })
}

/**
 * A poll that survives a dropped connection (seen once under heavy machine load: `fetch failed` on a reused
 * keep-alive socket); HTTP errors are not retried.
 */
async function retryGet(get, tries = 3) {
  for (let i = 1; ; i++) {
    try {
      return await get()
    } catch (error) {
      if (i >= tries || error.status !== undefined) throw error
      log(`poll failed (${error.cause?.code ?? error.message}), retrying`)
      await sleep(500)
    }
  }
}

/** One campaign to the segment: created (untimed), then send -> `sent` with every recipient emailed (timed). */
async function campaignRound(call, sql, segmentId, round) {
  const { campaign } = await call("POST", "/api/campaigns", {
    body: {
      name: `Bench campaign ${round}`,
      subject: `New prints, round ${round}`,
      content: `<h1>New prints</h1><p>Round ${round}: <a href="https://atelier.test/gallery">see the gallery</a>.</p>`,
      segment_id: segmentId,
    },
  })
  const loadBefore = loadavg()
  const started = performance.now()
  const sendAnswer = await call("POST", `/api/campaigns/${campaign.id}/send`, { body: {} })
  const sendAnsweredMs = performance.now() - started
  if (sendAnswer.recipients !== RECIPIENTS) throw new Error(`send answered ${sendAnswer.recipients} recipients, expected ${RECIPIENTS}`)
  let last
  for (;;) {
    ;({ campaign: last } = await retryGet(() => call("GET", `/api/campaigns/${campaign.id}`)))
    if (last.status === "sent" || last.status === "failed") break
    if (performance.now() - started > CAMPAIGN_TIMEOUT_S * 1000) throw new Error(`campaign not sent after ${CAMPAIGN_TIMEOUT_S} s: ${JSON.stringify(last.stats)}`)
    await sleep(200)
  }
  const seconds = (performance.now() - started) / 1000
  if (last.status !== "sent" || last.stats.sent !== RECIPIENTS) {
    throw new Error(`campaign ended ${last.status} with stats ${JSON.stringify(last.stats)}`)
  }
  const { rows } = await sql(
    `SELECT count(*)::int AS notifications, count(DISTINCT "to")::int AS addresses,
            count(*) FILTER (WHERE status = 'success')::int AS succeeded
       FROM notification WHERE resource_id = $1 AND deleted_at IS NULL`,
    [campaign.id]
  )
  const verified = rows[0]
  if (verified.notifications !== RECIPIENTS || verified.addresses !== RECIPIENTS || verified.succeeded !== RECIPIENTS) {
    throw new Error(`campaign ${campaign.id}: notifications ${JSON.stringify(verified)}, expected ${RECIPIENTS} each`)
  }
  return {
    campaign_id: campaign.id,
    seconds: roundTo(seconds, 2),
    send_answered_ms: roundTo(sendAnsweredMs, 1),
    emails_per_s: Math.round(RECIPIENTS / seconds),
    stats: last.stats,
    notifications: verified,
    loadavg_before: loadBefore,
  }
}

/**
 * A webhook receiver on 127.0.0.1: answers 200 to every POST, counts deliveries by event type and checks each
 * X-Atelier-Signature against the secrets of the endpoints created so far.
 */
async function startReceiver() {
  const secrets = new Set()
  const state = { received: 0, byType: {}, badSignatures: 0, eventIds: new Set() }
  const server = http.createServer((req, res) => {
    const chunks = []
    req.on("data", (chunk) => chunks.push(chunk))
    req.on("end", () => {
      const body = Buffer.concat(chunks)
      const given = String(req.headers["x-atelier-signature"] ?? "")
      const valid = [...secrets].some((secret) => {
        const expected = Buffer.from(`sha256=${crypto.createHmac("sha256", secret).update(body).digest("hex")}`)
        return expected.length === given.length && crypto.timingSafeEqual(expected, Buffer.from(given))
      })
      if (!valid) state.badSignatures += 1
      const type = String(req.headers["x-atelier-event"] ?? "unknown")
      state.received += 1
      state.byType[type] = (state.byType[type] ?? 0) + 1
      state.eventIds.add(String(req.headers["webhook-id"] ?? ""))
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}')
    })
  })
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${server.address().port}/atelier-hooks`,
    state,
    addSecret: (secret) => secrets.add(secret),
    stop: () => new Promise((resolve) => server.close(resolve)),
  }
}

async function createEndpoints(owners, receiver) {
  const ids = []
  for (const call of owners) {
    const { webhook_endpoint, secret } = await call("POST", "/api/webhook-endpoints", {
      body: { url: receiver.url, events: WEBHOOK_EVENTS, description: "bench receiver" },
      expect: [201],
    })
    receiver.addSecret(secret)
    ids.push({ call, id: webhook_endpoint.id })
  }
  return ids
}

async function deleteEndpoints(endpoints) {
  for (const { call, id } of endpoints) await call("DELETE", `/api/webhook-endpoints/${id}`)
}

async function waitForDeliveries(receiver, expected) {
  const deadline = Date.now() + DELIVERY_WAIT_S * 1000
  while (receiver.state.received < expected && Date.now() < deadline) await sleep(100)
  return receiver.state.received
}

async function main() {
  const startedAt = new Date()
  const loadBefore = loadavg()
  const cleanups = []
  const cleanup = async () => {
    while (cleanups.length) {
      try {
        await cleanups.pop()()
      } catch (error) {
        console.error(`[bench:marketing] cleanup: ${error.message}`)
      }
    }
  }
  cleanUpOnInterrupt(cleanup, log)
  // The local email provider is what this benchmark measures (the Resend provider would call out).
  delete process.env.RESEND_API_KEY

  const campaignRounds = []
  const fanoutBlocks = []
  const allOff = []
  const allOn = []
  let checkoutVerification = null
  let build
  let segmentCount
  let memory
  let postgres = null
  const deliveryChecks = { expected: 0, received: 0, bad_signatures: 0, during_off_checkouts: 0 }
  try {
    build = await ensureBuild()
    const db = await startDatabase()
    cleanups.push(() => db.stop())
    await migrateAndSeed(db.databaseUrl)
    const statistics = await keepTableStatistics(db.databaseUrl)
    cleanups.push(() => statistics.stop())
    const pool = new pg.Pool({ connectionString: db.databaseUrl, max: 2 })
    pool.on("error", () => {})
    cleanups.push(() => pool.end())
    const sql = (text, params) => pool.query(text, params)
    postgres = await postgresVersion(sql)

    log(`loading ${RECIPIENTS.toLocaleString("en-US")} paid store orders (distinct customers) into studio-north`)
    const loadStarted = Date.now()
    await loadPaidOrders(sql, "studio-north", RECIPIENTS)
    log(`  ${((Date.now() - loadStarted) / 1000).toFixed(1)} s`)

    const receiver = await startReceiver()
    cleanups.push(() => receiver.stop())
    // Only here: the production build may deliver to the loopback receiver (see the header).
    const server = await startServer(db.databaseUrl, { ATELIER_ALLOW_LOCAL_WEBHOOKS_IN_PRODUCTION: "true" })
    cleanups.push(() => server.stop())

    // --- campaign_10k ---
    const north = await login(server.baseUrl, OWNERS["studio-north"])
    const { segment } = await north("POST", "/api/segments", {
      body: { name: "Bench customers", filters: { ordered_since: SEED_DAY, ordered_before: SEED_NEXT_DAY } },
      expect: [201],
    })
    ;({ segment: { count: segmentCount } } = await north("GET", `/api/segments/${segment.id}`))
    log(`segment ${segment.id}: live count ${segmentCount}`)
    if (segmentCount !== RECIPIENTS) throw new Error(`the segment counts ${segmentCount} customers, expected ${RECIPIENTS}`)
    for (let round = 1; round <= CAMPAIGN_ROUNDS; round++) {
      const result = await campaignRound(north, sql, segment.id, round)
      campaignRounds.push(result)
      log(
        `campaign round ${round}: ${result.seconds} s to sent (${result.emails_per_s} emails/s; send answered in ` +
          `${result.send_answered_ms} ms; load ${result.loadavg_before.join(" ")})`
      )
    }

    // --- webhook_fanout ---
    const owners = []
    for (const email of Object.values(OWNERS)) owners.push(await login(server.baseUrl, email))
    const ctx = await setupAtelier({ baseUrl: server.baseUrl, sql })
    const stockBefore = await availablePrintStock(sql)
    const attempts = []
    /**
     * The background work a paid checkout leaves (the outbox: order-book mirrors, emails, webhook events) is awaited
     * after every checkout, with or without endpoints, so that it never spills into the next timed checkout: the
     * Medusa mirror of each artist order exists, then a short pause for the rest of that batch.
     */
    const settle = async (publicId) => {
      const deadline = Date.now() + DELIVERY_WAIT_S * 1000
      while (Date.now() < deadline) {
        const { rows } = await sql(`SELECT count(*)::int AS n FROM "order" WHERE metadata->>'gallery_public_id' = $1 AND deleted_at IS NULL`, [publicId])
        if (rows[0].n >= ARTIST_ORDERS_PER_CHECKOUT) break
        await sleep(20)
      }
      await sleep(SETTLE_PAUSE_MS)
    }
    /** One timed order-paid path (checkout + card + confirm) on a cart built untimed; returns its milliseconds. */
    const timedCheckout = async () => {
      const sessionId = await prepareGalleryCart(ctx)
      const attempt = { publicId: null, completed: false }
      attempts.push(attempt)
      const t0 = performance.now()
      await checkoutAndConfirm(ctx, sessionId, attempt)
      const ms = performance.now() - t0
      await settle(attempt.publicId)
      return ms
    }
    /** With endpoints: created untimed, the checkout timed, then every delivery awaited and the endpoints deleted. */
    const timedCheckoutWithEndpoints = async () => {
      const endpoints = await createEndpoints(owners, receiver)
      const ms = await timedCheckout()
      deliveryChecks.expected += ARTIST_ORDERS_PER_CHECKOUT * WEBHOOK_EVENTS.length
      const waitStarted = performance.now()
      await waitForDeliveries(receiver, deliveryChecks.expected)
      deliveryChecks.drain_ms.push(performance.now() - waitStarted)
      await deleteEndpoints(endpoints)
      return ms
    }
    const timedCheckoutWithout = async () => {
      const before = receiver.state.received
      const ms = await timedCheckout()
      await sleep(SETTLE_PAUSE_MS)
      deliveryChecks.during_off_checkouts += receiver.state.received - before
      return ms
    }
    deliveryChecks.drain_ms = []
    log(`fan-out: ${FANOUT_BLOCKS} blocks of ${FANOUT_PAIRS} pairs (one checkout without endpoints, one with, alternating which goes first)`)
    for (let i = 0; i < 3; i++) {
      await timedCheckoutWithout()
      await timedCheckoutWithEndpoints()
    }
    for (let block = 1; block <= FANOUT_BLOCKS; block++) {
      const loadBlock = loadavg()
      const off = []
      const on = []
      for (let pair = 0; pair < FANOUT_PAIRS; pair++) {
        if (pair % 2 === 0) {
          off.push(await timedCheckoutWithout())
          on.push(await timedCheckoutWithEndpoints())
        } else {
          on.push(await timedCheckoutWithEndpoints())
          off.push(await timedCheckoutWithout())
        }
      }
      const offP50 = roundTo(percentile([...off].sort((a, b) => a - b), 50), 2)
      const onP50 = roundTo(percentile([...on].sort((a, b) => a - b), 50), 2)
      const added = roundTo(onP50 - offP50, 2)
      fanoutBlocks.push({ block, off_p50_ms: offP50, on_p50_ms: onP50, added_p50_ms: added, pairs: FANOUT_PAIRS, loadavg_before: loadBlock })
      allOff.push(...off)
      allOn.push(...on)
      log(`block ${block}: off p50 ${offP50} ms, on p50 ${onP50} ms -> ${added >= 0 ? "+" : ""}${added} ms (load ${loadBlock.join(" ")})`)
    }
    checkoutVerification = await verifyCheckouts(ctx, attempts, stockBefore)
    deliveryChecks.received = receiver.state.received
    deliveryChecks.bad_signatures = receiver.state.badSignatures
    deliveryChecks.by_type = receiver.state.byType
    deliveryChecks.distinct_event_ids = receiver.state.eventIds.size
    const drains = deliveryChecks.drain_ms.sort((a, b) => a - b)
    deliveryChecks.drain_after_checkout_p50_ms = roundTo(percentile(drains, 50), 1)
    deliveryChecks.drain_after_checkout_max_ms = roundTo(drains[drains.length - 1], 1)
    delete deliveryChecks.drain_ms
    memory = server.memory.result()
  } finally {
    await cleanup()
  }

  const campaignSeconds = roundTo(median(campaignRounds.map((r) => r.seconds)), 2)
  const added = roundTo(median(fanoutBlocks.map((b) => b.added_p50_ms)), 2)
  const pooled = {
    off_p50_ms: roundTo(percentile([...allOff].sort((a, b) => a - b), 50), 2),
    on_p50_ms: roundTo(percentile([...allOn].sort((a, b) => a - b), 50), 2),
    checkouts_each: allOff.length,
  }
  pooled.added_p50_ms = roundTo(pooled.on_p50_ms - pooled.off_p50_ms, 2)
  const checkoutFailures = checkoutVerification?.failures ?? 0
  const deliveriesOk =
    deliveryChecks.received === deliveryChecks.expected &&
    deliveryChecks.bad_signatures === 0 &&
    deliveryChecks.during_off_checkouts === 0 &&
    deliveryChecks.distinct_event_ids === deliveryChecks.expected
  const targets = {
    campaign_10k_s: { max: TARGETS.campaign_10k_s.max, met: campaignSeconds < TARGETS.campaign_10k_s.max, rounds: campaignRounds.length },
    webhook_fanout_added_p50_ms: {
      max: TARGETS.webhook_fanout_added_p50_ms.max,
      met: checkoutFailures === 0 && deliveriesOk ? added <= TARGETS.webhook_fanout_added_p50_ms.max : false,
      blocks: fanoutBlocks.length,
      ...(checkoutFailures ? { failed_checkouts: checkoutFailures } : {}),
      ...(deliveriesOk ? {} : { deliveries_incomplete: true }),
    },
  }

  console.log("")
  console.log(`campaign to ${RECIPIENTS.toLocaleString("en-US")} recipients (local provider), send -> sent`)
  console.log("  round  seconds  emails/s  send answered (ms)  load before")
  for (const [i, r] of campaignRounds.entries()) {
    console.log(`  ${String(i + 1).padEnd(5)}  ${String(r.seconds).padStart(7)}  ${String(r.emails_per_s).padStart(8)}  ${String(r.send_answered_ms).padStart(18)}  ${r.loadavg_before.join(" ")}`)
  }
  console.log(`  median ${campaignSeconds} s   target < ${TARGETS.campaign_10k_s.max} s: ${targets.campaign_10k_s.met ? "met" : "NOT met"}`)
  console.log("")
  console.log("order-paid path (checkout + card confirm + confirm, 3 artists) p50 at c1, webhooks off vs on")
  console.log(`  block  off p50 (ms)  on p50 (ms)  added (ms)  load before   [${FANOUT_PAIRS} checkouts each side per block]`)
  for (const b of fanoutBlocks) {
    console.log(`  ${String(b.block).padEnd(5)}  ${String(b.off_p50_ms).padStart(12)}  ${String(b.on_p50_ms).padStart(11)}  ${String(b.added_p50_ms).padStart(10)}  ${b.loadavg_before.join(" ")}`)
  }
  console.log(`  all checkouts pooled: off p50 ${pooled.off_p50_ms} ms, on p50 ${pooled.on_p50_ms} ms -> ${pooled.added_p50_ms} ms (${pooled.checkouts_each} each)`)
  console.log(`  median of the blocks' added p50 ${added} ms   target <= ${TARGETS.webhook_fanout_added_p50_ms.max} ms: ${targets.webhook_fanout_added_p50_ms.met ? "met" : "NOT met"}`)
  console.log(
    `  deliveries: ${deliveryChecks.received}/${deliveryChecks.expected} received (${JSON.stringify(deliveryChecks.by_type)}), ` +
      `${deliveryChecks.bad_signatures} bad signatures, ${deliveryChecks.during_off_checkouts} during checkouts without endpoints; ` +
      `checkouts verified: ${JSON.stringify(checkoutVerification)}` +
      (checkoutFailures ? `; CHECKOUT FAILURES: ${checkoutFailures}` : "")
  )

  if (RECIPIENTS !== 10_000) {
    log(`BENCH_MARKETING_RECIPIENTS=${RECIPIENTS}: not the benchmark's 10,000, ${path.relative(root, RESULTS_FILE)} left alone`)
    return
  }
  mergeResults({
    campaign_10k_s: campaignSeconds,
    webhook_fanout_added_p50_ms: added,
    marketing: {
      date: startedAt.toISOString(),
      campaign_10k_s: campaignSeconds,
      webhook_fanout_added_p50_ms: added,
      targets,
      campaign: {
        recipients: RECIPIENTS,
        segment_count: segmentCount,
        data: `${RECIPIENTS} paid store orders of studio-north (one per address) bulk-loaded by SQL, created on ${SEED_DAY}; segment filtered on that day`,
        timed: "POST /api/campaigns/{id}/send until GET /api/campaigns/{id} shows status sent and stats.sent = recipients (polled every 200 ms)",
        provider: "local (Notification module, RESEND_API_KEY unset)",
        rounds: campaignRounds,
      },
      webhook_fanout: {
        path: "POST /api/gallery/checkout + POST /api/sandbox/payment-intents/{pi}/confirm + POST /api/gallery/checkout/confirm (3 artists, 5 items), c1",
        off: "no webhook endpoint",
        on: `one endpoint per demo organization (3), events ${WEBHOOK_EVENTS.join(" + ")}, receiver on 127.0.0.1 answering 200`,
        design:
          "blocks of pairs: a checkout with no endpoint and a checkout with the 3 endpoints back to back (which goes first " +
          "alternates); after every checkout its background work is awaited (its 3 Medusa order mirrors exist, then " +
          `${SETTLE_PAUSE_MS} ms); endpoints are created before and deleted after their checkout, once the receiver has every ` +
          "delivery of it (2 events x 3 artist orders); added = on p50 - off p50 per block, the figure is the median of the blocks",
        blocks: fanoutBlocks,
        pooled,
        checkouts_verified: checkoutVerification,
        deliveries: deliveryChecks,
      },
      server:
        "medusa start (production build), NODE_ENV=production, LOG_LEVEL=error, ATELIER_ALLOW_LOCAL_WEBHOOKS_IN_PRODUCTION=true (loopback receiver)",
      build_had_type_errors: Boolean(build?.errors),
      database: process.env.DATABASE_URL ? "scratch database next to DATABASE_URL" : "embedded PostgreSQL (scratch)",
      postgres,
      peak_rss_mb: memory?.peak_rss_mb ?? null,
      machine: {
        cpus: os.cpus().length,
        cpu_model: os.cpus()[0]?.model ?? null,
        loadavg_before: loadBefore,
        loadavg_after: loadavg(),
      },
    },
  }, { benchmark: "marketing" })
  log(`wrote ${path.relative(root, RESULTS_FILE)} and bench/results/history.md`)
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`[bench:marketing] ${error.stack ?? error}`)
    process.exit(1)
  }
)
