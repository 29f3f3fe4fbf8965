import { Container } from "@medusajs/ui"
import { Link, useRouter } from "../../../shared/router"
import { api } from "../api"
import { PageHeader } from "../components/page-header"
import { emptyProduct, ProductForm } from "../components/product-form"

export function ProductNewPage() {
  const { go } = useRouter()
  return (
    <>
      <Link to="/products" className="txt-compact-small text-ui-fg-subtle hover:text-ui-fg-base">
        ← Products
      </Link>
      <Container className="divide-y p-0">
        <PageHeader title="Create product" subtitle="A work with one default variant; add editions or sizes as variants afterwards." />
        <ProductForm
          mode="create"
          initial={emptyProduct}
          submitLabel="Create product"
          onSubmit={async (body) => {
            const { product } = await api.products.create(body)
            go(`/products/${product.id}?created=1`)
          }}
        />
      </Container>
    </>
  )
}
