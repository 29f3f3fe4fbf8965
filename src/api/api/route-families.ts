import { ETSY_CALLBACK_PATH } from "../../lib/channel-environment"

// What each folder of src/api/api is (docs/decisions.md "One authentication guard per route family"): every folder is
// named once, in one of the three lists below, and a unit test fails for a folder that is not.

/** The creator dashboard's resources: `/api/<resource>` and everything below it need a member token. */
export const DASHBOARD_RESOURCES = [
  "analytics",
  "campaigns",
  "cart",
  "channels",
  "dashboard",
  "guest",
  "members",
  "orders",
  "organizations",
  "payouts",
  "products",
  "segments",
  "settings",
  "shipping-origin",
  "shipping-rates",
  "uploads",
  "webhook-endpoints",
] as const

/**
 * Folders that are families of their own, each behind its own guard: the gallery (public, and `gallery/artist` for
 * members), administrators, incoming webhooks (signed by their provider), the local gateway's sandbox (the customer's
 * browser), and the platform API's storefront variant `/api/v1` (API keys).
 */
export const OWN_FAMILY_FOLDERS = ["admin", "gallery", "sandbox", "v1", "webhooks"] as const

/** Folders of public storefront routes, which a shopper calls without an account. */
export const PUBLIC_STOREFRONT_FOLDERS = ["create-payment-intent", "unsubscribe"] as const

/** The public storefront routes under /api (no member token); `/api/cart/email` sits inside a dashboard resource. */
export const PUBLIC_STOREFRONT_ROUTES = ["/api/cart/email", "/api/create-payment-intent", "/api/unsubscribe"] as const

/**
 * OAuth callbacks inside a dashboard resource, reached by a browser redirect from the marketplace without a token
 * (its state is the credential, docs/marketplace-channels.md).
 */
export const PUBLIC_OAUTH_CALLBACK_ROUTES = [ETSY_CALLBACK_PATH] as const

/** Routes inside the dashboard's resources that its guard lets through without a member token. */
export const DASHBOARD_PUBLIC_ROUTES = ["/api/cart/email", ...PUBLIC_OAUTH_CALLBACK_ROUTES] as const

/**
 * The dashboard guard's matcher: every `/api/...` path outside the other families and the public storefront folders,
 * so that the dashboard's resources are guarded and so is any path nobody routes (401, not a page saying what
 * exists). In any case, as Express routes (src/lib/request-path.ts); matched up to "/api" so that Express accepts it
 * as a prefix.
 */
export const DASHBOARD_ROUTES = new RegExp(
  `^/api(?=/(?!(?:${[...OWN_FAMILY_FOLDERS, ...PUBLIC_STOREFRONT_FOLDERS].join("|")})(?:[/?#]|$)))`,
  "i"
)
