import { Badge, Button, Container, Heading, Input, Text } from "@medusajs/ui"
import { useState } from "react"
import { CartQuantitySchema } from "../../../../src/lib/form-schemas"
import { GALLERY_APP_TITLE } from "../../../../src/lib/page-title"
import { money } from "../../../shared/format"
import { usePageTitle } from "../../../shared/page-title"
import { Link, useRouter } from "../../../shared/router"
import { useAsync } from "../../../shared/use-async"
import { useForm } from "../../../shared/use-form"
import { useCart } from "../cart-context"
import { Field, FormError } from "../components/field"
import { ProductImage } from "../components/product-card"
import { ErrorState, LoadingState } from "../components/states"
import { sdk } from "../sdk"

export function ProductPage({ id }: { id: string }) {
  const product = useAsync(() => sdk.gallery.products.retrieve(id), [id])
  // The collections showing the work, linked under it; the page does without them if they cannot be read.
  const collections = useAsync(() => sdk.gallery.collections.list({ product_id: id }), [id])
  usePageTitle(
    product.status === "success" ? product.data.product.name : product.status === "error" ? "This work cannot be shown" : null,
    GALLERY_APP_TITLE
  )
  const { refresh } = useCart()
  const { go } = useRouter()
  const [quantity, setQuantity] = useState("1")
  const { errors, busy, onSubmit } = useForm(["quantity"] as const)
  const [shown, setShown] = useState(0)

  if (product.status === "loading") return <LoadingState label="Loading the work" rows={4} />
  if (product.status === "error") {
    return (
      <div className="flex flex-col gap-4">
        <ErrorState title="This work cannot be shown" error={product.error} onRetry={product.error.message === "Product not found" ? undefined : product.reload} />
        <Link to="/" className="txt-compact-small text-ui-fg-interactive">
          Back to the gallery
        </Link>
      </div>
    )
  }
  const { product: work } = product.data
  const soldOut = work.inventory !== null && work.inventory <= 0

  // A whole number from 1 to 99 (src/lib/form-schemas.ts): more than 99 is refused saying so, never capped unseen.
  const typed = quantity.trim() === "" ? 0 : Number(quantity)
  const add = onSubmit(
    async () => {
      await sdk.gallery.cart.add({ productId: work.id, quantity: typed })
      await refresh()
      go("/cart")
    },
    { checks: [{ result: CartQuantitySchema.safeParse(typed), prefix: "quantity" }] }
  )

  return (
    <div className="grid grid-cols-1 gap-8 md:grid-cols-2">
      <div className="flex flex-col gap-3">
        <Container className="overflow-hidden p-0">
          <ProductImage product={work} className="aspect-square" size="large" index={shown < work.images.length ? shown : 0} />
        </Container>
        {work.images.length > 1 && (
          <ul className="flex gap-2" aria-label="Images of this work">
            {work.images.map((image, index) => (
              <li key={`${image}-${index}`}>
                <button
                  type="button"
                  aria-label={`Show image ${index + 1}`}
                  aria-pressed={index === shown}
                  onClick={() => setShown(index)}
                  className={`block size-16 overflow-hidden rounded-md border-2 ${index === shown ? "border-ui-fg-interactive" : "border-transparent"}`}
                >
                  <ProductImage product={work} index={index} size="small" className="size-full" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-col gap-4">
        <Link to="/" className="txt-compact-small text-ui-fg-subtle hover:underline">
          ← All works
        </Link>
        <div className="flex items-center gap-2">
          <Heading level="h1">{work.name}</Heading>
          <Badge size="2xsmall" color={work.product_type === "original" ? "purple" : "grey"}>
            {work.product_type}
          </Badge>
        </div>
        <Link to={`/artists/${encodeURIComponent(work.organizations.slug)}`} className="txt-compact-medium text-ui-fg-subtle hover:underline">
          by {work.organizations.name}
        </Link>
        <Heading level="h2">{money(work.price)}</Heading>
        <dl className="txt-compact-small text-ui-fg-subtle grid grid-cols-2 gap-1">
          <dt>SKU</dt>
          <dd>{work.sku ?? "—"}</dd>
          <dt>Available</dt>
          <dd>{work.inventory === null ? "—" : work.product_type === "original" ? (soldOut ? "Sold" : "One of a kind") : `${work.inventory} in stock`}</dd>
        </dl>
        <form onSubmit={add} noValidate className="flex items-end gap-3" aria-label="Add to cart">
          <div className="w-24">
            <Field id="quantity" label="Quantity" error={errors.fields.quantity}>
              <Input id="quantity" type="number" min={1} max={99} value={quantity} onChange={(e) => setQuantity(e.target.value)} />
            </Field>
          </div>
          <Button type="submit" isLoading={busy} disabled={soldOut}>
            {soldOut ? "Sold out" : "Add to cart"}
          </Button>
        </form>
        <FormError message={errors.form} />
        {collections.status === "success" && collections.data.collections.length > 0 && (
          <div className="flex flex-col gap-1.5" data-testid="work-collections">
            <Text size="small" weight="plus">
              In {collections.data.collections.length === 1 ? "the collection" : "the collections"}
            </Text>
            <ul className="flex flex-wrap gap-2">
              {collections.data.collections.map((collection) => (
                <li key={collection.id}>
                  <Link to={`/collections/${encodeURIComponent(collection.slug)}`} className="txt-compact-small-plus text-ui-fg-interactive hover:underline">
                    {collection.name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  )
}
