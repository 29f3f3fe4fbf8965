// The typed storefront SDK (docs/storefront-ui.md): Medusa's JS SDK (`@medusajs/js-sdk`) with typed methods for
// Atelier's gallery and storefront routes. Runs in browsers and in Node. Import it as `atelier/sdk` (package.json
// "exports") or from this file.
//
// Request types are the routes' own zod schemas (`z.input` of the validators), imported as types only: nothing of
// the server reaches a browser bundle. Response types are the routes' view functions' return types, as JSON carries
// them (dates as ISO strings). `npm run build:sdk` builds it into its own package (packages/sdk: JavaScript with
// Medusa's client bundled, and declarations with these types written out).
import { Auth, Client, FetchError, type ClientFetch, type Config, type FetchArgs, type FetchInput } from "@medusajs/js-sdk"
import type { z } from "@medusajs/framework/zod"
import type { ShippingAddress, ShippingQuoteView } from "../lib/gallery-checkout"
import type { PublicGalleryOrder, confirmOrderView } from "../queries/gallery-orders"
import type { collectionListView, DetailItem } from "../api/api/admin/collections/collection-view"
import type { GalleryArtistView } from "../api/api/gallery/artists/artist-view"
import type { GalleryArtistQuery } from "../api/api/gallery/artists/validators"
import type { spotlightView } from "../api/api/admin/spotlights/spotlight-view"
import type { CartEmailBody } from "../api/api/cart/validators"
import type { CreatePaymentIntentBody } from "../api/api/create-payment-intent/validators"
import type { CartView } from "../api/api/gallery/cart/cart-view"
import type { CartAddBody, CartQuery, CartRemoveBody, CartUpdateBody } from "../api/api/gallery/cart/validators"
import type { CheckoutBody, ConfirmBody, ShippingAddressBody } from "../api/api/gallery/checkout/validators"
import type { GalleryCollectionsQuery } from "../api/api/gallery/collections/validators"
import type { SubscribeBody, UnsubscribeBody } from "../api/api/gallery/newsletter/validators"
import type { ArtistAddressBody, ReturnRequestBody } from "../api/api/gallery/orders/validators"
import type { publicReturnView } from "../api/api/orders/return-view"
import type { ListedGalleryProduct } from "../api/api/gallery/products/product-view"
import type { GalleryProductsQuery } from "../api/api/gallery/products/validators"
import type { TrackReferralBody } from "../api/api/gallery/referral/validators"
import type { ShippingQuoteBody } from "../api/api/gallery/shipping/quote/validators"
import { AtelierCookieJar, setCookiesOf } from "./cookie-jar"

export { AtelierCookieJar }

// ------------------------------------------------------------------------------------------------------------
// Types

/** A value as JSON carries it: dates become ISO strings. */
export type Jsonified<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Jsonified<U>[]
    : T extends object
      ? { [K in keyof T]: Jsonified<T[K]> }
      : T

// Requests. Where a schema reads a field as `unknown` (to word its own messages), the field is typed as what the
// route accepts.

/** GET /api/gallery/products query (every field optional; defaults: sort newest, limit 20, offset 0). */
export type GalleryProductsParams = Partial<z.output<typeof GalleryProductsQuery>>
/** POST /api/gallery/cart/add: quantity defaults to 1; above 99 is capped to 99. */
export type CartAddRequest = Omit<z.input<typeof CartAddBody>, "quantity"> & { quantity?: number }
/** POST /api/gallery/cart/update: 0 removes the item, above 99 is capped to 99. */
export type CartUpdateRequest = Omit<z.input<typeof CartUpdateBody>, "quantity"> & { quantity: number }
export type CartRemoveRequest = z.input<typeof CartRemoveBody>
/** GET /api/gallery/cart query: `country` (ISO 3166-1 alpha-2) adds `cart.shippingQuote` for that destination. */
export type CartRetrieveParams = Pick<z.input<typeof CartQuery>, "country">
/**
 * POST /api/gallery/shipping/quote: `country` for every artist (single_address) or `countries {orgId: country}`
 * (per_artist); `shippingMethods {orgId: optionId}` prices the shopper's choice, as checkout's (docs/shipping.md).
 */
export type ShippingQuoteRequest = z.input<typeof ShippingQuoteBody>
/** The shipping address object (line2 optional; country an ISO 3166-1 alpha-2 code). */
export type ShippingAddressInput = z.input<typeof ShippingAddressBody>
/** POST /api/gallery/checkout: `shippingAddress` is required for single_address and ignored for per_artist. */
export type CheckoutRequest = Omit<z.input<typeof CheckoutBody>, "shippingAddress"> & {
  shippingAddress?: ShippingAddressInput | null
}
export type ConfirmRequest = z.input<typeof ConfirmBody>
/** POST /api/gallery/orders/{publicId}/addresses: `email` is the order's email (any case), its second key. */
export type ArtistAddressRequest = Omit<z.input<typeof ArtistAddressBody>, "email"> & { email: string }
/**
 * POST /api/gallery/orders/{publicId}/returns (docs/returns.md): the artist (`orgId`) whose items go back, the items by
 * product with quantities, a reason, and the order's email (the proof of being the buyer: a wrong one is 404).
 */
export type ReturnRequest = Omit<z.input<typeof ReturnRequestBody>, "email"> & { email: string }
export type TrackReferralRequest = z.input<typeof TrackReferralBody>
export type NewsletterSubscribeRequest = z.input<typeof SubscribeBody>
export type NewsletterUnsubscribeRequest = z.input<typeof UnsubscribeBody>
/** POST /api/cart/email (an artist's own storefront: abandoned-cart capture). */
export type CartEmailRequest = z.input<typeof CartEmailBody>
/**
 * POST /api/create-payment-intent (an artist's own storefront pays for a cart of that store's variants; prices come
 * from the store, never from the body). `referral_session_id` is for server-side storefronts that cannot forward the
 * shopper's `gallery_ref` cookie. `shipping_address` (its country required when the artist has shipping rates) and
 * `shipping_option_id` (default: the cheapest option for that country) add the artist's shipping to the charge.
 */
export type StorePaymentIntentRequest = z.input<typeof CreatePaymentIntentBody>
/** The local gateway's test cards. */
export type SandboxPaymentMethod = "pm_card_visa" | "pm_card_chargeDeclined"

// Responses.

export type GalleryProduct = ListedGalleryProduct
export type GalleryProductList = { products: GalleryProduct[]; count: number; limit: number; offset: number }
export type GalleryCollection = Jsonified<ReturnType<typeof collectionListView>>
/** A public collection's items: each with its product as the product list shows it (never null: eligible only). */
export type GalleryCollectionItem = Omit<DetailItem, "product"> & { product: GalleryProduct }
export type GalleryCollectionDetail = GalleryCollection & { items: GalleryCollectionItem[] }
export type GallerySpotlight = Jsonified<ReturnType<typeof spotlightView>>
export type GalleryCollectionsParams = Partial<z.output<typeof GalleryCollectionsQuery>>
export type GalleryArtist = GalleryArtistView
export type GalleryArtistParams = Partial<z.output<typeof GalleryArtistQuery>>
/** An artist's page: the artist and a page of its gallery-eligible works. */
export type GalleryArtistPage = { artist: GalleryArtist; products: GalleryProduct[]; count: number; limit: number; offset: number }
/**
 * What each artist of the cart charges to ship to a destination: per artist the options with amounts (USD), the
 * default (cheapest) and the one checkout would charge, or `available: false` and the reason checkout would refuse
 * with; an artist without rates ships free. `shipping`: the sum checkout would charge.
 */
export type GalleryShippingQuote = ShippingQuoteView
export type GalleryShippingQuoteArtist = ShippingQuoteView["artists"][number]
/** `shippingQuote`: present when the cart was read with a `country`. */
export type GalleryCart = CartView & { shippingQuote?: GalleryShippingQuote }
export type GalleryCartItem = CartView["items"][number]
export type GalleryConfig = { payments: { provider: "local" | "stripe" } }
export type CheckoutResponse = {
  clientSecret: string
  publicId: string
  total: number
  /** `shipping`: what the artists charge to ship, present when an artist of the order has rates (docs/shipping.md). */
  breakdown: { subtotal: number; shipping?: number; galleryFee: number; stripeFee: number; total: number }
  artists: Array<{
    orgId: string
    artistName: string
    itemCount: number
    subtotal: number
    /** Present when an artist of the order has rates (docs/shipping.md). */
    shipping?: number
    /** The option charged, null for an artist without rates. */
    shippingMethod?: { id: string; name: string | null } | null
    artistPayout: number
  }>
}
export type ConfirmResponse = { success: true; order: Jsonified<ReturnType<typeof confirmOrderView>> }
type PublicArtistOrder = Jsonified<PublicGalleryOrder["artistOrders"][number]>
/** An artist's part of a gallery order as the buyer sees it (status, tracking, its own address when per_artist). */
export type GalleryArtistOrder = Omit<PublicArtistOrder, "shippingAddress"> & { shippingAddress: ShippingAddress | null }
/** The public view of a gallery order (GET /api/gallery/orders/{publicId}): no internal or payment-provider ids. */
export type GalleryOrder = Omit<Jsonified<PublicGalleryOrder>, "shippingAddress" | "artistOrders" | "shippingOption"> & {
  shippingOption: CheckoutRequest["shippingOption"]
  shippingAddress: ShippingAddress | null
  artistOrders: GalleryArtistOrder[]
}
/** A return as the buyer sees it (status, the artist's instructions or refusal reason, the items by product). */
export type GalleryReturn = Jsonified<ReturnType<typeof publicReturnView>>
export type ReferralResponse = {
  success: true
  referral: { id: string; orgId: string; sessionId: string; createdAt: string; expiresAt: string }
}
export type NewsletterSubscribeResponse = {
  success: true
  subscriber: { id: string; email: string; isActive: boolean; subscribedAt: string }
}
export type SandboxPaymentIntent = { id: string; status: string; last_error: string | null }
/**
 * `platformFee`: the plan's fee in USD on the merchandise, taken from the charge as Stripe's application fee;
 * `shipping`: the artist's shipping in USD, added to the charge, present when the artist has shipping rates.
 */
export type StorePaymentIntentResponse = { clientSecret: string; platformFee: number; shipping?: number }

// ------------------------------------------------------------------------------------------------------------
// Errors

/**
 * A non-2xx answer. `message` is the API's own message whatever the family's body (`{error}` of the gallery,
 * `{error, code, details}` of the dashboard, `{error: {code, message}}` of the platform API, `{message}` of
 * Medusa's routes); `field` names the offending input when the API says which (the `X-Error-Field` header, or the
 * body's details), so that a form can show the message next to that field.
 */
export class AtelierApiError extends FetchError {
  readonly body: unknown
  readonly field: string | null
  readonly code: string | null

  constructor(status: number, statusText: string, body: unknown, field: string | null) {
    const parsed = AtelierApiError.parse(body)
    super(parsed.message || statusText || `HTTP ${status}`, statusText, status)
    this.name = "AtelierApiError"
    this.body = body
    this.code = parsed.code
    this.field = field ?? parsed.field
  }

  private static parse(body: unknown): { message: string | null; code: string | null; field: string | null } {
    const record = (value: unknown) => (value && typeof value === "object" ? (value as Record<string, unknown>) : {})
    const text = (value: unknown) => (typeof value === "string" && value ? value : null)
    const b = record(body)
    const nested = record(b.error)
    // `{error: "Unauthorized", message}`: the message says more than the error's name.
    const message = text(b.message) ?? text(b.error) ?? text(nested.message)
    const code = text(b.code) ?? text(nested.code) ?? text(b.type)
    const field = text(record(b.details).field) ?? text(record(nested.details).field)
    return { message, code, field }
  }
}

// ------------------------------------------------------------------------------------------------------------
// Client

export type AtelierSdkConfig = {
  /** The Atelier server. Default: the page's origin in a browser (a storefront served by Atelier itself). */
  baseUrl?: string
  /** In a browser, cookies (the gallery cart, the referral session) travel with `include` (default) and `same-origin`. */
  credentials?: "include" | "same-origin" | "omit"
  /**
   * Cookies outside a browser (Node): by default each SDK keeps the cookies the server sets in a jar of its own and
   * sends them back, as a browser does, so one SDK is one visitor (a server rendering for many shoppers makes one SDK
   * per shopper, or passes each shopper's jar). `false`: no jar (cookies are left to `fetch`). Default in a browser:
   * `false`, the browser keeps them.
   */
  cookies?: AtelierCookieJar | false
  /** Headers sent with every request (a `null` value removes a default one). */
  globalHeaders?: Config["globalHeaders"]
  /**
   * Medusa's JWT settings, for callers that log in (artists: `createAtelierAuth(sdk).login("member", "emailpass", ...)`).
   * The token is kept in localStorage in a browser, in memory elsewhere.
   */
  auth?: Config["auth"]
  publishableKey?: string
  /** A fetch of one's own (server-side rendering with a cookie jar, tests). Default: the global fetch. */
  fetch?: typeof fetch
}

const inBrowser = () => typeof window !== "undefined" && typeof document !== "undefined"

function resolveBaseUrl(config: AtelierSdkConfig): string {
  const baseUrl = config.baseUrl ?? (typeof window !== "undefined" ? window.location.origin : "")
  if (!baseUrl) throw new Error("Atelier SDK: baseUrl is required outside a browser")
  return baseUrl
}

type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>

function withQuery(url: URL, query: Record<string, unknown> | undefined) {
  for (const [key, value] of Object.entries(query ?? {}) as Array<[string, QueryValue]>) {
    if (value === null || value === undefined || value === "") continue
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item))
  }
}

/**
 * Medusa's client with the transport adapted to Atelier: cookies on every request (the gallery's cart and referral
 * sessions; Medusa's client sends them only in its "session" mode, which drops bearer tokens), the bearer token
 * when one is stored (members, administrators), and errors as `AtelierApiError` with the API's own message (Medusa's
 * client keeps only a body's `message`, which the gallery's `{error}` bodies lack).
 */
export class AtelierClient extends Client {
  // Set after super(): the transport built by initClient() (called from Client's constructor) reads them per request.
  private settings!: Required<Pick<AtelierSdkConfig, "credentials" | "cookies">> & AtelierSdkConfig & { baseUrl: string }

  constructor(config: AtelierSdkConfig = {}) {
    const baseUrl = resolveBaseUrl(config)
    // Medusa's client stores no token outside a browser unless told to; keep it in memory there, as a login expects.
    const auth = inBrowser() || config.auth?.jwtTokenStorageMethod ? config.auth : { ...config.auth, jwtTokenStorageMethod: "memory" as const }
    super({ baseUrl, globalHeaders: config.globalHeaders, auth, publishableKey: config.publishableKey })
    this.settings = {
      ...config,
      baseUrl,
      credentials: config.credentials ?? "include",
      cookies: config.cookies ?? (inBrowser() ? false : new AtelierCookieJar()),
    }
  }

  /** The jar this client keeps cookies in (null in a browser, where the browser keeps them). */
  get cookieJar(): AtelierCookieJar | null {
    return this.settings.cookies || null
  }

  protected initClient(): ClientFetch {
    const transport = async (input: FetchInput, init?: FetchArgs): Promise<unknown> => {
      const { baseUrl, credentials, globalHeaders, publishableKey, cookies } = this.settings
      const headers = new Headers({ "content-type": "application/json", accept: "application/json" })
      if (publishableKey) headers.set("x-publishable-api-key", publishableKey)
      const custom = { ...globalHeaders, ...(await this.getJwtHeader_()), ...init?.headers }
      for (const [key, value] of Object.entries(custom)) {
        if (value === null) headers.delete(key)
        else if (typeof value === "string") headers.set(key, value)
      }
      const url =
        input instanceof URL || typeof input === "string"
          ? new URL(`${new URL(baseUrl).pathname.replace(/\/$/, "")}/${String(input).replace(/^\//, "")}`, baseUrl)
          : null
      if (url) withQuery(url, init?.query)
      // The jar is the SDK's site's: its cookies go only to URLs built from baseUrl.
      const jar = url ? cookies : false
      const jarCookies = jar ? jar.header() : null
      if (jarCookies) headers.set("cookie", [headers.get("cookie"), jarCookies].filter(Boolean).join("; "))
      const { query: _query, headers: _headers, body: rawBody, ...rest } = init ?? {}
      const body =
        rawBody !== undefined && rawBody !== null && headers.get("content-type")?.includes("application/json") && typeof rawBody !== "string"
          ? JSON.stringify(rawBody)
          : (rawBody as BodyInit | null | undefined)
      const doFetch = this.settings.fetch ?? fetch
      const response = await doFetch(url ?? (input as Request), { ...rest, headers, body, credentials })
      if (jar) jar.store(setCookiesOf(response.headers))
      if (response.status >= 300) {
        const errorBody = await response.json().catch(() => null)
        throw new AtelierApiError(response.status, response.statusText, errorBody, response.headers.get("x-error-field"))
      }
      if (!headers.get("accept")?.includes("application/json")) return response
      return response.status === 204 ? undefined : response.json()
    }
    // Medusa types the transport as answering a Response; it answers the parsed JSON for JSON requests (as Medusa's does).
    return transport as ClientFetch
  }
}

// ------------------------------------------------------------------------------------------------------------
// The SDK

const path = (strings: TemplateStringsArray, ...values: string[]) =>
  strings.reduce((out, part, i) => out + part + (i < values.length ? encodeURIComponent(values[i]) : ""), "")

/**
 * The storefront SDK. Every method resolves with the route's body, or rejects with an `AtelierApiError`.
 *
 * ```ts
 * const sdk = createAtelierSdk({ baseUrl: "http://localhost:9000" })
 * const { products } = await sdk.gallery.products.list({ product_type: "print", limit: 12 })
 * await sdk.gallery.cart.add({ productId: products[0].id })
 * ```
 */
export function createAtelierSdk(config: AtelierSdkConfig = {}) {
  const client = new AtelierClient(config)
  const get = <T>(url: string, query?: Record<string, unknown>) => client.fetch<T>(url, { method: "GET", query })
  const post = <T>(url: string, body: object) => client.fetch<T>(url, { method: "POST", body })

  return {
    /** Medusa's client (`client.fetch` for any route, token storage). */
    client,

    gallery: {
      /** What the storefront needs before taking a payment (which gateway confirms card payments). */
      config: () => get<GalleryConfig>("/api/gallery/config"),
      products: {
        list: (params: GalleryProductsParams = {}) => get<GalleryProductList>("/api/gallery/products", params),
        /** 404 Product not found for an unknown or not gallery-eligible product. */
        retrieve: (id: string) => get<{ product: GalleryProduct }>(path`/api/gallery/products/${id}`),
      },
      collections: {
        /** Active collections; `product_id` keeps those that show that work. */
        list: (params: GalleryCollectionsParams = {}) => get<{ collections: GalleryCollection[] }>("/api/gallery/collections", params),
        retrieve: (slug: string) => get<{ collection: GalleryCollectionDetail }>(path`/api/gallery/collections/${slug}`),
      },
      spotlights: {
        list: () => get<{ spotlights: GallerySpotlight[] }>("/api/gallery/spotlights"),
      },
      artists: {
        /** A gallery-approved artist's page; 404 Artist not found otherwise. */
        retrieve: (slug: string, params: GalleryArtistParams = {}) => get<GalleryArtistPage>(path`/api/gallery/artists/${slug}`, params),
      },
      /** The cart lives in the `gallery_cart_session` cookie, created by the first add. */
      cart: {
        /** With `country`, the cart also carries `shippingQuote` for that destination. */
        retrieve: (params: CartRetrieveParams = {}) => get<{ cart: GalleryCart }>("/api/gallery/cart", params),
        add: (body: CartAddRequest) =>
          post<{ success: true; item: { id: string; productId: string; quantity: number; sessionId: string } }>(
            "/api/gallery/cart/add",
            body
          ),
        update: (body: CartUpdateRequest) =>
          post<{ success: true; item: { id: string; productId: string; quantity: number } }>("/api/gallery/cart/update", body),
        remove: (body: CartRemoveRequest) => post<{ success: true }>("/api/gallery/cart/remove", body),
      },
      shipping: {
        /** What each artist of the cart charges to ship to the destination, before paying (reads only). */
        quote: (body: ShippingQuoteRequest) => post<{ quote: GalleryShippingQuote }>("/api/gallery/shipping/quote", body),
      },
      checkout: {
        /** Creates the order and its payment intent; pay `clientSecret`, then `confirm`. */
        create: (body: CheckoutRequest) => post<CheckoutResponse>("/api/gallery/checkout", body),
        /** Settles the order once its payment succeeded (idempotent). */
        confirm: (body: ConfirmRequest) => post<ConfirmResponse>("/api/gallery/checkout/confirm", body),
      },
      orders: {
        /** The tracking view; the public id is the credential. */
        retrieve: (publicId: string) => get<{ order: GalleryOrder }>(path`/api/gallery/orders/${publicId}`),
        /** A per_artist order's address for one artist's shipment. */
        setArtistAddress: (publicId: string, body: ArtistAddressRequest) =>
          post<{ order: GalleryOrder }>(path`/api/gallery/orders/${publicId}/addresses`, body),
        /** Asks one artist to take back items of its shipped part (docs/returns.md); 201 `{return}`. */
        requestReturn: (publicId: string, body: ReturnRequest) =>
          post<{ return: GalleryReturn }>(path`/api/gallery/orders/${publicId}/returns`, body),
      },
      referral: {
        /** Records a click-through to an artist (cookie `gallery_ref`). */
        track: (body: TrackReferralRequest) => post<ReferralResponse>("/api/gallery/referral/track", body),
      },
      newsletter: {
        subscribe: (body: NewsletterSubscribeRequest) => post<NewsletterSubscribeResponse>("/api/gallery/newsletter/subscribe", body),
        unsubscribe: (body: NewsletterUnsubscribeRequest) => post<{ success: true }>("/api/gallery/newsletter/unsubscribe", body),
      },
    },

    /** An artist's own storefront. */
    store: {
      createPaymentIntent: (body: StorePaymentIntentRequest) => post<StorePaymentIntentResponse>("/api/create-payment-intent", body),
      /** Abandoned-cart capture: one reminder email later unless the shopper buys or unsubscribes. */
      captureCartEmail: (body: CartEmailRequest) => post<{ success: true }>("/api/cart/email", body),
    },

    /** The local gateway's stand-in for Stripe.js (only while no Stripe key is configured; 404 otherwise). */
    sandbox: {
      /** Confirms a payment intent with a test card, as the customer's browser would at Stripe. 402 when declined. */
      confirmPaymentIntent: (paymentIntentId: string, paymentMethod: SandboxPaymentMethod) =>
        post<SandboxPaymentIntent>(path`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
          payment_method: paymentMethod,
        }),
    },
  }
}

export type AtelierSdk = ReturnType<typeof createAtelierSdk>

/**
 * Medusa's authentication helpers on the SDK's client, for apps that log in (an artist's dashboard:
 * `login("member", "emailpass", {email, password})`, `refresh()`, `logout()`; the token is then sent by every SDK
 * call). Separate from `createAtelierSdk` so that a storefront, which never logs in, does not download them.
 */
export function createAtelierAuth(sdk: AtelierSdk, config: Pick<AtelierSdkConfig, "baseUrl" | "auth"> = {}) {
  return new Auth(sdk.client, { baseUrl: resolveBaseUrl(config), auth: config.auth })
}

/** The payment intent id of a client secret (`pi_123_secret_abc` -> `pi_123`). */
export function paymentIntentIdOf(clientSecret: string): string {
  const index = clientSecret.indexOf("_secret_")
  return index < 0 ? clientSecret : clientSecret.slice(0, index)
}

// The artist dashboard's calls (a separate factory: a storefront does not download them).
export * from "./dashboard"
