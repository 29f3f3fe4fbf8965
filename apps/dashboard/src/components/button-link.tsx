import { Button } from "@medusajs/ui"
import type { ReactNode } from "react"
import { Link } from "../../../shared/router"

/** A link to a dashboard page that looks like a Medusa button (one element: an anchor, not a button in an anchor). */
export function ButtonLink({
  to,
  children,
  variant = "primary",
  size = "small",
}: {
  to: string
  children: ReactNode
  variant?: "primary" | "secondary" | "transparent"
  size?: "small" | "base"
}) {
  return (
    <Button asChild variant={variant} size={size}>
      <Link to={to}>{children}</Link>
    </Button>
  )
}
