import { Container } from "@medusajs/ui"
import { Link } from "../../../shared/router"
import { EmptyState, ErrorState, LoadingState as SharedLoadingState } from "../../../shared/states"

// The states of apps/shared/states.tsx, in the dashboard's look: empty states sit inside the page's cards.
export { EmptyState, ErrorState } from "../../../shared/states"

/** Loading placeholder: `rows` bars as high as a table row. */
export function LoadingState({ label, rows = 4 }: { label: string; rows?: number }) {
  return <SharedLoadingState label={label} rows={rows} barClassName="h-12" />
}

/**
 * A record's page (an order, a product) whose load failed: when the API answered 404, `notFound.title` in a card with
 * the way back to the list; otherwise the error and "Try again".
 */
export function RecordErrorState({
  title,
  error,
  onRetry,
  notFound,
}: {
  title: string
  error: Error
  onRetry: () => void
  notFound: { title: string; backTo: string; back: string }
}) {
  if ((error as { status?: number }).status !== 404) return <ErrorState title={title} error={error} onRetry={onRetry} />
  return (
    <Container>
      <EmptyState title={notFound.title}>
        <Link to={notFound.backTo} className="txt-compact-small-plus text-ui-fg-interactive">
          {notFound.back}
        </Link>
      </EmptyState>
    </Container>
  )
}
