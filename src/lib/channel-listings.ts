// A marketplace listing as a draft Atelier product (docs/marketplace-channels.md, "Import"). The marketplaces' JSON is
// outside input: every field is checked, and a listing without an id or a title is skipped rather than guessed.
import {
  IMAGE_URL_MAX,
  IMAGES_MAX,
  isValidPrice,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_TITLE_MAX,
  QUANTITY_MAX,
} from "./dashboard-products"
import { fromCents } from "./money"

/** What an import keeps of a listing. */
export type ImportedListing = {
  /** The marketplace's id of the listing (the import's idempotency key, with the organization and channel). */
  listing_id: string
  title: string
  description: string | null
  /** USD, major unit; null when the listing is priced in another currency (Atelier sells in USD: the artist prices it). */
  price: number | null
  /** http(s) image URLs in the marketplace's order (at most 20). */
  images: string[]
  /** Stock to record; null when the marketplace sells it without limit (a digital product: inventory not managed). */
  quantity: number | null
}

type Json = Record<string, unknown>

const isRecord = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value)

function idOf(value: unknown): string | null {
  if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) return String(value)
  if (typeof value === "string" && /^[A-Za-z0-9_=-]{1,100}$/.test(value)) return value
  return null
}

// No NUL, no unpaired surrogate (PostgreSQL refuses the first, jsonb the second), trimmed and cut to `max`.
function cleanText(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null
  const text = value
    .replace(/\u0000/g, "")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "")
    .trim()
  if (!text) return null
  return Array.from(text).slice(0, max).join("").trim() || null
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", "#39": "'", nbsp: " " }

/**
 * Gumroad's descriptions are HTML; Atelier's are plain text. Line breaks and paragraphs become new lines, other tags
 * are dropped, the common entities are decoded. The result is stored as text and never rendered as HTML.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|li|h[1-6])\s*>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|apos|#39|nbsp);/g, (_, name: string) => ENTITIES[name])
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
}

function imageUrls(candidates: unknown[]): string[] {
  const urls: string[] = []
  for (const candidate of candidates) {
    if (typeof candidate !== "string" || candidate.length > IMAGE_URL_MAX || !/^https?:\/\/\S+$/i.test(candidate)) continue
    if (!urls.includes(candidate)) urls.push(candidate)
    if (urls.length === IMAGES_MAX) break
  }
  return urls
}

/** `amount / divisor` in cents, rounded half-up with integers only; null when not a sensible amount. */
function centsOf(amount: unknown, divisor: unknown): number | null {
  if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount < 0) return null
  if (typeof divisor !== "number" || !Number.isSafeInteger(divisor) || divisor <= 0) return null
  return Math.floor((amount * 200 + divisor) / (divisor * 2))
}

function usdPrice(cents: number | null, currency: unknown): number | null {
  if (cents === null || typeof currency !== "string" || currency.toUpperCase() !== "USD") return null
  const price = fromCents(cents)
  return isValidPrice(price) ? price : null
}

function stock(value: unknown): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? Math.min(value, QUANTITY_MAX) : null
}

/**
 * An Etsy ShopListing (Open API v3, `includes=Images`): `listing_id`, `title`, `description` (plain text),
 * `price: {amount, divisor, currency_code}`, `quantity`, `images[].url_fullxfull`.
 */
export function fromEtsyListing(raw: unknown): ImportedListing | null {
  if (!isRecord(raw)) return null
  const listingId = idOf(raw.listing_id)
  const title = cleanText(raw.title, PRODUCT_TITLE_MAX)
  if (!listingId || !title) return null
  const price = isRecord(raw.price) ? usdPrice(centsOf(raw.price.amount, raw.price.divisor), raw.price.currency_code) : null
  const images = Array.isArray(raw.images) ? raw.images.map((image) => (isRecord(image) ? image.url_fullxfull : null)) : []
  return {
    listing_id: listingId,
    title,
    description: cleanText(raw.description, PRODUCT_DESCRIPTION_MAX),
    price,
    images: imageUrls(images),
    // Etsy always counts stock; a listing without a readable quantity is imported with none.
    quantity: stock(raw.quantity) ?? 0,
  }
}

/**
 * A Gumroad product (`GET /v2/products`): `id`, `name`, `description` (HTML), `price` (cents), `currency`,
 * `preview_url` and `thumbnail_url`, `max_purchase_count` (null: unlimited).
 */
export function fromGumroadProduct(raw: unknown): ImportedListing | null {
  if (!isRecord(raw)) return null
  const listingId = idOf(raw.id)
  const title = cleanText(raw.name, PRODUCT_TITLE_MAX)
  if (!listingId || !title) return null
  const description = typeof raw.description === "string" ? cleanText(htmlToText(raw.description), PRODUCT_DESCRIPTION_MAX) : null
  return {
    listing_id: listingId,
    title,
    description,
    price: usdPrice(centsOf(raw.price, 100), raw.currency),
    images: imageUrls([raw.preview_url, raw.thumbnail_url]),
    quantity: stock(raw.max_purchase_count),
  }
}
