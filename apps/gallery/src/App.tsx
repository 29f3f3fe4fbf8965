import { lazy, Suspense, type ReactNode } from "react"
import { GALLERY_APP_TITLE } from "../../../src/lib/page-title"
import { usePageTitle } from "../../shared/page-title"
import { Link, matchPath, useRouter } from "../../shared/router"
import { EmptyState, LoadingState } from "./components/states"
import { Layout } from "./components/layout"
import { BrowsePage } from "./pages/browse"

// The browse page is in the first download; the others load when first visited (the first load stays small).
const ProductPage = lazy(() => import("./pages/product").then((m) => ({ default: m.ProductPage })))
const CartPage = lazy(() => import("./pages/cart").then((m) => ({ default: m.CartPage })))
const CheckoutPage = lazy(() => import("./pages/checkout").then((m) => ({ default: m.CheckoutPage })))
const OrderPage = lazy(() => import("./pages/order").then((m) => ({ default: m.OrderPage })))
const OrderLookupPage = lazy(() => import("./pages/order").then((m) => ({ default: m.OrderLookupPage })))
const CollectionPage = lazy(() => import("./pages/collection").then((m) => ({ default: m.CollectionPage })))
const CollectionsPage = lazy(() => import("./pages/collection").then((m) => ({ default: m.CollectionsPage })))
const ArtistPage = lazy(() => import("./pages/artist").then((m) => ({ default: m.ArtistPage })))

/** A page whose title does not depend on what it loads (the others set theirs: a work's, a collection's name). */
function Titled({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title, GALLERY_APP_TITLE)
  return children
}

function Page() {
  const { path } = useRouter()
  let params: Record<string, string> | null
  if (path === "/" || path === "") return <BrowsePage />
  if ((params = matchPath("/products/:id", path))) return <ProductPage key={params.id} id={params.id} />
  if (matchPath("/collections", path)) return <CollectionsPage />
  if ((params = matchPath("/collections/:slug", path))) return <CollectionPage key={params.slug} slug={params.slug} />
  if ((params = matchPath("/artists/:slug", path))) return <ArtistPage key={params.slug} slug={params.slug} />
  if (matchPath("/cart", path)) return <Titled title="Your cart"><CartPage /></Titled>
  if (matchPath("/checkout", path)) return <Titled title="Checkout"><CheckoutPage /></Titled>
  if (matchPath("/orders", path)) return <Titled title="Track an order"><OrderLookupPage /></Titled>
  if ((params = matchPath("/orders/:publicId", path))) {
    return (
      <Titled title={`Order ${params.publicId}`}>
        <OrderPage key={params.publicId} publicId={params.publicId} />
      </Titled>
    )
  }
  return (
    <Titled title="Page not found">
      <EmptyState title="Page not found">
        <Link to="/" className="txt-compact-small-plus text-ui-fg-interactive">
          Browse the gallery
        </Link>
      </EmptyState>
    </Titled>
  )
}

export function App() {
  return (
    <Layout>
      <Suspense fallback={<LoadingState label="Loading the page" />}>
        <Page />
      </Suspense>
    </Layout>
  )
}
