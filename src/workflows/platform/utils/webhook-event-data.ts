import { getPlatformOrder, type PlatformOrder } from "../../../queries/platform-orders"
import { getPlatformProduct, type PlatformProduct } from "../../../queries/platform-products"
import type { PgSource } from "../../../queries/pg"

/**
 * The `data` of outbound webhook events: the objects as the platform API shows them (`GET /v1/orders/{id}` with
 * `expand=customer,items`, `GET /v1/products`), so that a receiver reads the same fields, ids and vocabulary it gets
 * from the API and can call it with the ids it receives. Null when the object is not the organization's (or gone).
 */

/** An order event's data: the order book's Medusa order (store or gallery source). */
export async function orderWebhookData(
  container: PgSource,
  organizationId: string,
  orderId: string
): Promise<PlatformOrder | null> {
  const found = await getPlatformOrder(container, {
    organizationId,
    orderId,
    expand: ["customer", "items"],
  })
  return found.found && found.mine ? found.order : null
}

/** A product event's data. */
export async function productWebhookData(
  container: PgSource,
  organizationId: string,
  productId: string
): Promise<PlatformProduct | null> {
  return getPlatformProduct(container, organizationId, productId)
}
