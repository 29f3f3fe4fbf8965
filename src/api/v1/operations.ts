import type { z } from "@medusajs/framework/zod"
import type { ApiScope } from "../../lib/api-scopes"
import {
  CreateProductBody,
  LedgerListResponse,
  LedgerListSpec,
  OrderDetailSpec,
  OrderListResponse,
  OrderListSpec,
  OrderResponse,
  ProductListResponse,
  ProductListSpec,
  ProductResponse,
  type ListSpec,
} from "./validators"

/**
 * Every operation of the platform API, once: the middlewares (scope, query, body) are built from this table and
 * the OpenAPI document is generated from it. A route file only answers.
 */
export type V1Operation = {
  method: "GET" | "POST"
  /** Under the version prefix, OpenAPI style (`/orders/{id}`). */
  path: string
  operationId: string
  summary: string
  scope: ApiScope
  query?: ListSpec
  body?: z.ZodType
  success: { status: 200 | 201; schema: z.ZodType; description: string }
  /** Whether it also answers 404 (an object route); every operation answers 400, 401, 403, 429 and 500. */
  notFound?: boolean
  deprecatedParams?: string[]
}

export const V1_OPERATIONS: V1Operation[] = [
  {
    method: "GET",
    path: "/products",
    operationId: "listProducts",
    summary: "List the organization's products (offset pages, filters, sort)",
    scope: "read:products",
    query: ProductListSpec,
    success: { status: 200, schema: ProductListResponse, description: "A page of products" },
  },
  {
    method: "POST",
    path: "/products",
    operationId: "createProduct",
    summary: "Create a product (a Medusa product in the organization's sales channel; draft unless status is given)",
    scope: "write:products",
    body: CreateProductBody,
    success: { status: 201, schema: ProductResponse, description: "The product created" },
  },
  {
    method: "GET",
    path: "/orders",
    operationId: "listOrders",
    summary: "List the organization's orders, newest first (cursor pages, filters)",
    scope: "read:orders",
    query: OrderListSpec,
    success: { status: 200, schema: OrderListResponse, description: "A page of orders" },
    deprecatedParams: ["page"],
  },
  {
    method: "GET",
    path: "/orders/{id}",
    operationId: "getOrder",
    summary: "One order, optionally with its customer and items",
    scope: "read:orders",
    query: OrderDetailSpec,
    success: { status: 200, schema: OrderResponse, description: "The order" },
    notFound: true,
  },
  {
    method: "GET",
    path: "/payouts/ledger",
    operationId: "listLedgerEntries",
    summary: "List the organization's ledger entries (earnings, fees, transfers, reversals), newest first (cursor pages)",
    scope: "read:orders",
    query: LedgerListSpec,
    success: { status: 200, schema: LedgerListResponse, description: "A page of ledger entries" },
  },
]

/** The public OpenAPI document, the one path outside `V1_OPERATIONS` (no key needed). */
export const OPENAPI_PATH = "/openapi.json"

const pathPatterns = [...new Set([...V1_OPERATIONS.map((operation) => operation.path), OPENAPI_PATH])].map((path) => ({
  pattern: new RegExp(`^${path.replace(/\{\w+\}/g, "[^/]+")}$`, "i"),
  methods: path === OPENAPI_PATH ? ["GET"] : V1_OPERATIONS.filter((operation) => operation.path === path).map((o) => o.method),
}))

/**
 * Whether the API has this path and method (`path` under the version prefix, as `routedPath` gives it): `ok`, or
 * `not_found` (404: no such path), or `method_not_allowed` with the methods the path has (405, its `Allow`). HEAD is
 * answered wherever GET is, and OPTIONS is left to CORS, as Express does.
 */
export function resolveV1Path(
  method: string,
  path: string
): { outcome: "ok" } | { outcome: "not_found" } | { outcome: "method_not_allowed"; allow: string[] } {
  const found = pathPatterns.find(({ pattern }) => pattern.test(path))
  if (!found) return { outcome: "not_found" }
  const allowed = found.methods.includes("GET") ? [...found.methods, "HEAD"] : found.methods
  if (method === "OPTIONS" || allowed.includes(method)) return { outcome: "ok" }
  return { outcome: "method_not_allowed", allow: allowed }
}
