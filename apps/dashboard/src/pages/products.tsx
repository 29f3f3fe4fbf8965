import { Badge, Button, Container, Text } from "@medusajs/ui"
import { DASHBOARD_PRODUCT_STATUSES, type DashboardProductStatus } from "../../../../src/lib/dashboard-products"
import { formErrorsOf } from "../../../shared/form-errors"
import { money } from "../../../shared/format"
import { Link, useRouter } from "../../../shared/router"
import { Status } from "../../../shared/status"
import { useAsync } from "../../../shared/use-async"
import { api } from "../api"
import { ButtonLink } from "../components/button-link"
import { PageHeader } from "../components/page-header"
import { Pagination } from "../components/pagination"
import { EmptyState, ErrorState, LoadingState } from "../components/states"
import { StatusSearchFilters, useStatusSearchFilters } from "../components/status-search-filters"
import { Table } from "../components/table"
import { Thumbnail } from "../components/thumbnail"

const PAGE_SIZE = 20

export function ProductsPage() {
  const { go } = useRouter()
  const filters = useStatusSearchFilters<DashboardProductStatus>({ path: "/products", position: "offset", pageSize: PAGE_SIZE })
  const { status, search, offset, filtered, apply } = filters
  const products = useAsync(() => api.products.list({ status, search: search || undefined, limit: PAGE_SIZE, offset }), [status, search, offset])
  const refused = products.status === "error" ? formErrorsOf(products.error, ["status", "search"]) : null

  return (
    <Container className="divide-y p-0">
      <PageHeader title="Products" subtitle="Your works in your store and the gallery." actions={<ButtonLink to="/products/new">Create product</ButtonLink>} />
      <StatusSearchFilters
        label="Product filters"
        idPrefix="product"
        statuses={DASHBOARD_PRODUCT_STATUSES}
        filters={filters}
        errors={refused?.fields}
        searchPlaceholder="Title contains…"
        widths={{ status: "w-40", search: "w-64" }}
      />
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
            <Button size="small" variant="secondary" onClick={filters.clear}>
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
