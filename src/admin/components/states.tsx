import { ExclamationCircle, MagnifyingGlass } from "@medusajs/icons"
import { Button, Container, Skeleton, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import { GalleryPage } from "./page-header"

/** Placeholder rows while a page's data loads. */
export function LoadingState({ rows = 4, label = "Loading…" }: { rows?: number; label?: string }) {
  return (
    <div className="flex flex-col gap-y-3 px-6 py-4" aria-busy="true" aria-label={label} data-state="loading">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-7 w-full" />
      ))}
    </div>
  )
}

/** A failed load: the API's message and a retry. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : "Something went wrong"
  return (
    <div className="flex flex-col items-center gap-y-3 px-6 py-10 text-center" role="alert" data-state="error">
      <ExclamationCircle className="text-ui-fg-error" />
      <Text size="small" weight="plus">
        Could not load this page
      </Text>
      <Text size="small" className="text-ui-fg-subtle">
        {message}
      </Text>
      {onRetry && (
        <Button size="small" variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  )
}

/**
 * A one-record page before its record is there: placeholder rows while it loads, the failure with a retry when it
 * could not; null once the record has loaded (the page then renders it).
 */
export function RecordPageState({ query, rows }: { query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }; rows: number }) {
  if (!query.isPending && !query.isError) return null
  return (
    <GalleryPage>
      <Container className="p-0">
        {query.isPending ? <LoadingState rows={rows} /> : <ErrorState error={query.error} onRetry={() => query.refetch()} />}
      </Container>
    </GalleryPage>
  )
}

/** Nothing to show yet, and what to do about it. */
export function EmptyState({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-y-2 px-6 py-10 text-center" data-state="empty">
      <MagnifyingGlass className="text-ui-fg-muted" />
      <Text size="small" weight="plus">
        {title}
      </Text>
      {description && (
        <Text size="small" className="text-ui-fg-subtle">
          {description}
        </Text>
      )}
      {action}
    </div>
  )
}

/** A form-level error (one the API did not tie to a field). */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null
  return (
    <div className="rounded-md border border-ui-border-error bg-ui-bg-subtle px-3 py-2" role="alert">
      <Text size="small" className="text-ui-fg-error">
        {message}
      </Text>
    </div>
  )
}
