import { Button, Container, Heading, Skeleton, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** Loading placeholder: `rows` grey bars where the content will be (labelled for screen readers and tests). */
export function LoadingState({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} data-state="loading" className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="bg-ui-border-base h-16 w-full rounded-lg" />
      ))}
    </div>
  )
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

export function ErrorState({ title, error, onRetry }: { title: string; error: Error; onRetry?: () => void }) {
  return (
    <Container role="alert" data-state="error" className="flex flex-col items-start gap-3 p-6">
      <Heading level="h2">{title}</Heading>
      <Text className="text-ui-fg-error">{error.message}</Text>
      {onRetry && (
        <Button variant="secondary" size="small" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Container>
  )
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Container data-state="empty" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <Heading level="h2">{title}</Heading>
      {children}
    </Container>
  )
}
