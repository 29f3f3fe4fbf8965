import { Button, Container, Heading, Skeleton, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** Loading placeholder: `rows` grey bars where the content will be (labelled for screen readers and the tests). */
export function LoadingState({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} data-state="loading" className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="bg-ui-border-base h-12 w-full rounded-lg" />
      ))}
    </div>
  )
}

/** The API's message and a way to try again; `inline` inside a card (no card of its own). */
export function ErrorState({ title, error, onRetry, inline = false }: { title: string; error: Error; onRetry?: () => void; inline?: boolean }) {
  const Frame = inline ? "div" : Container
  return (
    <Frame role="alert" data-state="error" className="flex flex-col items-start gap-3 p-6">
      <Heading level="h2">{title}</Heading>
      <Text className="text-ui-fg-error">{error.message}</Text>
      {onRetry && (
        <Button variant="secondary" size="small" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Frame>
  )
}

/** Nothing to show yet, and what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div data-state="empty" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <Heading level="h2">{title}</Heading>
      {children}
    </div>
  )
}
