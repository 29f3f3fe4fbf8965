import { Button, Container, Heading, Skeleton, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** Loading placeholder: `rows` grey bars where the content will be (labelled for screen readers and tests). */
export function LoadingState({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} data-state="loading" className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full rounded-lg" />
      ))}
    </div>
  )
}

/** The grid's placeholder: cards of the same size as the products'. */
export function LoadingGrid({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} data-state="loading" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-72 w-full rounded-lg" />
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
