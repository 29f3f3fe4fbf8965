import { Photo } from "@medusajs/icons"
import { useState } from "react"
import { sizedImageUrl } from "../../lib/images"

/**
 * A product's first image (the image route's at 200 px, for the 40 px it is shown at), or a placeholder when it has
 * none or it does not load (an image hosted elsewhere that is gone).
 */
export function ProductThumb({ product }: { product: { name: string; images: string[] } | null }) {
  const [failed, setFailed] = useState(false)
  const src = product?.images[0]
  return (
    <div className="flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-ui-bg-subtle">
      {src && !failed ? (
        <img src={sizedImageUrl(src, 200)} alt={product?.name ?? ""} className="h-full w-full object-cover" onError={() => setFailed(true)} />
      ) : (
        <Photo className="text-ui-fg-muted" />
      )}
    </div>
  )
}
