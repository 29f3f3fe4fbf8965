const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" })

export const money = (amount: number | null | undefined) => (amount === null || amount === undefined ? "—" : usd.format(amount))

export const dateTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "—"

export const dateOnly = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" }) : "—")

/** "partially_shipped" -> "Partially shipped". */
export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, " ")

export function statusColor(status: string): "green" | "red" | "orange" | "blue" | "purple" | "grey" {
  switch (status) {
    case "paid":
    case "delivered":
    case "active":
    case "sent":
    case "connected":
    case "enabled":
    case "succeeded":
      return "green"
    case "shipped":
    case "partially_shipped":
    case "scheduled":
    case "sending":
      return "blue"
    case "processing":
      return "purple"
    case "pending":
    case "draft":
      return "orange"
    case "cancelled":
    case "failed":
    case "expired":
    case "disabled":
      return "red"
    default:
      return "grey"
  }
}

/**
 * A number typed in a form (a price, a stock): a number when it reads as one, blank as absent, else the text itself,
 * which the API refuses with its own message about the field.
 */
export function numberInput(value: string): number | string | undefined {
  const trimmed = value.trim()
  if (trimmed === "") return undefined
  const n = Number(trimmed)
  return Number.isFinite(n) ? n : trimmed
}
