// Types of gallery.mjs for TypeScript callers (the scale-out test).

export type Sql = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, any>[]; rowCount: number | null }> // eslint-disable-line @typescript-eslint/no-explicit-any -- rows of arbitrary SQL

export type HttpAnswer = { status: number; body: any; headers: Headers } // eslint-disable-line @typescript-eslint/no-explicit-any -- any JSON the server answers

export type Catalogue = Record<string, { productId: string; inventoryItemId: string; locations: string[] }>

export type CheckedOut = {
  publicId: string
  paymentIntentId: string
  total: number
  sessionId: string
  lines: [string, number][]
  refused?: undefined
}
export type RefusedCheckout = { refused: HttpAnswer }

export type SucceededEvent = { id: string; object: "event"; type: string; data: { object: Record<string, unknown> } }

type RequestOptions = { signal?: AbortSignal; timeoutMs?: number; headers?: Record<string, string> }

export const BUYER_ADDRESS: Record<string, string>
export function request(
  baseUrl: string,
  method: string,
  path: string,
  options?: RequestOptions & { body?: unknown; rawBody?: string }
): Promise<HttpAnswer>

export const PRINT_HANDLES: string[]
export const ORIGINAL_HANDLES: string[]

export function checkoutCart(
  baseUrl: string,
  catalogue: Catalogue,
  lines: [string, number][],
  options?: { email?: string }
): Promise<CheckedOut | RefusedCheckout>
export function sandboxConfirm(baseUrl: string, paymentIntentId: string, paymentMethod?: string, options?: RequestOptions): Promise<HttpAnswer>
export function checkoutConfirm(baseUrl: string, paymentIntentId: string, options?: RequestOptions): Promise<HttpAnswer>
export function payAtGateway(sql: Sql, paymentIntentIds: string[]): Promise<number>
export function succeededEvent(
  paymentIntentId: string,
  order: { orderId: string; publicId: string; amount: number },
  id?: string
): SucceededEvent
export function deliverWebhook(baseUrl: string, event: SucceededEvent, secret: string, options?: RequestOptions): Promise<HttpAnswer>
export function paidStoreSale(
  baseUrl: string,
  sql: Sql,
  catalogue: Catalogue,
  handle: string,
  options?: { email?: string }
): Promise<{ paymentIntentId: string; storePaymentId: string } | null>
export function adminToken(baseUrl: string): Promise<string>
export function restock(
  baseUrl: string,
  token: string,
  sql: Sql,
  catalogue: Catalogue,
  availableByHandle: Record<string, number>
): Promise<void>
