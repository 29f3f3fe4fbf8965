import { Heading, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-x-4 px-6 py-4">
      <div>
        <Heading level="h1">{title}</Heading>
        {description && (
          <Text size="small" className="text-ui-fg-subtle">
            {description}
          </Text>
        )}
      </div>
      {actions && <div className="flex items-center gap-x-2">{actions}</div>}
    </div>
  )
}

/** The root of a Gallery page (inside the admin's own <main>): its sections, stacked as Medusa's pages stack theirs. */
export function GalleryPage({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-y-3">{children}</div>
}
