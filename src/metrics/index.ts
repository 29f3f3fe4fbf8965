import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client"
import { METRICS_ROUTE_FAMILIES, metricsRouteFamily, STATUS_CLASSES, statusClass } from "../lib/operations"

/**
 * The process's Prometheus instruments (docs/operations.md): one registry per process, which `/metrics` renders.
 * Every layer above src/lib may record into them; recording is in memory and costs a label lookup and an addition
 * (no I/O, no SQL). The figures read from the database at scrape time are set by src/processes/operations.
 *
 * Kept on `globalThis` under a registry symbol, so that every copy of this module in one process (Medusa's loaders
 * and a test runner may each load their own) records into the same registry.
 */

const OUTBOX_KIND = ["kind"] as const

function createInstruments() {
  const registry = new Registry()
  // The standard process and Node.js figures (CPU, memory, event loop lag, GC, handles), under their usual names.
  collectDefaultMetrics({ register: registry })

  const registers = [registry]
  const instruments = {
    registry,
    processInfo: new Gauge({
      name: "atelier_process_info",
      help: "Always 1; its mode label tells API servers (server), workers (worker) and single processes (shared) apart",
      labelNames: ["mode"] as const,
      registers,
    }),
    httpRequestDuration: new Histogram({
      name: "atelier_http_request_duration_seconds",
      help: "Time from a request's arrival at the app to its response's end, by route family and status class",
      labelNames: ["family", "status_class"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: "atelier_rate_limit_refusals_total",
      help: "Requests refused with 429 by a rate limit, by limiter (app-anonymous, app-actor, webhook, v1, auth-*)",
      labelNames: ["limiter"] as const,
      registers,
    }),
    galleryCheckoutsPaid: new Counter({
      name: "atelier_gallery_checkouts_paid_total",
      help: "Gallery orders whose payment this process settled (each order counted once, by the process that marked it paid)",
      registers,
    }),
    galleryCheckoutsPaidAmount: new Counter({
      name: "atelier_gallery_checkouts_paid_usd_total",
      help: "Total charged (USD) of the gallery orders this process marked paid",
      registers,
    }),
    outboxUndelivered: new Gauge({
      name: "atelier_outbox_undelivered_messages",
      help: "Outbox messages not delivered yet, by kind (handler); read from the database at scrape time",
      labelNames: OUTBOX_KIND,
      registers,
    }),
    outboxFailing: new Gauge({
      name: "atelier_outbox_failing_messages",
      help: "Undelivered outbox messages whose last attempt failed (waiting for a retry), by kind",
      labelNames: OUTBOX_KIND,
      registers,
    }),
    outboxOldestAge: new Gauge({
      name: "atelier_outbox_oldest_undelivered_age_seconds",
      help: "Age of the oldest undelivered outbox message, by kind (0 when none)",
      labelNames: OUTBOX_KIND,
      registers,
    }),
    settlementLag: new Gauge({
      name: "atelier_settlement_lag_seconds",
      help: "Seconds since the oldest paid gallery order with a payout due for transfer (organization able to receive it, not held) was paid; 0 when none",
      registers,
    }),
    payoutsPending: new Gauge({
      name: "atelier_payouts_pending",
      help: "Payouts of paid gallery orders waiting for their transfer (any reason: no connected account yet, held by a dispute, retrying)",
      registers,
    }),
    payoutsFailing: new Gauge({
      name: "atelier_payouts_failing",
      help: "Pending payouts whose transfer was attempted and failed (backing off until the next attempt)",
      registers,
    }),
    webhookDeliveriesPending: new Gauge({
      name: "atelier_webhook_deliveries_pending",
      help: "Outbound webhook deliveries waiting for an attempt (first or retry)",
      registers,
    }),
    webhookDeliveriesFailing: new Gauge({
      name: "atelier_webhook_deliveries_failing",
      help: "Pending outbound webhook deliveries whose attempts so far all failed (waiting for a retry)",
      registers,
    }),
    webhookOldestFailingAge: new Gauge({
      name: "atelier_webhook_oldest_failing_delivery_age_seconds",
      help: "Age of the oldest failing (pending, attempted) outbound webhook delivery; 0 when none",
      registers,
    }),
    campaignRecipientsWaiting: new Gauge({
      name: "atelier_campaign_recipients_waiting",
      help: "Recipients of sending campaigns not emailed yet",
      registers,
    }),
    databaseFiguresUp: new Gauge({
      name: "atelier_metrics_database_up",
      help: "1 when this scrape read the database figures, 0 when that read failed or timed out (they are then absent)",
      registers,
    }),
  }

  // Every (family, 2xx..5xx) series exists from the start, so that rate() sees a request from its first one.
  const classes = STATUS_CLASSES.filter((status) => status !== "other" && status !== "1xx")
  for (const family of METRICS_ROUTE_FAMILIES) {
    for (const status of classes) instruments.httpRequestDuration.zero({ family, status_class: status })
  }
  return instruments
}

export type MetricsInstruments = ReturnType<typeof createInstruments>

const KEY = Symbol.for("atelier.metrics")

/** This process's instruments, made on first use. */
export function metrics(): MetricsInstruments {
  const holder = globalThis as Record<symbol, unknown>
  return (holder[KEY] ??= createInstruments()) as MetricsInstruments
}

/** Counts one finished request (the request middleware's one call per request). */
export function observeHttpRequest(path: string, status: number, seconds: number): void {
  metrics().httpRequestDuration.labels(metricsRouteFamily(path), statusClass(status)).observe(seconds)
}

/** Counts one request a rate limit refused. `limiter` is one of the limiters' fixed names, never a key. */
export function countRateLimitRefusal(limiter: string): void {
  metrics().rateLimitRefusals.labels(limiter).inc()
}

/** Counts one gallery order this process marked paid, and its total. */
export function countGalleryCheckoutPaid(totalCents: number): void {
  const instruments = metrics()
  instruments.galleryCheckoutsPaid.inc()
  if (Number.isFinite(totalCents) && totalCents > 0) instruments.galleryCheckoutsPaidAmount.inc(totalCents / 100)
}
