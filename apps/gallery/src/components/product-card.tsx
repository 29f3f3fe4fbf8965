import { Badge, Button, Container, Text } from "@medusajs/ui"
import { useState } from "react"
import { imageSrcSet, LARGE_IMAGE_WIDTH, sizedImageUrl, THUMBNAIL_WIDTH, type ImageWidth } from "../../../../src/lib/images"
import type { GalleryProduct } from "../../../../src/sdk"
import { money } from "../../../shared/format"
import { Link } from "../../../shared/router"
import { useCart } from "../cart-context"
import { sdk } from "../sdk"

/** Two colours from the name, so that a work whose image cannot be shown still has a recognisable tile. */
function tileColors(name: string): [string, string] {
  let hash = 0
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return [`hsl(${hash % 360} 45% 72%)`, `hsl(${(hash >>> 9) % 360} 50% 45%)`]
}

/**
 * How large an image is shown: the width asked of the image route for `src`, the widths offered to the browser
 * (`srcset`, for screens with more pixels) and how wide it is on the page (`sizes`). Lists use thumbnails.
 */
const IMAGE_SIZES: Record<"small" | "thumbnail" | "large", { src: ImageWidth; widths: ImageWidth[]; sizes: string }> = {
  small: { src: 200, widths: [200, 400], sizes: "96px" },
  thumbnail: { src: THUMBNAIL_WIDTH, widths: [400, 800], sizes: "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" },
  large: { src: LARGE_IMAGE_WIDTH, widths: [800, 1200, 1600], sizes: "(min-width: 768px) 50vw, 100vw" },
}

/**
 * One of the work's images (the first unless `index` says), served at the `size` the page shows it at; when it has
 * none or it does not load (an image hosted elsewhere that is gone), a tile in colours drawn from the work's name
 * (with the name on it only where `showName` asks: the page shows it beside the tile anyway).
 */
export function ProductImage({
  product,
  className = "",
  showName = false,
  size = "thumbnail",
  index = 0,
}: {
  product: { images: string[]; name: string }
  className?: string
  showName?: boolean
  size?: keyof typeof IMAGE_SIZES
  index?: number
}) {
  const src = product.images[index]
  const [failed, setFailed] = useState<string | null>(null)
  if (src && failed !== src) {
    const { src: width, widths, sizes } = IMAGE_SIZES[size]
    return (
      <img
        src={sizedImageUrl(src, width)}
        srcSet={imageSrcSet(src, widths)}
        sizes={sizes}
        alt={product.name}
        loading={size === "large" ? "eager" : "lazy"}
        onError={() => setFailed(src)}
        className={`bg-ui-bg-component w-full object-cover ${className}`}
      />
    )
  }
  const [from, to] = tileColors(product.name)
  return (
    <div
      role="img"
      aria-label={product.name}
      className={`flex w-full items-end p-4 ${className}`}
      style={{ background: `linear-gradient(135deg, ${from}, ${to})` }}
    >
      {showName && <span className="txt-compact-small-plus rounded bg-white/70 px-2 py-1 text-neutral-800">{product.name}</span>}
    </div>
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
          <Badge size="2xsmall" color={product.product_type === "original" ? "purple" : "grey"} data-product-type={product.product_type}>
            {product.product_type}
          </Badge>
        </div>
        <Link to={`/artists/${encodeURIComponent(product.organizations.slug)}`} className="txt-compact-small text-ui-fg-subtle hover:underline">
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
