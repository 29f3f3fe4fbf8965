import { StatusBadge } from "@medusajs/ui"
import { statusColor, statusLabel } from "../format"

export function Status({ status }: { status: string }) {
  return (
    <StatusBadge color={statusColor(status)} data-status={status}>
      {statusLabel(status)}
    </StatusBadge>
  )
}
