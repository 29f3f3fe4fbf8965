import { Photo } from "@medusajs/icons"
import { useState } from "react"

/** A product's first image, or a placeholder when it has none or it does not load (demo images are not hosted). */
export function ProductThumb({ product }: { product: { name: string; images: string[] } | null }) {
  const [failed, setFailed] = useState(false)
  const src = product?.images[0]
  return (
    <div className="flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-ui-bg-subtle">
      {src && !failed ? (
        <img src={src} alt={product?.name ?? ""} className="h-full w-full object-cover" onError={() => setFailed(true)} />
      ) : (
        <Photo className="text-ui-fg-muted" />
      )}
    </div>
  )
}
