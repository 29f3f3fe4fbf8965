import { Button, Input, Text } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { money } from "../../../apps/shared/format"
import { useProductSearch } from "../lib/queries"
import type { GalleryProductHit } from "../lib/types"
import { ProductThumb } from "./product-thumb"
import { ErrorState, LoadingState } from "./states"

/**
 * Searches the gallery's eligible products by title (GET /api/gallery/products?q=, the products a collection may hold)
 * and offers each one not already chosen.
 */
export function ProductSearch({
  chosen,
  onPick,
  busyId,
  error,
}: {
  chosen: Set<string>
  onPick: (product: GalleryProductHit) => void
  busyId?: string | null
  error?: string | null
}) {
  const [text, setText] = useState("")
  const [q, setQ] = useState("")
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 250)
    return () => clearTimeout(timer)
  }, [text])
  const search = useProductSearch(q)

  return (
    <div className="flex flex-col gap-y-2">
      <Input
        type="search"
        size="small"
        placeholder="Search gallery products by title"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-label="Search products"
        id="product-search"
        aria-invalid={Boolean(error)}
      />
      {error && (
        <Text size="xsmall" className="text-ui-fg-error" role="alert" data-testid="product-search-error">
          {error}
        </Text>
      )}
      {search.isPending ? (
        <LoadingState rows={2} />
      ) : search.isError ? (
        <ErrorState error={search.error} onRetry={() => search.refetch()} />
      ) : search.data.products.length === 0 ? (
        <Text size="small" className="px-1 py-2 text-ui-fg-subtle">
          No eligible product matches “{q}”.
        </Text>
      ) : (
        <ul className="divide-y rounded-md border" data-testid="product-search-results">
          {search.data.products.map((product) => {
            const inCollection = chosen.has(product.id)
            return (
              <li key={product.id} className="flex items-center gap-x-3 px-3 py-2">
                <ProductThumb product={product} />
                <div className="min-w-0 flex-1">
                  <Text size="small" weight="plus" className="truncate">
                    {product.name}
                  </Text>
                  <Text size="xsmall" className="text-ui-fg-subtle">
                    {product.organizations.name} · {money(product.price)} · {product.product_type}
                  </Text>
                </div>
                <Button
                  size="small"
                  variant="secondary"
                  disabled={inCollection}
                  isLoading={busyId === product.id}
                  onClick={() => onPick(product)}
                >
                  {inCollection ? "Added" : "Add"}
                </Button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
