import { Badge, Button, Container, Input, Text } from "@medusajs/ui"
import { useEffect, useState, type FormEvent } from "react"
import { DASHBOARD_PRODUCT_STATUSES, type DashboardProductStatus } from "../../../../src/lib/dashboard-products"
import { formErrorsOf } from "../../../shared/form-errors"
import { money, statusLabel } from "../../../shared/format"
import { NativeSelect } from "../../../shared/native-select"
import { Link, useRouter } from "../../../shared/router"
import { Status } from "../../../shared/status"
import { useAsync } from "../../../shared/use-async"
import { api } from "../api"
import { ButtonLink } from "../components/button-link"
import { Field } from "../components/field"
import { PageHeader } from "../components/page-header"
import { Pagination } from "../components/pagination"
import { EmptyState, ErrorState, LoadingState } from "../components/states"
import { Table } from "../components/table"
import { Thumbnail } from "../components/thumbnail"

const PAGE_SIZE = 20

export function ProductsPage() {
  const { query, go } = useRouter()
  const status = (query.get("status") as DashboardProductStatus | null) || null
  const search = query.get("search") ?? ""
  const offset = Number(query.get("offset") ?? 0) || 0
  const [draft, setDraft] = useState(search)
  useEffect(() => setDraft(search), [search])
  const products = useAsync(() => api.products.list({ status, search: search || undefined, limit: PAGE_SIZE, offset }), [status, search, offset])

  const apply = (next: { status?: string | null; search?: string; offset?: number }) => {
    const params = new URLSearchParams()
    const merged = { status, search, offset: 0, ...next }
    if (merged.status) params.set("status", merged.status)
    if (merged.search) params.set("search", merged.search)
    if (merged.offset) params.set("offset", String(merged.offset))
    const text = params.toString()
    go(text ? `/products?${text}` : "/products")
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    apply({ search: draft.trim() })
  }
  const refused = products.status === "error" ? formErrorsOf(products.error, ["status", "search"]) : null
  const filtered = Boolean(status || search)

  return (
    <Container className="divide-y p-0">
      <PageHeader title="Products" subtitle="Your works in your store and the gallery." actions={<ButtonLink to="/products/new">Create product</ButtonLink>} />
      <form onSubmit={submit} noValidate aria-label="Product filters" className="flex flex-wrap items-end gap-3 px-6 py-4">
        <div className="w-40">
          <Field id="product-status" label="Status" error={refused?.fields.status}>
            <NativeSelect id="product-status" value={status ?? ""} onChange={(e) => apply({ status: e.target.value || null, search: draft.trim() })}>
              <option value="">All statuses</option>
              {DASHBOARD_PRODUCT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {statusLabel(value)}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <div className="w-64">
          <Field id="product-search" label="Search" error={refused?.fields.search}>
            <Input id="product-search" type="search" placeholder="Title contains…" value={draft} onChange={(e) => setDraft(e.target.value)} />
          </Field>
        </div>
        <Button type="submit" size="base" variant="secondary">
          Search
        </Button>
      </form>
      {products.status === "loading" && (
        <div className="p-6">
          <LoadingState label="Loading products" />
        </div>
      )}
      {products.status === "error" && !refused?.fields.status && !refused?.fields.search && (
        <ErrorState title="Products could not be loaded" error={products.error} onRetry={products.reload} inline />
      )}
      {products.status === "success" && products.data.products.length === 0 && (
        <EmptyState title={filtered ? "No products match these filters" : "No products yet"}>
          {filtered ? (
            <Button size="small" variant="secondary" onClick={() => apply({ status: null, search: "" })}>
              Clear filters
            </Button>
          ) : (
            <>
              <Text size="small" className="text-ui-fg-subtle">
                Add your first original or print: it is sold in your store, and in the gallery once published.
              </Text>
              <ButtonLink to="/products/new">Create product</ButtonLink>
            </>
          )}
        </EmptyState>
      )}
      {products.status === "success" && products.data.products.length > 0 && (
        <>
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Product</Table.HeaderCell>
                <Table.HeaderCell>Type</Table.HeaderCell>
                <Table.HeaderCell>Status</Table.HeaderCell>
                <Table.HeaderCell>Variants</Table.HeaderCell>
                <Table.HeaderCell>Stock</Table.HeaderCell>
                <Table.HeaderCell className="text-right">Price</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {products.data.products.map((product) => {
                const stock = product.product_variants.reduce<number | null>(
                  (sum, v) => (v.inventory_quantity === null ? sum : (sum ?? 0) + v.inventory_quantity),
                  null
                )
                return (
                  <Table.Row key={product.id} data-product={product.slug} className="cursor-pointer" onClick={() => go(`/products/${product.id}`)}>
                    <Table.Cell>
                      <div className="flex items-center gap-3 py-2">
                        <Thumbnail src={product.product_images[0]} title={product.title} />
                        <div className="flex flex-col">
                          <Link to={`/products/${product.id}`} onClick={(e) => e.stopPropagation()} className="txt-compact-small-plus text-ui-fg-base">
                            {product.title}
                          </Link>
                          <Text size="xsmall" className="text-ui-fg-subtle">
                            {product.slug}
                          </Text>
                        </div>
                      </div>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge size="2xsmall" color={product.product_type === "original" ? "purple" : "grey"}>
                        {product.product_type}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell>
                      <Status status={product.status} />
                    </Table.Cell>
                    <Table.Cell>{product.product_variants.length}</Table.Cell>
                    <Table.Cell>{stock ?? "Not tracked"}</Table.Cell>
                    <Table.Cell className="text-right">{money(product.base_price)}</Table.Cell>
                  </Table.Row>
                )
              })}
            </Table.Body>
          </Table>
          <Pagination offset={offset} limit={PAGE_SIZE} count={products.data.count} onOffset={(next) => apply({ offset: next })} />
        </>
      )}
    </Container>
  )
}
