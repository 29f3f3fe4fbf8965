import { Skeleton } from "@medusajs/ui"
import type { ReactNode } from "react"
import { EmptyState as SharedEmptyState, LoadingState as SharedLoadingState } from "../../../shared/states"

// The states of apps/shared/states.tsx in the gallery's look (taller bars, empty states as cards), and the grid's own.
export { ErrorState } from "../../../shared/states"

/** Loading placeholder: `rows` tall bars. */
export function LoadingState({ label, rows = 3 }: { label: string; rows?: number }) {
  return <SharedLoadingState label={label} rows={rows} barClassName="h-16" />
}

/** The grid's placeholder: cards shaped like the products'. */
export function LoadingGrid({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} data-state="loading" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="bg-ui-bg-base shadow-elevation-card-rest overflow-hidden rounded-lg">
          <Skeleton className="bg-ui-border-base aspect-[4/3] w-full rounded-none" />
          <div className="flex flex-col gap-2 p-4">
            <Skeleton className="bg-ui-border-base h-4 w-2/3" />
            <Skeleton className="bg-ui-border-base h-3 w-1/3" />
            <Skeleton className="bg-ui-border-base mt-3 h-7 w-24 self-end" />
          </div>
        </div>
      ))}
    </div>
  )
}

/** Nothing to show yet, and what to do about it: a card of its own. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <SharedEmptyState title={title} card>
      {children}
    </SharedEmptyState>
  )
}
