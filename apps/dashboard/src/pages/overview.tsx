import { Container, Heading, Text } from "@medusajs/ui"
import { useEffect } from "react"
import { studioApprovalNotice } from "../../../../src/lib/gallery-presence"
import { money } from "../../../shared/format"
import { Link } from "../../../shared/router"
import { useAsync } from "../../../shared/use-async"
import { api } from "../api"
import { ButtonLink } from "../components/button-link"
import { Kpi } from "../components/kpi"
import { OrdersTable } from "../components/orders-table"
import { PageHeader } from "../components/page-header"
import { EmptyState, ErrorState, LoadingState } from "../components/states"
import { useOrganization } from "../session"

/** User Timing mark of the first figures on screen: the browser tests read it as the first load's duration. */
export const FIRST_DATA_MARK = "dashboard:first-data-shown"

function PayoutCallout() {
  const organization = useOrganization()
  const status = useAsync(() => api.payouts.status(), [])
  if (status.status !== "success" || status.data.payouts_enabled) return null
  const { connected, pending_payouts } = status.data
  return (
    <Container className="flex flex-wrap items-center justify-between gap-4 px-6 py-4" data-testid="payout-callout">
      <div className="flex flex-col gap-1">
        <Text weight="plus">{connected ? "Finish your payout setup" : "Set up payouts to get paid"}</Text>
        <Text size="small" className="text-ui-fg-subtle">
          {pending_payouts.count > 0
            ? `${money(pending_payouts.amount)} from ${pending_payouts.count} gallery ${pending_payouts.count === 1 ? "order waits" : "orders wait"} for your payout account.`
            : "Gallery sales are paid to your connected Stripe account."}
        </Text>
      </div>
      {organization.isOwner && (
        <ButtonLink to="/settings/payouts">{connected ? "Continue setup" : "Set up payouts"}</ButtonLink>
      )}
    </Container>
  )
}

/** A studio the gallery has not approved yet: why its works are not in the gallery. */
function ApprovalCallout() {
  const notice = studioApprovalNotice(useOrganization())
  if (!notice) return null
  return (
    <Container className="flex flex-col gap-1 px-6 py-4" data-testid="approval-callout" role="status">
      <Text weight="plus">{notice.title}</Text>
      <Text size="small" className="text-ui-fg-subtle">
        {notice.message}
      </Text>
    </Container>
  )
}

export function OverviewPage() {
  const organization = useOrganization()
  const figures = useAsync(() => api.analytics.orders({ days: 30 }), [])
  const recent = useAsync(() => api.orders.list({ per_page: 5 }), [])
  const shown = figures.status === "success" && recent.status === "success"
  useEffect(() => {
    if (shown && !performance.getEntriesByName(FIRST_DATA_MARK).length) performance.mark(FIRST_DATA_MARK)
  }, [shown])

  return (
    <>
      <Container className="p-0">
        <PageHeader title={organization.name} subtitle="Your store and gallery sales of the last 30 days." />
      </Container>
      <ApprovalCallout />
      <PayoutCallout />
      {figures.status === "loading" && <LoadingState label="Loading your figures" rows={1} />}
      {figures.status === "error" && <ErrorState title="Your figures could not be loaded" error={figures.error} onRetry={figures.reload} />}
      {figures.status === "success" && (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-4">
          <Kpi label="Revenue" value={money(figures.data.revenue.total)} testId="kpi-revenue" />
          <Kpi label="Orders" value={String(figures.data.orders.total)} testId="kpi-orders" />
          <Kpi label="To ship" value={String(figures.data.orders.pending)} testId="kpi-pending" />
          <Kpi label="Completed" value={String(figures.data.orders.completed)} testId="kpi-completed" />
        </div>
      )}
      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <Heading level="h2">Recent orders</Heading>
          <Link to="/orders" className="txt-compact-small-plus text-ui-fg-interactive">
            All orders
          </Link>
        </div>
        {recent.status === "loading" && (
          <div className="p-6">
            <LoadingState label="Loading recent orders" rows={3} />
          </div>
        )}
        {recent.status === "error" && <ErrorState title="Orders could not be loaded" error={recent.error} onRetry={recent.reload} inline />}
        {recent.status === "success" && recent.data.orders.length === 0 && (
          <EmptyState title="No orders yet">
            <Text size="small" className="text-ui-fg-subtle">
              Orders from your store and the gallery appear here. Publish a work to start selling.
            </Text>
            <ButtonLink to="/products/new" variant="secondary">
              Add a work
            </ButtonLink>
          </EmptyState>
        )}
        {recent.status === "success" && recent.data.orders.length > 0 && <OrdersTable orders={recent.data.orders} />}
      </Container>
    </>
  )
}
