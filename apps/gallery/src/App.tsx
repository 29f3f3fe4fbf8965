import { Toaster } from "@medusajs/ui"
import { Link, matchPath, useRouter } from "../../shared/router"
import { EmptyState } from "./components/states"
import { Layout } from "./components/layout"
import { BrowsePage } from "./pages/browse"
import { CartPage } from "./pages/cart"
import { CheckoutPage } from "./pages/checkout"
import { OrderLookupPage, OrderPage } from "./pages/order"
import { ProductPage } from "./pages/product"

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
      <Page />
      <Toaster />
    </Layout>
  )
}
