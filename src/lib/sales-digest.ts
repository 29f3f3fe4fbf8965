// The sales digest Atelier emails an organization's owners (settings `email_digest`: daily, weekly or none;
// docs/campaigns-and-email.md). Periods are whole UTC days and ISO weeks (Monday to Monday). Pure: no I/O.

import type { EmailDigestFrequency } from "./organization-settings"

const DAY_MS = 24 * 60 * 60 * 1000

export type DigestPeriod = { frequency: "daily" | "weekly"; start: Date; end: Date }

function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
}

/**
 * The last whole period before `now`: yesterday (UTC) for `daily`, last week (Monday 00:00 to Monday 00:00 UTC) for
 * `weekly`; null for `none`. A job that runs late still finds the same period until the next one ends.
 */
export function lastDigestPeriod(frequency: EmailDigestFrequency, now: Date): DigestPeriod | null {
  if (frequency === "none") return null
  const today = startOfUtcDay(now)
  if (frequency === "daily") return { frequency, start: new Date(today.getTime() - DAY_MS), end: today }
  const daysSinceMonday = (today.getUTCDay() + 6) % 7
  const thisMonday = new Date(today.getTime() - daysSinceMonday * DAY_MS)
  return { frequency, start: new Date(thisMonday.getTime() - 7 * DAY_MS), end: thisMonday }
}

/** One digest per organization, owner and period: the Notification module's idempotency key. */
export function digestKey(organizationId: string, memberId: string, period: DigestPeriod): string {
  return `sales-digest:${organizationId}:${memberId}:${period.frequency}:${period.start.toISOString().slice(0, 10)}`
}

/** "Your sales on 2026-11-22" / "Your sales, week of 2026-11-16". */
export function digestSubject(storeName: string, period: DigestPeriod): string {
  const day = period.start.toISOString().slice(0, 10)
  return period.frequency === "daily" ? `${storeName}: your sales on ${day}` : `${storeName}: your sales, week of ${day}`
}

export type DigestFigures = {
  orders: number
  /** USD. */
  revenue: number
  galleryOrders: number
  storeOrders: number
  toShip: number
  topProducts: { title: string; quantity: number; revenue: number }[]
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string)

const usd = (amount: number) => `$${amount.toFixed(2)}`

/** The digest's subject, HTML and text: orders, revenue, where they came from, what waits to ship, best sellers. */
export function digestEmail(storeName: string, period: DigestPeriod, figures: DigestFigures) {
  const label = period.frequency === "daily" ? "yesterday" : "last week"
  const summary = figures.orders
    ? `${figures.orders} order${figures.orders === 1 ? "" : "s"} ${label} for ${usd(figures.revenue)} ` +
      `(${figures.storeOrders} from your store, ${figures.galleryOrders} from the gallery); ${figures.toShip} waiting to ship.`
    : `No orders ${label}.`
  const top = figures.topProducts.map((p) => `${p.title}: ${p.quantity} sold, ${usd(p.revenue)}`)
  const footer = "You get this digest because of your notification settings (email_digest); change it in Settings."
  return {
    subject: digestSubject(storeName, period),
    html:
      `<p>${escapeHtml(summary)}</p>` +
      (top.length ? `<p>Best sellers:</p><ul>${top.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>` : "") +
      `<p style="font-size:12px;color:#666">${escapeHtml(footer)}</p>`,
    text: [summary, top.length ? `Best sellers:\n${top.map((line) => `- ${line}`).join("\n")}` : "", footer].filter(Boolean).join("\n\n"),
  }
}
