import { Button, Container, Input } from "@medusajs/ui"
import { useEffect, useState, type FormEvent } from "react"
import { ORDER_BOOK_STATUSES, type OrderBookStatus } from "../../../../src/lib/order-book"
import { formErrorsOf } from "../../../shared/form-errors"
import { statusLabel } from "../../../shared/format"
import { NativeSelect } from "../../../shared/native-select"
import { useRouter } from "../../../shared/router"
import { useAsync } from "../../../shared/use-async"
import { api } from "../api"
import { Field } from "../components/field"
import { OrdersTable } from "../components/orders-table"
import { PageHeader } from "../components/page-header"
import { Pagination } from "../components/pagination"
import { EmptyState, ErrorState, LoadingState } from "../components/states"

const PER_PAGE = 20

export function OrdersPage() {
  const { query, go } = useRouter()
  const status = (query.get("status") as OrderBookStatus | null) || null
  const search = query.get("search") ?? ""
  const page = Math.max(1, Number(query.get("page") ?? 1) || 1)
  const [draft, setDraft] = useState(search)
  useEffect(() => setDraft(search), [search])
  const orders = useAsync(() => api.orders.list({ status, search: search || undefined, page, per_page: PER_PAGE }), [status, search, page])

  const apply = (next: { status?: string | null; search?: string; page?: number }) => {
    const merged = { status, search, page: 1, ...next }
    const params = new URLSearchParams()
    if (merged.status) params.set("status", merged.status)
    if (merged.search) params.set("search", merged.search)
    if (merged.page > 1) params.set("page", String(merged.page))
    const text = params.toString()
    go(text ? `/orders?${text}` : "/orders")
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    apply({ search: draft.trim() })
  }
  const refused = orders.status === "error" ? formErrorsOf(orders.error, ["status", "search", "page"]) : null
  const filtered = Boolean(status || search)

  return (
    <Container className="divide-y p-0">
      <PageHeader title="Orders" subtitle="Orders from your own store and from the gallery, newest first." />
      <form onSubmit={submit} noValidate aria-label="Order filters" className="flex flex-wrap items-end gap-3 px-6 py-4">
        <div className="w-44">
          <Field id="order-status" label="Status" error={refused?.fields.status}>
            <NativeSelect id="order-status" value={status ?? ""} onChange={(e) => apply({ status: e.target.value || null, search: draft.trim() })}>
              <option value="">All statuses</option>
              {ORDER_BOOK_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {statusLabel(value)}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <div className="w-72">
          <Field id="order-search" label="Search" error={refused?.fields.search}>
            <Input id="order-search" type="search" placeholder="Order number, customer email or name" value={draft} onChange={(e) => setDraft(e.target.value)} />
          </Field>
        </div>
        <Button type="submit" size="base" variant="secondary">
          Search
        </Button>
      </form>
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
            <Button size="small" variant="secondary" onClick={() => apply({ status: null, search: "" })}>
              Clear filters
            </Button>
          )}
        </EmptyState>
      )}
      {orders.status === "success" && orders.data.orders.length > 0 && (
        <>
          <OrdersTable orders={orders.data.orders} />
          <Pagination
            offset={(page - 1) * PER_PAGE}
            limit={PER_PAGE}
            count={orders.data.pagination.total}
            onOffset={(offset) => apply({ page: offset / PER_PAGE + 1 })}
          />
        </>
      )}
    </Container>
  )
}
