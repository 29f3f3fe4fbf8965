import { z } from "@medusajs/framework/zod"
import { API_SCOPES } from "../../lib/api-scopes"
import { LEDGER_ENTRY_KINDS } from "../../lib/ledger"
import { ARTWORK_TYPES } from "../../lib/artwork-types"
import {
  amountValue,
  decodeCursor,
  DEFAULT_PER_PAGE,
  enumValue,
  PageParam,
  parseExpand,
  parseFilters,
  parseParam,
  parseSort,
  PerPageParam,
  PLATFORM_ORDER_SOURCES,
  PLATFORM_ORDER_STATUSES,
  timestampValue,
  type Cursor,
  type Filter,
  type FilterField,
  type SortKey,
} from "../../lib/v1-query"
import { DASHBOARD_PRODUCT_STATUSES, hasAtMostTwoDecimals, PRICE_MAX } from "../../lib/dashboard-products"
import { text } from "../utils/validation"

// The platform API's inputs and outputs as zod schemas: the routes validate with them (src/api/v1/middlewares.ts)
// and the OpenAPI document is generated from them (src/api/v1/openapi.ts), so the two cannot drift apart.

/** The dashboard's product statuses (docs/products.md). */
export const PRODUCT_STATUSES = DASHBOARD_PRODUCT_STATUSES

/** A list endpoint's query: plain parameters (each a zod schema), filters, sort and expand. */
export type ListSpec = {
  params: Record<string, z.ZodType>
  filters: Record<string, FilterField>
  sort?: { fields: readonly string[]; fallback: SortKey[] }
  expand?: readonly string[]
}

export const ProductListSpec: ListSpec = {
  params: {
    page: PageParam,
    per_page: PerPageParam,
    sort: z.string().describe("Comma-separated fields, `-` for descending: title, base_price, created_at (default -created_at)."),
  },
  filters: {
    status: { schema: enumValue(PRODUCT_STATUSES), operators: ["eq", "ne", "in"], description: "Product status." },
    product_type: { schema: enumValue(ARTWORK_TYPES), operators: ["eq", "ne", "in"], description: "Kind of work." },
    base_price: { schema: amountValue, operators: ["eq", "ne", "gte", "lte", "in"], description: "Price in USD." },
    created_at: { schema: timestampValue, operators: ["eq", "ne", "gte", "lte"], description: "Creation time (ISO 8601)." },
  },
  sort: { fields: ["title", "base_price", "created_at"], fallback: [{ field: "created_at", descending: true }] },
}

export const OrderListSpec: ListSpec = {
  params: {
    cursor: z.string().describe("`meta.next_cursor` of the previous page (opaque)."),
    per_page: PerPageParam,
    page: PageParam.describe("Deprecated (Deprecation/Sunset headers): offset paging; use `cursor`."),
  },
  filters: {
    status: { schema: enumValue(PLATFORM_ORDER_STATUSES), operators: ["eq", "ne", "in"], description: "Order status." },
    source: { schema: enumValue(PLATFORM_ORDER_SOURCES), operators: ["eq", "ne", "in"], description: "Where it was sold." },
    created_at: { schema: timestampValue, operators: ["eq", "ne", "gte", "lte"], description: "Creation time (ISO 8601)." },
    total: { schema: amountValue, operators: ["eq", "ne", "gte", "lte", "in"], description: "Order total in USD." },
  },
}

export const LedgerListSpec: ListSpec = {
  params: {
    cursor: z.string().describe("`meta.next_cursor` of the previous page (opaque)."),
    per_page: PerPageParam,
  },
  filters: {
    kind: { schema: enumValue(LEDGER_ENTRY_KINDS), operators: ["eq", "ne", "in"], description: "Kind of entry." },
    occurred_at: { schema: timestampValue, operators: ["gte", "lte"], description: "When the movement happened (ISO 8601)." },
  },
}

export const OrderDetailSpec: ListSpec = {
  params: { expand: z.string().describe("Comma-separated: customer, items.") },
  filters: {},
  expand: ["customer", "items"],
}

export type ParsedListQuery = {
  page: number
  perPage: number
  filters: Filter[]
  sort: SortKey[]
  cursor: Cursor | null
  expand: string[]
}

/** The query of a v1 list or detail, per its spec; a QueryError (400 naming the parameter) otherwise. */
export function parseListQuery(spec: ListSpec, query: Record<string, unknown>): ParsedListQuery {
  const reserved = Object.keys(spec.params)
  const filters = parseFilters(query, spec.filters, reserved)
  const param = <T>(name: string, fallback: T): T =>
    query[name] === undefined || !spec.params[name] ? fallback : (parseParam(spec.params[name], query[name], name) as T)
  return {
    page: param("page", 1),
    perPage: param("per_page", DEFAULT_PER_PAGE),
    filters,
    sort: spec.sort ? parseSort(query.sort, spec.sort.fields, spec.sort.fallback) : [],
    cursor: spec.params.cursor && query.cursor !== undefined ? decodeCursor(query.cursor) : null,
    expand: spec.expand ? parseExpand(query.expand, spec.expand) : [],
  }
}

// ------------------------------------------------------------------------------------------------------------
// Bodies

/** POST /v1/products */
export const CreateProductBody = z
  .object({
    title: text(200, "title is required (a string of at most 200 characters)"),
    product_type: z.enum(ARTWORK_TYPES, { error: `product_type must be one of ${ARTWORK_TYPES.join(", ")}` }),
    base_price: z
      .number({ error: "base_price must be a number (USD)" })
      .min(0, { error: "base_price must not be negative" })
      .max(PRICE_MAX, { error: `base_price must be at most ${PRICE_MAX}` })
      .refine(hasAtMostTwoDecimals, { error: "base_price must have at most two decimals" }),
    status: z
      .enum(PRODUCT_STATUSES, { error: `status must be one of ${PRODUCT_STATUSES.join(", ")}` })
      .default("draft")
      .describe("Default draft."),
  })
  .strict()
export type CreateProductBody = z.infer<typeof CreateProductBody>

// ------------------------------------------------------------------------------------------------------------
// Responses (documentation and the suite's checks of what the routes answer)

export const ProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  product_type: z.enum(ARTWORK_TYPES),
  base_price: z.number().nullable(),
  status: z.enum(PRODUCT_STATUSES),
  created_at: z.string().describe("ISO 8601"),
})

export const ProductListResponse = z.object({
  data: z.array(ProductSchema),
  meta: z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int(), total_pages: z.number().int() }),
})
export const ProductResponse = z.object({ data: ProductSchema })

export const OrderSchema = z.object({
  id: z.string(),
  order_number: z.string(),
  status: z.enum(PLATFORM_ORDER_STATUSES),
  payment_status: z.string(),
  source: z.enum(PLATFORM_ORDER_SOURCES),
  currency: z.string(),
  subtotal: z.number(),
  shipping_cost: z
    .number()
    .describe("What the shopper paid this artist for shipping (the artist's shipping rates; 0 when they have none)"),
  tax_amount: z.number(),
  total: z.number(),
  customer_email: z.string().nullable(),
  created_at: z.string().describe("ISO 8601"),
  customer: z
    .object({ id: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable() })
    .nullable()
    .optional()
    .describe("Only with expand=customer."),
  items: z
    .array(z.object({ id: z.string(), title: z.string(), quantity: z.number() }))
    .optional()
    .describe("Only with expand=items."),
  refunded_amount: z
    .number()
    .optional()
    .describe("What the customer got back of the order through Atelier's refunds; only on an order with refunds."),
})

export const OrderListResponse = z.object({
  data: z.array(OrderSchema),
  meta: z.object({ has_more: z.boolean(), next_cursor: z.string().nullable() }),
})
export const OrderResponse = z.object({ data: OrderSchema })

export const LedgerEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  amount: z.number().describe("The movement's size in USD (positive)"),
  earned: z.number().describe("What it did to the organization's earnings, USD (signed)"),
  sent: z.number().describe("What it did to the money sent to its account, USD (signed)"),
  currency: z.string(),
  description: z.string(),
  reference: z.string().nullable().describe("The payment provider's id of the movement (tr_, trr_, pi_), when there is one"),
  gallery_order_public_id: z.string().nullable(),
  artist_order_id: z.string().nullable(),
  store_payment_id: z.string().nullable(),
  occurred_at: z.string().describe("ISO 8601"),
})

export const LedgerListResponse = z.object({
  data: z.array(LedgerEntrySchema),
  meta: z.object({ has_more: z.boolean(), next_cursor: z.string().nullable() }),
})

export const ErrorResponse = z.object({
  error: z.object({
    code: z.string().describe("invalid_request, authentication_required, invalid_api_key, insufficient_scope, workspace_expired, not_found, method_not_allowed, rate_limit_exceeded, internal_error"),
    message: z.string(),
    details: z.object({ field: z.string().nullable(), reason: z.string() }),
  }),
})

export const SCOPES_DESCRIPTION = `Scopes: ${API_SCOPES.join(", ")} (write implies read, admin implies all).`
