import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button, Container, Input, Select, Table, Text } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { useNavigate } from "react-router-dom"
import { dateTime, money, statusLabel } from "../../../../../apps/shared/format"
import { Status } from "../../../../../apps/shared/status"
import { GALLERY_ORDER_STATUSES } from "../../../../lib/gallery-order-status"
import { GalleryPage, PageHeader } from "../../../components/page-header"
import { EmptyState, ErrorState, LoadingState } from "../../../components/states"
import { useGalleryOrders } from "../../../lib/queries"

const PAGE_SIZE = 20

/** /app/gallery/orders: gallery checkouts (parent orders), newest first; filter by status, search id or email. */
const GalleryOrdersPage = () => {
  const navigate = useNavigate()
  const [status, setStatus] = useState("all")
  const [search, setSearch] = useState("")
  const [q, setQ] = useState("")
  const [page, setPage] = useState(0)
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim())
      setPage(0)
    }, 300)
    return () => clearTimeout(timer)
  }, [search])
  const orders = useGalleryOrders({
    status: status === "all" ? undefined : status,
    q,
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
  })
  const count = orders.data?.count ?? 0
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE))

  return (
    <GalleryPage>
      <Container className="divide-y p-0">
        <PageHeader title="Gallery orders" description="Checkouts of the gallery, each split into one order per artist." />
        <div className="flex flex-wrap items-center gap-2 px-6 py-3">
          <Input
            type="search"
            size="small"
            placeholder="Search GAL-… or email"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="max-w-xs"
            aria-label="Search gallery orders"
          />
          <Select
            size="small"
            value={status}
            onValueChange={(v) => {
              setStatus(v)
              setPage(0)
            }}
          >
            <Select.Trigger className="w-48" aria-label="Status filter">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              <Select.Item value="all">All statuses</Select.Item>
              {GALLERY_ORDER_STATUSES.map((s) => (
                <Select.Item key={s} value={s}>
                  {statusLabel(s)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
        </div>
        {orders.isPending ? (
          <LoadingState />
        ) : orders.isError ? (
          <ErrorState error={orders.error} onRetry={() => orders.refetch()} />
        ) : orders.data.orders.length === 0 ? (
          <EmptyState
            title={q || status !== "all" ? "No order matches" : "No gallery orders yet"}
            description={q || status !== "all" ? "Try another search or status." : "Orders appear here once shoppers check out in the gallery."}
          />
        ) : (
          <>
            <Table>
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>Order</Table.HeaderCell>
                  <Table.HeaderCell>Customer</Table.HeaderCell>
                  <Table.HeaderCell>Artists</Table.HeaderCell>
                  <Table.HeaderCell>Status</Table.HeaderCell>
                  <Table.HeaderCell className="text-right">Total</Table.HeaderCell>
                  <Table.HeaderCell>Placed</Table.HeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {orders.data.orders.map((o) => (
                  <Table.Row key={o.id} className="cursor-pointer" onClick={() => navigate(`/gallery/orders/${o.id}`)} data-testid="gallery-order-row">
                    <Table.Cell>
                      <Text size="small" weight="plus">
                        {o.publicId}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>{o.email}</Table.Cell>
                    <Table.Cell>{o.artists.join(", ")}</Table.Cell>
                    <Table.Cell>
                      <Status status={o.status} />
                    </Table.Cell>
                    <Table.Cell className="text-right">{money(o.total)}</Table.Cell>
                    <Table.Cell>{dateTime(o.createdAt)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
            <div className="flex items-center justify-between px-6 py-3">
              <Text size="small" className="text-ui-fg-subtle">
                {count} order{count === 1 ? "" : "s"} · page {page + 1} of {pages}
              </Text>
              <div className="flex gap-x-2">
                <Button size="small" variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
                  Previous
                </Button>
                <Button size="small" variant="secondary" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
                  Next
                </Button>
              </div>
            </div>
          </>
        )}
      </Container>
    </GalleryPage>
  )
}

export const config = defineRouteConfig({ label: "Gallery orders", rank: 4 })

export default GalleryOrdersPage
