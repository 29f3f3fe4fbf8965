import { Button, Container } from "@medusajs/ui"
import { ORDER_BOOK_STATUSES, type OrderBookStatus } from "../../../../src/lib/order-book"
import { formErrorsOf } from "../../../shared/form-errors"
import { useAsync } from "../../../shared/use-async"
import { api } from "../api"
import { OrdersTable } from "../components/orders-table"
import { PageHeader } from "../components/page-header"
import { Pagination } from "../components/pagination"
import { EmptyState, ErrorState, LoadingState } from "../components/states"
import { StatusSearchFilters, useStatusSearchFilters } from "../components/status-search-filters"

const PER_PAGE = 20

export function OrdersPage() {
  const filters = useStatusSearchFilters<OrderBookStatus>({ path: "/orders", position: "page", pageSize: PER_PAGE })
  const { status, search, page, filtered, apply } = filters
  const orders = useAsync(() => api.orders.list({ status, search: search || undefined, page, per_page: PER_PAGE }), [status, search, page])
  const refused = orders.status === "error" ? formErrorsOf(orders.error, ["status", "search", "page"]) : null

  return (
    <Container className="divide-y p-0">
      <PageHeader title="Orders" subtitle="Orders from your own store and from the gallery, newest first." />
      <StatusSearchFilters
        label="Order filters"
        idPrefix="order"
        statuses={ORDER_BOOK_STATUSES}
        filters={filters}
        errors={refused?.fields}
        searchPlaceholder="Order number, customer email or name"
        widths={{ status: "w-44", search: "w-72" }}
      />
      {orders.status === "loading" && (
        <div className="p-6">
          <LoadingState label="Loading orders" />
        </div>
      )}
      {orders.status === "error" && !refused?.fields.status && !refused?.fields.search && (
        <ErrorState title="Orders could not be loaded" error={orders.error} onRetry={orders.reload} inline />
      )}
      {orders.status === "success" && orders.data.orders.length === 0 && (
        <EmptyState title={filtered ? "No orders match these filters" : "No orders yet"}>
          {filtered && (
            <Button size="small" variant="secondary" onClick={filters.clear}>
              Clear filters
            </Button>
          )}
        </EmptyState>
      )}
      {orders.status === "success" && orders.data.orders.length > 0 && (
        <>
          <OrdersTable orders={orders.data.orders} />
          <Pagination
            offset={filters.offset}
            limit={PER_PAGE}
            count={orders.data.pagination.total}
            onOffset={(offset) => apply({ offset })}
          />
        </>
      )}
    </Container>
  )
}
