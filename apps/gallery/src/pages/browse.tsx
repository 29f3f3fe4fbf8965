import { Button, Heading, Input, Text } from "@medusajs/ui"
import { useEffect, useState, type FormEvent } from "react"
import type { GalleryProductList, GalleryProductsParams } from "../../../../src/sdk"
import { formErrorsOf } from "../../../shared/form-errors"
import { NativeSelect } from "../../../shared/native-select"
import { usePageTitle } from "../../../shared/page-title"
import { useRouter } from "../../../shared/router"
import { useAsync } from "../../../shared/use-async"
import { GALLERY_APP_TITLE } from "../../../../src/lib/page-title"
import { HomeCuration } from "../components/curation"
import { Field, FormError } from "../components/field"
import { ProductCard } from "../components/product-card"
import { EmptyState, ErrorState, LoadingGrid } from "../components/states"
import { sdk } from "../sdk"

const PAGE_SIZE = 12
export const FIRST_WORKS_MARK = "gallery:first-works-shown"
const SORTS = [
  ["newest", "Newest"],
  ["price_asc", "Price, low to high"],
  ["price_desc", "Price, high to low"],
  ["name", "Name"],
] as const
const FILTERS = ["q", "product_type", "price_min", "price_max", "sort", "org_id", "offset"] as const
type Filters = Partial<Record<(typeof FILTERS)[number], string>>

function filtersOf(query: URLSearchParams): Filters {
  const filters: Filters = {}
  for (const key of FILTERS) {
    const value = query.get(key)
    if (value) filters[key] = value
  }
  return filters
}

/** The URL's filters as the API takes them (the API validates them and says what is wrong). */
function paramsOf(filters: Filters): GalleryProductsParams {
  const number = (value: string | undefined) => (value === undefined || value.trim() === "" ? undefined : Number(value))
  return {
    q: filters.q,
    org_id: filters.org_id,
    product_type: filters.product_type as GalleryProductsParams["product_type"],
    price_min: number(filters.price_min),
    price_max: number(filters.price_max),
    sort: filters.sort as GalleryProductsParams["sort"],
    offset: number(filters.offset),
    limit: PAGE_SIZE,
  }
}

const FILTER_FIELDS = ["q", "product_type", "price_min", "price_max", "sort"]

let early: { key: string; promise: Promise<GalleryProductList> } | null = null

/**
 * Starts the first page's request for works as the script starts (main.tsx), before React has rendered anything:
 * on a first visit the works then arrive while React is still busy, instead of after it. Used once.
 */
export function prefetchBrowse(search: string) {
  const filters = filtersOf(new URLSearchParams(search))
  early = { key: JSON.stringify(filters), promise: sdk.gallery.products.list(paramsOf(filters)) }
  // Its failure is shown by the page that takes it over.
  early.promise.catch(() => {})
}

function listWorks(key: string, filters: Filters): Promise<GalleryProductList> {
  if (early?.key === key) {
    const { promise } = early
    early = null
    return promise
  }
  return sdk.gallery.products.list(paramsOf(filters))
}

export function BrowsePage() {
  const { query, go } = useRouter()
  const applied = filtersOf(query)
  const key = JSON.stringify(applied)
  const [draft, setDraft] = useState<Filters>(applied)
  useEffect(() => setDraft(applied), [key]) // the URL is the source of truth: the form follows it
  const products = useAsync(() => listWorks(key, applied), [key])
  // The home (no filter, first page) shows the curation above the works; a search or a filter shows the works alone.
  const home = Object.keys(applied).length === 0
  usePageTitle(home ? null : "Browse the gallery", GALLERY_APP_TITLE)
  // User Timing mark of the first works on screen: the browser tests read it as the first load's duration.
  const shown = products.status === "success"
  useEffect(() => {
    if (shown && !performance.getEntriesByName(FIRST_WORKS_MARK).length) performance.mark(FIRST_WORKS_MARK)
  }, [shown])

  const apply = (filters: Filters) => {
    const next = new URLSearchParams()
    for (const [name, value] of Object.entries(filters)) if (value) next.set(name, value)
    const search = next.toString()
    go(search ? `/?${search}` : "/")
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    apply({ ...draft, offset: undefined })
  }
  // A filter the API refused (e.g. price_min above price_max) is shown next to its field.
  const refused = products.status === "error" ? formErrorsOf(products.error, FILTER_FIELDS) : null
  const offset = Number(applied.offset ?? 0)

  return (
    <div className="flex flex-col gap-6">
      {home && <HomeCuration />}
      <div className="flex flex-col gap-1">
        <Heading level="h1">Browse the gallery</Heading>
        <Text className="text-ui-fg-subtle">Originals and prints by independent artists.</Text>
      </div>
      <form onSubmit={submit} noValidate aria-label="Filters" className="bg-ui-bg-base shadow-elevation-card-rest grid grid-cols-2 items-start gap-4 rounded-lg p-4 md:grid-cols-6">
        <div className="col-span-2">
          <Field id="filter-q" label="Search" error={refused?.fields.q}>
            <Input id="filter-q" type="search" placeholder="Title contains…" value={draft.q ?? ""} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
          </Field>
        </div>
        <Field id="filter-type" label="Type" error={refused?.fields.product_type}>
          <NativeSelect id="filter-type" value={draft.product_type ?? ""} onChange={(e) => setDraft({ ...draft, product_type: e.target.value || undefined })}>
            <option value="">All works</option>
            <option value="original">Originals</option>
            <option value="print">Prints</option>
          </NativeSelect>
        </Field>
        <Field id="filter-price-min" label="Min price" error={refused?.fields.price_min}>
          <Input id="filter-price-min" inputMode="decimal" placeholder="0" value={draft.price_min ?? ""} onChange={(e) => setDraft({ ...draft, price_min: e.target.value })} />
        </Field>
        <Field id="filter-price-max" label="Max price" error={refused?.fields.price_max}>
          <Input id="filter-price-max" inputMode="decimal" placeholder="Any" value={draft.price_max ?? ""} onChange={(e) => setDraft({ ...draft, price_max: e.target.value })} />
        </Field>
        <Field id="filter-sort" label="Sort" error={refused?.fields.sort}>
          <NativeSelect id="filter-sort" value={draft.sort ?? "newest"} onChange={(e) => setDraft({ ...draft, sort: e.target.value })}>
            {SORTS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <div className="col-span-2 flex items-center gap-2 md:col-span-6">
          <Button type="submit" size="small">
            Apply filters
          </Button>
          <Button type="button" size="small" variant="transparent" onClick={() => apply({})}>
            Reset
          </Button>
          {applied.org_id && products.status === "success" && products.data.products[0] && (
            <Text size="small" className="text-ui-fg-subtle">
              Works by {products.data.products[0].organizations.name}
            </Text>
          )}
        </div>
      </form>

      {products.status === "loading" && <LoadingGrid label="Loading works" />}
      {products.status === "error" &&
        (refused?.form ? (
          <ErrorState title="The gallery could not be loaded" error={products.error} onRetry={products.reload} />
        ) : (
          <FormError message="Some filters were refused: see the messages above." />
        ))}
      {products.status === "success" && products.data.products.length === 0 && (
        <EmptyState title="No works match these filters">
          <Button variant="secondary" size="small" onClick={() => apply({})}>
            Show all works
          </Button>
        </EmptyState>
      )}
      {products.status === "success" && products.data.products.length > 0 && (
        <>
          <Text size="small" className="text-ui-fg-subtle" data-testid="result-count">
            {products.data.count} {products.data.count === 1 ? "work" : "works"}
          </Text>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {products.data.products.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
          <div className="flex items-center justify-between">
            <Button variant="secondary" size="small" disabled={offset === 0} onClick={() => apply({ ...applied, offset: String(Math.max(0, offset - PAGE_SIZE)) })}>
              Previous
            </Button>
            <Text size="small" className="text-ui-fg-subtle">
              {offset + 1}–{offset + products.data.products.length} of {products.data.count}
            </Text>
            <Button variant="secondary" size="small" disabled={offset + PAGE_SIZE >= products.data.count} onClick={() => apply({ ...applied, offset: String(offset + PAGE_SIZE) })}>
              Next
            </Button>
          </div>
        </>
      )}
    </div>
  )
}
