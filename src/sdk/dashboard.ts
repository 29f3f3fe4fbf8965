// The artist dashboard's part of the SDK (docs/artist-dashboard.md): typed methods for the creator-dashboard routes
// (`/api/*` with a member token: registration, organizations, payouts, products, orders, analytics, settings, API
// keys) and the gallery's artist analytics. Like the storefront part, request types are the routes' own zod schemas
// and response types their view functions' return types, imported as types only.
import type { z } from "@medusajs/framework/zod"
import type { ArtistAnalytics } from "../lib/analytics-math"
import type { SettingsByKind, SocialNetwork, CustomColorName } from "../lib/organization-settings"
import type { DashboardProduct, DashboardVariant } from "../queries/dashboard-products"
import type { ShippedStoreOrder } from "../processes/order-book/ship-store-order"
import type { dashboardPagination } from "../lib/order-book"
import type { ArtistAnalyticsQuery } from "../api/api/gallery/artist/analytics/validators"
import type { CreateMemberBody, UpdateMemberBody } from "../api/api/members/validators"
import type { DashboardOrdersQuery, OrderShipBody } from "../api/api/orders/validators"
import type { dashboardOrderView, orderDetailView } from "../api/api/orders/order-view"
import type { refundView } from "../api/api/orders/refund-view"
import type { returnView } from "../api/api/orders/return-view"
import type { RefundBody } from "../api/api/orders/[id]/refunds/validators"
import type { AcceptReturnBody, RefuseReturnBody } from "../api/api/orders/[id]/returns/validators"
import type { CheckSlugQuery, CreateOrganizationBody } from "../api/api/organizations/validators"
import type { StartPayoutOnboardingBody } from "../api/api/payouts/validators"
import type { LedgerBalanceView, LedgerEntryView, LedgerStatement } from "../queries/ledger"
import type { CreateProductBody, CreateVariantBody, ListProductsQuery, UpdateProductBody, UpdateVariantBody } from "../api/api/products/validators"
import type { apiKeyView } from "../api/api/settings/api-keys/api-key-view"
import type { CreateApiKeyBody } from "../api/api/settings/api-keys/validators"
import type { AccountSettingsBody, NotificationSettingsBody, ReturnSettingsBody, StorefrontSettingsBody } from "../api/api/settings/validators"
import type { organizationView } from "../api/utils/organization-view"
import type { campaignView } from "../api/api/campaigns/campaign-view"
import type { CreateCampaignBody, ListCampaignsQuery } from "../api/api/campaigns/validators"
import type { ConnectGumroadBody } from "../api/api/channels/validators"
import type { segmentView } from "../api/api/segments/segment-view"
import type { CreateSegmentBody, SegmentFiltersSchema, UpdateSegmentBody } from "../api/api/segments/validators"
import type { webhookDeliveryView, webhookEndpointView } from "../api/api/webhook-endpoints/webhook-endpoint-view"
import type { CreateWebhookEndpointBody, ListDeliveriesQuery, UpdateWebhookEndpointBody } from "../api/api/webhook-endpoints/validators"
import type { ImportResult } from "../processes/channels/import-listings"
import type { shippingRateView } from "../lib/shipping-rates"
import type { shippingOriginView } from "../api/api/shipping-origin/shipping-origin-view"
import type { ShippingOriginBody } from "../api/api/shipping-origin/validators"
import type { CreateShippingRateBody } from "../api/api/shipping-rates/validators"
import type { StoredImage } from "../lib/images"
import type { CampaignStatus } from "../lib/campaigns"
import type { Channel } from "../lib/channels"
import type { ConnectionView, Revocation } from "../modules/channels"
import type { AtelierSdk, Jsonified } from "./index"

// ------------------------------------------------------------------------------------------------------------
// Requests. Query schemas read their parameters as `unknown` (to word their own messages about strings from a URL):
// their parameters are typed as what the route parses them into. The same goes for partial updates, whose fields
// are `unknown` until parsed, and for prices and quantities, which the product schemas check themselves.

/** POST /api/members: completes a registration (with the token of POST /auth/member/emailpass/register). */
export type RegisterMemberRequest = z.input<typeof CreateMemberBody>
export type UpdateMemberRequest = z.input<typeof UpdateMemberBody>
export type CreateOrganizationRequest = z.input<typeof CreateOrganizationBody>
export type CheckSlugParams = z.input<typeof CheckSlugQuery>
/** GET /api/products: `status` draft|active|archived (null: all), `search` in the title, `limit` 1-100, `offset`. */
export type ProductListParams = Partial<z.output<typeof ListProductsQuery>>
/** POST /api/products: prices are USD numbers (major unit, at most two decimals), stock a whole number. */
export type CreateProductRequest = Omit<z.input<typeof CreateProductBody>, "base_price" | "inventory_quantity"> & {
  base_price?: number | null
  inventory_quantity?: number
}
/** PUT /api/products/{id}: only the fields given change (at least one). */
export type UpdateProductRequest = Partial<z.output<typeof UpdateProductBody>>
export type CreateVariantRequest = Omit<z.input<typeof CreateVariantBody>, "price" | "compare_at_price" | "inventory_quantity"> & {
  price: number
  compare_at_price?: number | null
  inventory_quantity?: number
}
export type UpdateVariantRequest = Partial<z.output<typeof UpdateVariantBody>>
/**
 * POST /api/shipping-rates (docs/shipping.md): amounts are USD numbers (at most two decimals, 0-10,000), countries
 * ISO 3166-1 alpha-2 codes, or `rest_of_world: true` for every country the other rates do not name.
 */
export type CreateShippingRateRequest = Omit<
  z.input<typeof CreateShippingRateBody>,
  "first_item_amount" | "additional_item_amount" | "free_shipping_threshold" | "min_delivery_days" | "max_delivery_days"
> & {
  first_item_amount: number
  additional_item_amount?: number
  free_shipping_threshold?: number | null
  min_delivery_days?: number | null
  max_delivery_days?: number | null
}
/** PATCH /api/shipping-rates/{id}: only the fields given change (at least one). */
export type UpdateShippingRateRequest = Partial<CreateShippingRateRequest>
/** PUT /api/shipping-origin: the address the organization ships from. */
export type ShippingOriginRequest = z.input<typeof ShippingOriginBody>
/** GET /api/dashboard/orders: `status` (null: all), `search` (order number, customer email or name), `page`, `per_page`. */
export type DashboardOrdersParams = Partial<z.output<typeof DashboardOrdersQuery>>
/** POST /api/orders/{id}/ship: carrier UPS, USPS, FedEx or an https tracking URL (blank: none). */
export type ShipOrderRequest = Omit<z.input<typeof OrderShipBody>, "tracking_number"> & { tracking_number: string }
export type OrderAnalyticsParams = { days?: number }
/**
 * POST /api/orders/{id}/refunds (owners; gallery orders only, docs/refunds.md): a `reason` with either `items` (the
 * order's line ids with quantities) and/or `include_shipping`, or an `amount` in dollars.
 */
export type RefundRequest = Omit<z.input<typeof RefundBody>, "items" | "amount"> & {
  items?: Array<{ id: string; quantity: number }>
  amount?: number
}
/** POST /api/orders/{id}/returns/{returnId}/accept: how the customer sends the items back (optional). */
export type AcceptReturnRequest = z.input<typeof AcceptReturnBody>
/** POST /api/orders/{id}/returns/{returnId}/refuse: why (required; the customer reads it). */
export type RefuseReturnRequest = z.input<typeof RefuseReturnBody>
/** PUT /api/settings/returns: days after the artist's shipment a customer may ask for a return (0..365, 0: none). */
export type ReturnSettingsRequest = Omit<z.input<typeof ReturnSettingsBody>, "return_window_days"> & { return_window_days: number }
/** GET /api/gallery/artist/analytics: ISO dates (default: the last 30 days, at most one year). */
export type ArtistAnalyticsParams = Omit<z.output<typeof ArtistAnalyticsQuery>, "start_date" | "end_date"> & {
  start_date?: string
  end_date?: string
}
export type StorefrontSettingsRequest = Omit<z.input<typeof StorefrontSettingsBody>, "social_links" | "custom_colors"> & {
  social_links?: Partial<Record<SocialNetwork, string>> | null
  custom_colors?: Partial<Record<CustomColorName, string>> | null
}
export type AccountSettingsRequest = z.input<typeof AccountSettingsBody>
export type NotificationSettingsRequest = z.input<typeof NotificationSettingsBody>
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyBody>
export type PayoutOnboardingRequest = z.input<typeof StartPayoutOnboardingBody>
/**
 * GET /api/payouts/ledger: `limit` 1-100 (default 50), `cursor` (the previous page's `next_cursor`), `from` / `to`
 * (UTC ISO dates or date-times: a date alone is a whole day, both ends included; a date-time's `to` is exclusive).
 */
export type LedgerListParams = { limit?: number; cursor?: string | null; from?: string; to?: string }
/** A segment's filters: ISO dates, USD, an artwork type, a source; null or absent: not filtered on. */
export type SegmentFiltersRequest = z.input<typeof SegmentFiltersSchema>
export type CreateSegmentRequest = z.input<typeof CreateSegmentBody>
/** PUT /api/segments/{id}: the name and/or the filters (as a whole). */
export type UpdateSegmentRequest = z.input<typeof UpdateSegmentBody>
/** POST /api/campaigns: a draft; `content` is HTML (sanitised by the route), `scheduled_at` an ISO date-time ahead. */
export type CreateCampaignRequest = z.input<typeof CreateCampaignBody>
/** GET /api/campaigns: `status` (absent: all), `limit` 1-100, `offset`. */
export type CampaignListParams = Partial<z.output<typeof ListCampaignsQuery>>
export type ConnectGumroadRequest = z.input<typeof ConnectGumroadBody>
export type CreateWebhookEndpointRequest = z.input<typeof CreateWebhookEndpointBody>
/** PATCH /api/webhook-endpoints/{id}: any of url, events, description; `enabled` disables or re-enables it. */
export type UpdateWebhookEndpointRequest = z.input<typeof UpdateWebhookEndpointBody>
/** GET /api/webhook-endpoints/{id}/deliveries: `limit` 1-100 (default 50), `offset`. */
export type WebhookDeliveryListParams = Partial<z.output<typeof ListDeliveriesQuery>>

// Responses.

export type Member = { id: string; email: string; first_name: string | null; last_name: string | null }
export type MembershipRole = "owner" | "member"
/** GET /api/members/me: the member and the organizations it belongs to, with its role in each. */
export type MemberProfile = {
  member: Member
  /** `gallery_approved`: the gallery's administrators approved the organization; until then its works are not in the gallery. */
  organizations: Array<{ id: string; name: string; slug: string; role: MembershipRole; gallery_approved: boolean }>
}
export type Organization = Jsonified<ReturnType<typeof organizationView>>
export type { DashboardProduct, DashboardVariant }
export type DashboardProductList = { products: DashboardProduct[]; count: number; limit: number; offset: number }
/** POST /api/uploads: the stored image; its `url` goes into a product's `product_images`. */
export type UploadedImage = StoredImage
export type DashboardOrder = Jsonified<ReturnType<typeof dashboardOrderView>>
export type DashboardOrderDetail = Jsonified<ReturnType<typeof orderDetailView>>
/** A refund of a gallery order (USD; `status` succeeded, or pending while its money is still moving). */
export type OrderRefund = Jsonified<ReturnType<typeof refundView>>
/** A customer's return of a gallery order's items: requested, then accepted or refused, then received (refunded). */
export type OrderReturn = Jsonified<ReturnType<typeof returnView>>
export type ReturnSettings = { return_window_days: number }
export type DashboardOrderList = { orders: DashboardOrder[]; pagination: ReturnType<typeof dashboardPagination> }
/** POST /api/orders/{id}/ship: a gallery order answers its artist order's status (`shipped`), a store order `shipped`. */
export type ShipOrderResponse = { success: true; order: Omit<ShippedStoreOrder, "status" | "shipped_at"> & { status: string; shipped_at: string | null } }
/** GET /api/analytics: the organization's orders (store and gallery) created in the last `days` days. */
export type OrderAnalytics = {
  revenue: { total: number; currency: "usd" }
  orders: { total: number; completed: number; pending: number }
  topProducts: Array<{ id: string; title: string; revenue: number; quantity: number }>
}
export type { ArtistAnalytics }
export type PayoutStatus = {
  connected: boolean
  charges_enabled: boolean
  payouts_enabled: boolean
  details_submitted: boolean
  pending_payouts: { count: number; amount: number }
}
/** One money movement of the organization (docs/payouts-ledger.md): `amount` its size, `earned` / `sent` signed USD. */
export type LedgerEntry = LedgerEntryView
export type LedgerPage = { entries: LedgerEntry[]; has_more: boolean; next_cursor: string | null }
/** earned and sent: the sums of the ledger; held: unsent payouts an open dispute holds back; pending: still to send. */
export type LedgerBalance = LedgerBalanceView
/** A month's statement: opening sums, the month's entries oldest first, totals per kind, closing sums. */
export type { LedgerStatement }
export type ApiKey = Jsonified<ReturnType<typeof apiKeyView>>
export type StorefrontSettings = SettingsByKind["storefront"]
export type AccountSettings = SettingsByKind["account"]
export type NotificationSettings = SettingsByKind["notifications"]
export type Segment = Jsonified<ReturnType<typeof segmentView>>
/**
 * A campaign (`campaignView`): its keys are the view's; their types are declared here because the view reads its
 * record's fields as `unknown` (everything but the status).
 */
export type Campaign = { [K in keyof ReturnType<typeof campaignView>]: CampaignFields[K] }
type CampaignFields = {
  id: string
  org_id: string
  name: string
  subject: string
  /** The sanitised HTML. */
  content: string
  segment_id: string
  status: CampaignStatus
  scheduled_at: string | null
  send_started_at: string | null
  sent_at: string | null
  /** Addresses written when it started sending (0 before). */
  recipients: number
  stats: Record<"sent" | "delivered" | "opened" | "clicked" | "bounced" | "complained" | "failed", number>
  created_at: string
  updated_at: string
}
export type CampaignList = { campaigns: Campaign[]; count: number; limit: number; offset: number }
/** POST /api/campaigns/{id}/send: `scheduled` (sent at `scheduled_at`) or `sending` (now, in the background). */
export type SendCampaignResponse = { success: true; recipients: number; campaign_id: string; status: Campaign["status"] }
/**
 * GET /api/campaigns/{id}/preview: the email as a recipient gets it (the store's footer and an unsubscribe link
 * included), addressed to the member asking; `from_name` is the sender's display name.
 */
export type CampaignPreview = { from_name: string; to: string; subject: string; html: string; text: string }
/** POST /api/campaigns/{id}/test-send: where the test email went (the member's own address). */
export type CampaignTestResponse = { success: true; to: string }
export type ChannelConnection = Jsonified<ConnectionView>
export type { Channel, Revocation }
export type ChannelImportResult = ImportResult
export type WebhookEndpoint = Jsonified<ReturnType<typeof webhookEndpointView>>
export type ShippingRate = Jsonified<ReturnType<typeof shippingRateView>>
export type ShippingOrigin = Jsonified<ReturnType<typeof shippingOriginView>>
export type WebhookDelivery = Jsonified<ReturnType<typeof webhookDeliveryView>>
export type WebhookDeliveryList = { deliveries: WebhookDelivery[]; count: number; limit: number; offset: number }
export type Deleted<Object extends string> = { id: string; object: Object; deleted: true }

// ------------------------------------------------------------------------------------------------------------

export type AtelierDashboardConfig = {
  /**
   * The organization the calls act for (sent as `X-Organization-ID`), read at each call; null or absent: the member's
   * only organization. An `org_id` in a request overrides it.
   */
  organizationId?: () => string | null | undefined
}

const path = (strings: TemplateStringsArray, ...values: string[]) =>
  strings.reduce((out, part, i) => out + part + (i < values.length ? encodeURIComponent(values[i]) : ""), "")

/**
 * The dashboard's calls on an SDK whose client carries the member's token (`createAtelierAuth(sdk).login("member",
 * "emailpass", ...)`). Separate from `createAtelierSdk`, like the auth helpers, so that a storefront does not
 * download them.
 *
 * ```ts
 * const sdk = createAtelierSdk()
 * await createAtelierAuth(sdk).login("member", "emailpass", { email, password })
 * const dashboard = createAtelierDashboard(sdk, { organizationId: () => localStorage.getItem("org") })
 * const { orders } = await dashboard.orders.list({ status: "paid", search: "ada" })
 * ```
 */
export function createAtelierDashboard(sdk: AtelierSdk, config: AtelierDashboardConfig = {}) {
  const { client } = sdk
  const headers = () => {
    const organizationId = config.organizationId?.()
    return organizationId ? { "X-Organization-ID": organizationId } : undefined
  }
  const call = <T>(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, input?: { query?: object; body?: object }) =>
    client.fetch<T>(url, { method, headers: headers(), query: input?.query as Record<string, unknown>, body: input?.body })

  return {
    members: {
      /** Completes a registration; log in again afterwards for a token that carries the member. */
      create: (body: RegisterMemberRequest) => call<{ member: Member }>("POST", "/api/members", { body }),
      me: () => call<MemberProfile>("GET", "/api/members/me"),
      update: (body: UpdateMemberRequest) => call<{ member: Member }>("PATCH", "/api/members/me", { body }),
    },
    organizations: {
      /** The member becomes the new organization's owner. */
      create: (body: CreateOrganizationRequest) => call<{ organization: Organization }>("POST", "/api/organizations", { body }),
      checkSlug: (query: CheckSlugParams) =>
        call<{ available: boolean; slug: string }>("GET", "/api/organizations/check-slug", { query }),
    },
    payouts: {
      /** Owners: a fresh onboarding link (Stripe's hosted page, or the sandbox's with the local gateway). */
      startOnboarding: (body: PayoutOnboardingRequest = {}) => call<{ url: string }>("POST", "/api/payouts/onboarding", { body }),
      status: () => call<PayoutStatus>("GET", "/api/payouts/status"),
      /** Any member: earned, sent, pending and held (USD). */
      balance: () => call<{ balance: LedgerBalance }>("GET", "/api/payouts/balance"),
      /** Any member: a page of the ledger, newest first; pass `next_cursor` as `cursor` for the next one. */
      ledger: (query: LedgerListParams = {}) => call<LedgerPage>("GET", "/api/payouts/ledger", { query }),
      /** Any member: a month's statement (`YYYY-MM`, UTC) as JSON. */
      statement: (month: string) => call<{ statement: LedgerStatement }>("GET", path`/api/payouts/statements/${month}`),
      /** Any member: a month's statement as CSV text (a header row, then one row per entry, oldest first). */
      statementCsv: async (month: string) => {
        // Any other Accept than JSON: the client answers the Response itself.
        const response = await client.fetch<Response>(path`/api/payouts/statements/${month}`, {
          method: "GET",
          headers: { ...headers(), accept: "text/csv" },
        })
        return response.text()
      },
    },
    products: {
      list: (query: ProductListParams = {}) => call<DashboardProductList>("GET", "/api/products", { query }),
      create: (body: CreateProductRequest) => call<{ product: DashboardProduct }>("POST", "/api/products", { body }),
      retrieve: (id: string) => call<{ product: DashboardProduct }>("GET", path`/api/products/${id}`),
      update: (id: string, body: UpdateProductRequest) => call<{ product: DashboardProduct }>("PUT", path`/api/products/${id}`, { body }),
      /** Medusa's soft delete; the order history keeps the product. */
      delete: (id: string) => call<Deleted<"product">>("DELETE", path`/api/products/${id}`),
      variants: {
        list: (id: string) => call<{ variants: DashboardVariant[] }>("GET", path`/api/products/${id}/variants`),
        create: (id: string, body: CreateVariantRequest) =>
          call<{ variant: DashboardVariant }>("POST", path`/api/products/${id}/variants`, { body }),
        update: (id: string, variantId: string, body: UpdateVariantRequest) =>
          call<{ variant: DashboardVariant }>("PUT", path`/api/products/${id}/variants/${variantId}`, { body }),
        /** The last variant of a product cannot be deleted (400). */
        delete: (id: string, variantId: string) => call<Deleted<"variant">>("DELETE", path`/api/products/${id}/variants/${variantId}`),
      },
    },
    uploads: {
      /**
       * An image (JPEG, PNG, WebP or GIF, at most the server's limit: 5 MB unless configured) stored with the server's
       * file module, sent as multipart/form-data in the field `file`.
       */
      create: (file: Blob, filename?: string) => {
        const form = new FormData()
        form.append("file", file, filename)
        // No JSON content type: the browser sets multipart/form-data with its boundary.
        return client.fetch<{ file: UploadedImage }>("/api/uploads", {
          method: "POST",
          headers: { ...headers(), "content-type": null },
          body: form,
        })
      },
    },
    orders: {
      /** Store and gallery orders alike (`source`), newest first. */
      list: (query: DashboardOrdersParams = {}) => call<DashboardOrderList>("GET", "/api/dashboard/orders", { query }),
      retrieve: (id: string) => call<{ order: DashboardOrderDetail }>("GET", path`/api/dashboard/orders/${id}`),
      ship: (id: string, body: ShipOrderRequest) => call<ShipOrderResponse>("POST", path`/api/orders/${id}/ship`, { body }),
      /** A gallery order's refunds (any member lists; owners refund). 400 for a store order. */
      refunds: {
        list: (id: string) => call<{ refunds: OrderRefund[] }>("GET", path`/api/orders/${id}/refunds`),
        create: (id: string, body: RefundRequest) => call<{ refund: OrderRefund }>("POST", path`/api/orders/${id}/refunds`, { body }),
      },
      /** A gallery order's returns (any member lists; owners accept, refuse and receive, which refunds the items). */
      returns: {
        list: (id: string) => call<{ returns: OrderReturn[] }>("GET", path`/api/orders/${id}/returns`),
        accept: (id: string, returnId: string, body: AcceptReturnRequest = {}) =>
          call<{ return: OrderReturn }>("POST", path`/api/orders/${id}/returns/${returnId}/accept`, { body }),
        refuse: (id: string, returnId: string, body: RefuseReturnRequest) =>
          call<{ return: OrderReturn }>("POST", path`/api/orders/${id}/returns/${returnId}/refuse`, { body }),
        receive: (id: string, returnId: string) =>
          call<{ return: OrderReturn }>("POST", path`/api/orders/${id}/returns/${returnId}/receive`, { body: {} }),
      },
    },
    analytics: {
      /** Revenue, order counts and top products of every order (store and gallery) of the last `days` days. */
      orders: (query: OrderAnalyticsParams = {}) => call<OrderAnalytics>("GET", "/api/analytics", { query }),
      /** The gallery's figures for the organization, with a daily timeline. */
      gallery: (query: ArtistAnalyticsParams) =>
        call<{ analytics: ArtistAnalytics }>("GET", "/api/gallery/artist/analytics", { query }),
    },
    settings: {
      storefront: {
        retrieve: () => call<{ settings: StorefrontSettings }>("GET", "/api/settings/storefront"),
        update: (body: StorefrontSettingsRequest) => call<{ settings: StorefrontSettings }>("PUT", "/api/settings/storefront", { body }),
      },
      account: {
        retrieve: () => call<{ settings: AccountSettings }>("GET", "/api/settings/account"),
        update: (body: AccountSettingsRequest) => call<{ settings: AccountSettings }>("PUT", "/api/settings/account", { body }),
      },
      notifications: {
        retrieve: () => call<{ settings: NotificationSettings }>("GET", "/api/settings/notifications"),
        update: (body: NotificationSettingsRequest) =>
          call<{ settings: NotificationSettings }>("PUT", "/api/settings/notifications", { body }),
      },
      /** The return window (any member reads; owners change it). */
      returns: {
        retrieve: () => call<{ settings: ReturnSettings }>("GET", "/api/settings/returns"),
        update: (body: ReturnSettingsRequest) => call<{ settings: ReturnSettings }>("PUT", "/api/settings/returns", { body }),
      },
      apiKeys: {
        list: () => call<{ api_keys: ApiKey[] }>("GET", "/api/settings/api-keys"),
        /** `key` is in this answer only: it is never shown again. */
        create: (body: CreateApiKeyRequest) => call<{ api_key: ApiKey; key: string }>("POST", "/api/settings/api-keys", { body }),
        revoke: (id: string) =>
          call<Deleted<"api_key"> & { revoked_at: string }>("DELETE", path`/api/settings/api-keys/${id}`),
      },
    },
    /** Any member of the organization. Each segment carries its audience's live `count`. */
    segments: {
      list: () => call<{ segments: Segment[] }>("GET", "/api/segments"),
      create: (body: CreateSegmentRequest) => call<{ segment: Segment }>("POST", "/api/segments", { body }),
      retrieve: (id: string) => call<{ segment: Segment }>("GET", path`/api/segments/${id}`),
      update: (id: string, body: UpdateSegmentRequest) => call<{ segment: Segment }>("PUT", path`/api/segments/${id}`, { body }),
      /** 409 while a campaign not yet sent uses it. */
      delete: (id: string) => call<Deleted<"segment">>("DELETE", path`/api/segments/${id}`),
    },
    /** Members read and draft; owners send. */
    campaigns: {
      list: (query: CampaignListParams = {}) => call<CampaignList>("GET", "/api/campaigns", { query }),
      create: (body: CreateCampaignRequest) => call<{ campaign: Campaign }>("POST", "/api/campaigns", { body }),
      retrieve: (id: string) => call<{ campaign: Campaign }>("GET", path`/api/campaigns/${id}`),
      /** Owners. 409 when it is already scheduled, sending or sent. */
      send: (id: string) => call<SendCampaignResponse>("POST", path`/api/campaigns/${id}/send`, { body: {} }),
      /** Any member, any status. */
      preview: (id: string) => call<{ preview: CampaignPreview }>("GET", path`/api/campaigns/${id}/preview`),
      /** Any member: emailed once to their own address, subject marked "[Test]"; the campaign does not change. */
      test: (id: string) => call<CampaignTestResponse>("POST", path`/api/campaigns/${id}/test-send`, { body: {} }),
    },
    /** Listing and importing: any member; connecting and disconnecting: owners. */
    channels: {
      list: () => call<{ connections: ChannelConnection[] }>("GET", "/api/channels"),
      /** Owners: Etsy's authorization page, to send the browser to (503 while the server has no Etsy app credentials). */
      etsyAuthorizationUrl: () => call<{ url: string }>("GET", "/api/channels/etsy/auth", { query: { format: "json" } }),
      /** Owners: the token is checked with Gumroad first (400 when Gumroad refuses it). */
      connectGumroad: (body: ConnectGumroadRequest) =>
        call<{ connection: ChannelConnection }>("POST", "/api/channels/gumroad/connect", { body }),
      disconnect: (channel: Channel) =>
        call<{ connection: ChannelConnection; revocation: Revocation }>("DELETE", path`/api/channels/${channel}/disconnect`),
      /** Each listing not imported before becomes a draft product. */
      import: (channel: Channel) => call<ChannelImportResult>("POST", path`/api/channels/${channel}/import`, { body: {} }),
    },
    /** Owners only (plain members are refused with 403). */
    /** Any member of the organization reads; owners write (docs/shipping.md). */
    shippingRates: {
      list: () => call<{ shipping_rates: ShippingRate[] }>("GET", "/api/shipping-rates"),
      create: (body: CreateShippingRateRequest) => call<{ shipping_rate: ShippingRate }>("POST", "/api/shipping-rates", { body }),
      retrieve: (id: string) => call<{ shipping_rate: ShippingRate }>("GET", path`/api/shipping-rates/${id}`),
      update: (id: string, body: UpdateShippingRateRequest) =>
        call<{ shipping_rate: ShippingRate }>("PATCH", path`/api/shipping-rates/${id}`, { body }),
      delete: (id: string) => call<Deleted<"shipping_rate">>("DELETE", path`/api/shipping-rates/${id}`),
    },
    /** Where the organization ships from: any member reads, owners set it. */
    shippingOrigin: {
      retrieve: () => call<{ shipping_origin: ShippingOrigin }>("GET", "/api/shipping-origin"),
      update: (body: ShippingOriginRequest) => call<{ shipping_origin: ShippingOrigin }>("PUT", "/api/shipping-origin", { body }),
    },
    webhookEndpoints: {
      list: () => call<{ webhook_endpoints: WebhookEndpoint[] }>("GET", "/api/webhook-endpoints"),
      /** `secret` (whsec_...) is in this answer only. */
      create: (body: CreateWebhookEndpointRequest) =>
        call<{ webhook_endpoint: WebhookEndpoint; secret: string }>("POST", "/api/webhook-endpoints", { body }),
      retrieve: (id: string) => call<{ webhook_endpoint: WebhookEndpoint }>("GET", path`/api/webhook-endpoints/${id}`),
      update: (id: string, body: UpdateWebhookEndpointRequest) =>
        call<{ webhook_endpoint: WebhookEndpoint }>("PATCH", path`/api/webhook-endpoints/${id}`, { body }),
      delete: (id: string) => call<Deleted<"webhook_endpoint">>("DELETE", path`/api/webhook-endpoints/${id}`),
      deliveries: {
        list: (id: string, query: WebhookDeliveryListParams = {}) =>
          call<WebhookDeliveryList>("GET", path`/api/webhook-endpoints/${id}/deliveries`, { query }),
        /** 202: a new delivery of the same event; 409 while the endpoint is disabled. */
        redeliver: (id: string, deliveryId: string) =>
          call<{ delivery: WebhookDelivery }>("POST", path`/api/webhook-endpoints/${id}/deliveries/${deliveryId}/redeliver`, { body: {} }),
      },
    },
  }
}

export type AtelierDashboard = ReturnType<typeof createAtelierDashboard>
