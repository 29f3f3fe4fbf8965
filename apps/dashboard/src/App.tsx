import { lazy, Suspense, useEffect } from "react"
import { DASHBOARD_APP_TITLE, dashboardPageTitle } from "../../../src/lib/page-title"
import { usePageTitle } from "../../shared/page-title"
import { Link, matchPath, useRouter } from "../../shared/router"
import { AuthLayout, Layout } from "./components/layout"
import { EmptyState, ErrorState, LoadingState } from "./components/states"
import { LoginPage } from "./pages/login"
import { OverviewPage } from "./pages/overview"
import { useSession } from "./session"

// The login and the overview are in the first download; the other pages load when first visited (the charts'
// library only with the analytics page).
const SignupPage = lazy(() => import("./pages/signup").then((m) => ({ default: m.SignupPage })))
const ResetPasswordPage = lazy(() => import("./pages/reset-password").then((m) => ({ default: m.ResetPasswordPage })))
const OrganizationNewPage = lazy(() => import("./pages/organization-new").then((m) => ({ default: m.OrganizationNewPage })))
const ProductsPage = lazy(() => import("./pages/products").then((m) => ({ default: m.ProductsPage })))
const ProductNewPage = lazy(() => import("./pages/product-new").then((m) => ({ default: m.ProductNewPage })))
const ProductPage = lazy(() => import("./pages/product").then((m) => ({ default: m.ProductPage })))
const OrdersPage = lazy(() => import("./pages/orders").then((m) => ({ default: m.OrdersPage })))
const OrderPage = lazy(() => import("./pages/order").then((m) => ({ default: m.OrderPage })))
const AnalyticsPage = lazy(() => import("./pages/analytics").then((m) => ({ default: m.AnalyticsPage })))
const PayoutsPage = lazy(() => import("./pages/payouts").then((m) => ({ default: m.PayoutsPage })))
const StorefrontSettingsPage = lazy(() => import("./pages/settings/storefront").then((m) => ({ default: m.StorefrontSettingsPage })))
const AccountSettingsPage = lazy(() => import("./pages/settings/account").then((m) => ({ default: m.AccountSettingsPage })))
const NotificationSettingsPage = lazy(() => import("./pages/settings/notifications").then((m) => ({ default: m.NotificationSettingsPage })))
const PayoutSettingsPage = lazy(() => import("./pages/settings/payouts").then((m) => ({ default: m.PayoutSettingsPage })))
const ShippingSettingsPage = lazy(() => import("./pages/settings/shipping").then((m) => ({ default: m.ShippingSettingsPage })))
const CampaignsPage = lazy(() => import("./pages/campaigns").then((m) => ({ default: m.CampaignsPage })))
const CampaignNewPage = lazy(() => import("./pages/campaigns").then((m) => ({ default: m.CampaignNewPage })))
const CampaignPage = lazy(() => import("./pages/campaigns").then((m) => ({ default: m.CampaignPage })))
const SegmentPage = lazy(() => import("./pages/campaigns").then((m) => ({ default: m.SegmentPage })))
const ChannelsPage = lazy(() => import("./pages/channels").then((m) => ({ default: m.ChannelsPage })))
const WebhooksPage = lazy(() => import("./pages/webhooks").then((m) => ({ default: m.WebhooksPage })))
const WebhookEndpointPage = lazy(() => import("./pages/webhooks").then((m) => ({ default: m.WebhookEndpointPage })))
const ApiKeysPage = lazy(() => import("./pages/settings/api-keys").then((m) => ({ default: m.ApiKeysPage })))

const PUBLIC_PATHS = ["/login", "/signup"]

/** Sends the browser to `to` once rendered (a page that is not for this session). */
function Redirect({ to }: { to: string }) {
  const { go } = useRouter()
  useEffect(() => go(to, { replace: true }), [to])
  return null
}

function Page() {
  const { path } = useRouter()
  let params: Record<string, string> | null
  if (path === "/" || path === "") return <OverviewPage />
  if (matchPath("/products", path)) return <ProductsPage />
  if (matchPath("/products/new", path)) return <ProductNewPage />
  if ((params = matchPath("/products/:id", path))) return <ProductPage key={params.id} id={params.id} />
  if (matchPath("/orders", path)) return <OrdersPage />
  if ((params = matchPath("/orders/:id", path))) return <OrderPage key={params.id} id={params.id} />
  if (matchPath("/analytics", path)) return <AnalyticsPage />
  if (matchPath("/payouts", path)) return <PayoutsPage />
  if (matchPath("/campaigns", path)) return <CampaignsPage />
  if (matchPath("/campaigns/new", path)) return <CampaignNewPage />
  if (matchPath("/campaigns/segments/new", path)) return <SegmentPage />
  if ((params = matchPath("/campaigns/segments/:id", path))) return <SegmentPage key={params.id} id={params.id} />
  if ((params = matchPath("/campaigns/:id", path))) return <CampaignPage key={params.id} id={params.id} />
  // Etsy's callback returns to {APP_URL}/settings/channels (docs/marketplace-channels.md).
  if (matchPath("/channels", path) || matchPath("/settings/channels", path)) return <ChannelsPage />
  if (matchPath("/webhooks", path)) return <WebhooksPage />
  if ((params = matchPath("/webhooks/:id", path))) return <WebhookEndpointPage key={params.id} id={params.id} />
  if (matchPath("/settings", path)) return <Redirect to="/settings/storefront" />
  if (matchPath("/settings/storefront", path)) return <StorefrontSettingsPage />
  if (matchPath("/settings/account", path)) return <AccountSettingsPage />
  if (matchPath("/settings/notifications", path)) return <NotificationSettingsPage />
  if (matchPath("/settings/payouts", path)) return <PayoutSettingsPage />
  if (matchPath("/settings/shipping", path)) return <ShippingSettingsPage />
  if (matchPath("/settings/api-keys", path)) return <ApiKeysPage />
  if (PUBLIC_PATHS.includes(path) || matchPath("/organizations/new", path)) return <Redirect to="/" />
  return (
    <EmptyState title="Page not found">
      <Link to="/" className="txt-compact-small-plus text-ui-fg-interactive">
        Back to the overview
      </Link>
    </EmptyState>
  )
}

export function App() {
  const { session, refresh } = useSession()
  const { path } = useRouter()
  usePageTitle(
    session.status === "loading" || session.status === "error"
      ? null
      : dashboardPageTitle(path, session.status === "ready" ? "member" : session.status),
    DASHBOARD_APP_TITLE
  )

  if (session.status === "loading") {
    return (
      <AuthLayout>
        <LoadingState label="Loading your dashboard" rows={3} />
      </AuthLayout>
    )
  }
  if (session.status === "error") {
    return (
      <AuthLayout>
        <ErrorState title="The dashboard could not reach Atelier" error={session.error} onRetry={() => void refresh()} />
      </AuthLayout>
    )
  }
  // A reset link works whoever is logged in (the page logs in with the new password).
  if (path === "/reset-password") {
    return (
      <Suspense fallback={<LoadingState label="Loading the page" />}>
        <ResetPasswordPage />
      </Suspense>
    )
  }
  if (session.status === "anonymous") {
    if (path === "/signup") {
      return (
        <Suspense fallback={<LoadingState label="Loading the page" />}>
          <SignupPage />
        </Suspense>
      )
    }
    return <LoginPage notice={session.notice} />
  }
  if (session.status === "no-organization") {
    return (
      <Suspense fallback={<LoadingState label="Loading the page" />}>
        <OrganizationNewPage />
      </Suspense>
    )
  }
  return (
    // A page acts for one organization: switching remounts it, so it loads that organization's data.
    <Layout key={session.organization.id}>
      <Suspense fallback={<LoadingState label="Loading the page" />}>
        <Page />
      </Suspense>
    </Layout>
  )
}
