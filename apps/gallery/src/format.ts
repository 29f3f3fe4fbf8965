const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" })

export const money = (amount: number | null | undefined) => (amount === null || amount === undefined ? "—" : usd.format(amount))

export const date = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "—"

/** "partially_shipped" -> "Partially shipped". */
export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, " ")

export function statusColor(status: string): "green" | "red" | "orange" | "blue" | "purple" | "grey" {
  switch (status) {
    case "paid":
    case "delivered":
      return "green"
    case "shipped":
    case "partially_shipped":
      return "blue"
    case "processing":
      return "purple"
    case "pending":
      return "orange"
    case "cancelled":
    case "failed":
      return "red"
    default:
      return "grey"
  }
}
