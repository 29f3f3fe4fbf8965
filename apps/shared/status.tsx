import { StatusBadge } from "@medusajs/ui"
import { statusColor, statusLabel } from "./format"

/**
 * The badge of a status of any of Atelier's objects (orders, payouts, products, campaigns, channels, webhooks), in
 * its label and colour (src/lib/display-format.ts), on every screen: the two apps and the admin extension.
 * `data-status` carries the raw status for tests. No Tailwind classes of its own: the admin's Tailwind scans only
 * src/admin (and Medusa UI), not apps/shared.
 */
export function Status({ status }: { status: string }) {
  return (
    <StatusBadge color={statusColor(status)} data-status={status}>
      {statusLabel(status)}
    </StatusBadge>
  )
}
