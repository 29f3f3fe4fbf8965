import { StatusBadge } from "@medusajs/ui"
import { humanize } from "../lib/format"

type Color = "green" | "red" | "blue" | "orange" | "grey" | "purple"

const COLORS: Record<string, Color> = {
  pending: "orange",
  paid: "blue",
  processing: "purple",
  partially_shipped: "purple",
  shipped: "green",
  delivered: "green",
  cancelled: "red",
  transferred: "green",
  reversed: "grey",
  failed: "red",
}

/** An order, artist order or payout status, colored alike everywhere. */
export function Status({ status }: { status: string }) {
  return <StatusBadge color={COLORS[status] ?? "grey"}>{humanize(status)}</StatusBadge>
}
