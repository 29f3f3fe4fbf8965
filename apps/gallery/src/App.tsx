import { lazy, Suspense } from "react"
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

function Page() {
  const { path } = useRouter()
  let params: Record<string, string> | null
  if (path === "/" || path === "") return <BrowsePage />
  if ((params = matchPath("/products/:id", path))) return <ProductPage key={params.id} id={params.id} />
  if (matchPath("/cart", path)) return <CartPage />
  if (matchPath("/checkout", path)) return <CheckoutPage />
  if (matchPath("/orders", path)) return <OrderLookupPage />
  if ((params = matchPath("/orders/:publicId", path))) return <OrderPage key={params.publicId} publicId={params.publicId} />
  return (
    <EmptyState title="Page not found">
      <Link to="/" className="txt-compact-small-plus text-ui-fg-interactive">
        Browse the gallery
      </Link>
    </EmptyState>
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
