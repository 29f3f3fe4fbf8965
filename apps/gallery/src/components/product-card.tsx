import { Badge, Button, Container, Text } from "@medusajs/ui"
import { useState } from "react"
import type { GalleryProduct } from "../../../../src/sdk"
import { Link } from "../../../shared/router"
import { useCart } from "../cart-context"
import { money } from "../format"
import { sdk } from "../sdk"

export function ProductImage({ product, className = "" }: { product: Pick<GalleryProduct, "images" | "name">; className?: string }) {
  const [src] = product.images
  return src ? (
    <img src={src} alt={product.name} loading="lazy" className={`bg-ui-bg-component w-full object-cover ${className}`} />
  ) : (
    <div className={`bg-ui-bg-component text-ui-fg-muted flex w-full items-center justify-center ${className}`}>No image</div>
  )
}

export function ProductCard({ product }: { product: GalleryProduct }) {
  const { refresh } = useCart()
  const [state, setState] = useState<{ busy: boolean; message: string | null; error: boolean }>({ busy: false, message: null, error: false })
  const soldOut = product.inventory !== null && product.inventory <= 0
  const add = async () => {
    setState({ busy: true, message: null, error: false })
    try {
      await sdk.gallery.cart.add({ productId: product.id, quantity: 1 })
      await refresh()
      setState({ busy: false, message: "Added to your cart", error: false })
    } catch (error) {
      setState({ busy: false, message: (error as Error).message, error: true })
    }
  }
  return (
    <Container className="flex flex-col overflow-hidden p-0" data-product={product.handle}>
      <Link to={`/products/${product.id}`} aria-label={product.name}>
        <ProductImage product={product} className="aspect-[4/3]" />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <Link to={`/products/${product.id}`} className="txt-compact-medium-plus hover:underline">
            {product.name}
          </Link>
          <Badge size="2xsmall" color={product.product_type === "original" ? "purple" : "grey"}>
            {product.product_type}
          </Badge>
        </div>
        <Link to={`/?org_id=${encodeURIComponent(product.org_id)}`} className="txt-compact-small text-ui-fg-subtle hover:underline">
          {product.organizations.name}
        </Link>
        <div className="mt-auto flex items-center justify-between pt-2">
          <Text weight="plus">{money(product.price)}</Text>
          <Button size="small" onClick={add} isLoading={state.busy} disabled={soldOut}>
            {soldOut ? "Sold out" : "Add to cart"}
          </Button>
        </div>
        {state.message && (
          <Text size="xsmall" role={state.error ? "alert" : "status"} className={state.error ? "text-ui-fg-error" : "text-ui-fg-interactive"}>
            {state.message}
          </Text>
        )}
      </div>
    </Container>
  )
}
