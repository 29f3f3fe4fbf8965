import { Button, Container, Heading, Skeleton, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/**
 * The loading, error and empty states of both apps' pages. `data-state` (`loading`, `error`, `empty`) is what the
 * browser journeys look for before a screenshot (integration-tests/e2e/lib/browser.mjs). Each app sets its own look
 * in its components/states.tsx (the bars' height and number, whether an empty state is a card of its own).
 */

/** Loading placeholder: `rows` grey bars (`barClassName`: their height) where the content will be, labelled for screen readers and the tests. */
export function LoadingState({ label, rows = 3, barClassName = "h-12" }: { label: string; rows?: number; barClassName?: string }) {
  return (
    <div role="status" aria-label={label} data-state="loading" className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={`bg-ui-border-base w-full rounded-lg ${barClassName}`} />
      ))}
    </div>
  )
}

/** The API's message and a way to try again; a card of its own, or `inline` inside one. */
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

/** Nothing to show yet, and what to do about it; `card`: a card of its own (else it sits in the page's). */
export function EmptyState({ title, children, card = false }: { title: string; children?: ReactNode; card?: boolean }) {
  const Frame = card ? Container : "div"
  return (
    <Frame data-state="empty" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <Heading level="h2">{title}</Heading>
      {children}
    </Frame>
  )
}
