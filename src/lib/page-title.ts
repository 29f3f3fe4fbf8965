// The browser tab's title of every page of Atelier's apps ("Desert Bloom — Atelier Gallery"): what the page shows
// first, then the app. Pure: the apps set document.title with it (apps/shared/page-title.ts).

export const GALLERY_APP_TITLE = "Atelier Gallery"
export const DASHBOARD_APP_TITLE = "Atelier Dashboard"

/** "<page> — <app>", or the app's name alone for a page without a title of its own (the gallery's home). */
export function pageTitle(page: string | null | undefined, app: string): string {
  const text = page?.replace(/\s+/g, " ").trim()
  return text ? `${text} — ${app}` : app
}

/**
 * The artist dashboard's pages by path (below /dashboard), most specific first; its pages show no name of their own
 * in the title (an order or a product is opened from its list).
 */
const DASHBOARD_PAGES: [RegExp, string][] = [
  [/^\/?$/, "Overview"],
  [/^\/products\/new$/, "New product"],
  [/^\/products\/[^/]+$/, "Product"],
  [/^\/products$/, "Products"],
  [/^\/orders\/[^/]+$/, "Order"],
  [/^\/orders$/, "Orders"],
  [/^\/analytics$/, "Analytics"],
  [/^\/payouts$/, "Payouts"],
  [/^\/campaigns\/new$/, "New campaign"],
  [/^\/campaigns\/segments(?:\/[^/]+)?$/, "Segment"],
  [/^\/campaigns\/[^/]+$/, "Campaign"],
  [/^\/campaigns$/, "Campaigns"],
  [/^\/(?:settings\/)?channels$/, "Channels"],
  [/^\/webhooks\/[^/]+$/, "Webhook endpoint"],
  [/^\/webhooks$/, "Webhooks"],
  [/^\/settings\/storefront$/, "Storefront settings"],
  [/^\/settings\/account$/, "Account settings"],
  [/^\/settings\/notifications$/, "Notification settings"],
  [/^\/settings\/payouts$/, "Payouts"],
  [/^\/settings\/shipping$/, "Shipping"],
  [/^\/settings\/api-keys$/, "API keys"],
  [/^\/settings$/, "Settings"],
  [/^\/login$/, "Log in"],
  [/^\/signup$/, "Sign up"],
  [/^\/reset-password$/, "Reset your password"],
  [/^\/organizations\/new$/, "New studio"],
]

/**
 * The title of the dashboard page at `path` (the app's path, "/orders/ord_1"); "Page not found" for any other. Who
 * is there decides first: a visitor not logged in sees the login at any path but the sign-up and the password reset,
 * a member without a studio the form creating one.
 */
export function dashboardPageTitle(path: string, session: "member" | "anonymous" | "no-organization" = "member"): string {
  const clean = path.replace(/\/+$/, "") || "/"
  const shown =
    clean === "/reset-password" || session === "member"
      ? clean
      : session === "anonymous"
        ? clean === "/signup"
          ? clean
          : "/login"
        : "/organizations/new"
  return DASHBOARD_PAGES.find(([pattern]) => pattern.test(shown))?.[1] ?? "Page not found"
}
