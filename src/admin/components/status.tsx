import { StatusBadge } from "@medusajs/ui"
import { statusColor } from "../../lib/display-format"
import { humanize } from "../lib/format"

/** An order, artist order or payout status, colored as on every Atelier screen (src/lib/display-format.ts). */
export function Status({ status }: { status: string }) {
  return <StatusBadge color={statusColor(status)}>{humanize(status)}</StatusBadge>
}
