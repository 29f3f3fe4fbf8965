import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { errorMessage } from "../../lib/error-message"
import { operationsSettings } from "../../lib/operations"
import { metrics } from "../../metrics"
import { readOperationsFigures, type OperationsFigures } from "../../queries/operations"
import { OUTBOX_HANDLERS } from "../outbox/registry"

/** Scrapes that arrive while the figures are being read share that read. */
let inFlight: Promise<OperationsFigures> | null = null

function readFigures(container: MedusaContainer, timeoutMs: number): Promise<OperationsFigures> {
  inFlight ??= readOperationsFigures(container, timeoutMs).finally(() => {
    inFlight = null
  })
  return inFlight
}

/** Sets the gauges read from the database; every known outbox kind is reported, 0 when it has nothing waiting. */
function setDatabaseGauges(figures: OperationsFigures): void {
  const m = metrics()
  m.outboxUndelivered.reset()
  m.outboxFailing.reset()
  m.outboxOldestAge.reset()
  const kinds = new Set(Object.keys(OUTBOX_HANDLERS))
  for (const row of figures.outbox) kinds.add(row.kind)
  const byKind = new Map(figures.outbox.map((row) => [row.kind, row]))
  for (const kind of kinds) {
    const row = byKind.get(kind)
    m.outboxUndelivered.labels(kind).set(row?.undelivered ?? 0)
    m.outboxFailing.labels(kind).set(row?.failing ?? 0)
    m.outboxOldestAge.labels(kind).set(Math.max(0, row?.oldest_age_seconds ?? 0))
  }
  m.settlementLag.set(Math.max(0, figures.settlement_lag_seconds ?? 0))
  m.payoutsPending.set(figures.payouts_pending)
  m.payoutsFailing.set(figures.payouts_failing)
  m.webhookDeliveriesPending.set(figures.webhook_deliveries_pending)
  m.webhookDeliveriesFailing.set(figures.webhook_deliveries_failing)
  m.webhookOldestFailingAge.set(Math.max(0, figures.webhook_oldest_failing_age_seconds ?? 0))
  m.campaignRecipientsWaiting.set(figures.campaign_recipients_waiting)
}

/** A failed read leaves the database figures absent rather than stale. */
function clearDatabaseGauges(): void {
  const m = metrics()
  for (const gauge of [
    m.outboxUndelivered,
    m.outboxFailing,
    m.outboxOldestAge,
    m.settlementLag,
    m.payoutsPending,
    m.payoutsFailing,
    m.webhookDeliveriesPending,
    m.webhookDeliveriesFailing,
    m.webhookOldestFailingAge,
    m.campaignRecipientsWaiting,
  ]) {
    gauge.reset()
  }
}

/**
 * This process's metrics in Prometheus's text format: its own counters and histograms, and the database figures read
 * now in one statement (bounded by READY_CHECK_TIMEOUT_MS; on failure they are left out and
 * `atelier_metrics_database_up` is 0, and the rest is still served).
 */
export async function renderMetrics(container: MedusaContainer): Promise<{ contentType: string; body: string }> {
  const m = metrics()
  const settings = operationsSettings(process.env)
  m.processInfo.reset()
  m.processInfo.labels(process.env.WORKER_MODE || "shared").set(1)
  try {
    setDatabaseGauges(await readFigures(container, settings.readyCheckTimeoutMs))
    m.databaseFiguresUp.set(1)
  } catch (error) {
    clearDatabaseGauges()
    m.databaseFiguresUp.set(0)
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`metrics: the database figures could not be read: ${errorMessage(error)}`)
  }
  return { contentType: m.registry.contentType, body: await m.registry.metrics() }
}
