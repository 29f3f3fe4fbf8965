// How the browser apps (gallery, dashboard) and the admin extension show amounts, times and statuses: written once,
// here, because all three import src/ (the apps through the SDK, the admin as part of the tree). Pure: Intl only.

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" })

/** What an absent value shows as. */
export const ABSENT = "—"

/** An amount in USD (the API's numbers, 19.99). */
export function money(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? ABSENT : usd.format(amount)
}

/** An ISO timestamp as a medium date and a short time, in the viewer's time zone. */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return ABSENT
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? ABSENT : date.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })
}

/** "partially_shipped" -> "Partially shipped". */
export function statusLabel(status: string): string {
  const text = status.replace(/_/g, " ")
  return text.charAt(0).toUpperCase() + text.slice(1)
}

export type StatusColor = "green" | "red" | "orange" | "blue" | "purple" | "grey"

/** The badge colour of a status of any of Atelier's objects (orders, payouts, products, campaigns, channels, webhooks). */
export function statusColor(status: string): StatusColor {
  switch (status) {
    case "paid":
    case "delivered":
    case "active":
    case "sent":
    case "connected":
    case "enabled":
    case "succeeded":
    case "transferred":
    case "received":
      return "green"
    case "shipped":
    case "partially_shipped":
    case "scheduled":
    case "sending":
    case "accepted":
      return "blue"
    case "processing":
      return "purple"
    case "pending":
    case "draft":
    case "requested":
      return "orange"
    case "cancelled":
    case "failed":
    case "expired":
    case "disabled":
    case "refused":
      return "red"
    default:
      return "grey"
  }
}
