import { Heading, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A page's title row, as Medusa's admin pages have it: heading and subtitle on the left, actions on the right. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4 px-6 py-4">
      <div className="flex flex-col gap-1">
        <Heading level="h1">{title}</Heading>
        {subtitle && (
          <Text size="small" className="text-ui-fg-subtle">
            {subtitle}
          </Text>
        )}
      </div>
      {actions && <div className="flex items-center gap-2">{actions}</div>}
    </div>
  )
}
