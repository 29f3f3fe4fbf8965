// Return rules of gallery artist orders (docs/returns.md): the window, which items a customer may send back, the
// statuses and what each step may follow. Pure functions; the routes and workflows turn refusals into 400s.

export const RETURN_STATUSES = ["requested", "accepted", "refused", "received"] as const
export type ReturnStatus = (typeof RETURN_STATUSES)[number]
/** An artist order's `returnStatus`: its latest return's status, `none` without one. */
export type ArtistOrderReturnStatus = ReturnStatus | "none"

/** Days after shipment a customer may ask for a return unless the organization set its own (0: no returns). */
export const DEFAULT_RETURN_WINDOW_DAYS = 30
export const MAX_RETURN_WINDOW_DAYS = 365
const DAY_MS = 24 * 60 * 60 * 1000

export const RETURN_MESSAGES = {
  emailRequired: "Email required: the email the order was placed with",
  orgIdRequired: "orgId required: the artist whose items you send back",
  itemsInvalid: "Items must be a list of {productId, quantity} with a whole quantity from 1 to 99",
  reasonRequired: "Return reason required",
  reasonTooLong: "Return reason must be at most 500 characters",
  orderNotFound: "Order not found",
  notShipped: "This artist has not shipped your order yet: ask them to cancel it instead",
  noReturns: "This artist does not accept returns",
  windowClosed: "The return window for this order has closed",
  returnNotFound: "Return not found",
  instructionsTooLong: "Return instructions must be at most 2000 characters",
  refusalReasonRequired: "Refusal reason required",
  windowInvalid: `return_window_days must be a whole number from 0 to ${MAX_RETURN_WINDOW_DAYS}`,
  ownersOnly: "Only an owner of the organization can handle returns",
} as const

export function productNotInOrderMessage(productId: string): string {
  return `Product ${productId} is not part of this artist's order`
}

export function returnQuantityMessage(productId: string, left: number): string {
  return `Only ${left} of product ${productId} can be returned`
}

export function returnStepMessage(status: ReturnStatus, step: "accept" | "refuse" | "receive"): string {
  return `Cannot ${step} a return that is ${status}`
}

/** The statuses a return may move to from `status` (requested -> accepted|refused; accepted -> received). */
export function canMoveReturn(status: ReturnStatus, to: ReturnStatus): boolean {
  return (status === "requested" && (to === "accepted" || to === "refused")) || (status === "accepted" && to === "received")
}

/** Why a return cannot be asked for now, or null: shipped, the organization takes returns, within its window. */
export function returnWindowRefusal(input: { shippedAt: Date | null; windowDays: number; now: Date }): string | null {
  if (!input.shippedAt) return RETURN_MESSAGES.notShipped
  if (input.windowDays <= 0) return RETURN_MESSAGES.noReturns
  if (input.now.getTime() > input.shippedAt.getTime() + input.windowDays * DAY_MS) return RETURN_MESSAGES.windowClosed
  return null
}

/** A line of the artist order as a return sees it: bought, refunded, and already in a return that is not refused. */
export type ReturnableLine = { itemId: string; productId: string; quantity: number; refundedQuantity: number; inReturns: number }

export type ReturnLine = { artist_order_item_id: string; product_id: string; quantity: number }

/** The lines of a return request by product, or why they are refused (a product named twice is summed). */
export function planReturnLines(
  lines: readonly ReturnableLine[],
  wanted: readonly { productId: string; quantity: number }[]
): { lines: ReturnLine[] } | { refused: string } {
  const byProduct = new Map<string, number>()
  for (const w of wanted) byProduct.set(w.productId, (byProduct.get(w.productId) ?? 0) + w.quantity)
  const result: ReturnLine[] = []
  for (const [productId, quantity] of byProduct) {
    const line = lines.find((l) => l.productId === productId)
    if (!line) return { refused: productNotInOrderMessage(productId) }
    const left = Math.max(0, line.quantity - line.refundedQuantity - line.inReturns)
    if (quantity > left) return { refused: returnQuantityMessage(productId, left) }
    result.push({ artist_order_item_id: line.itemId, product_id: productId, quantity })
  }
  if (!result.length) return { refused: RETURN_MESSAGES.itemsInvalid }
  return { lines: result }
}

/** The metadata key of an inventory level under which the returns put back at that level are marked. */
export const RESTOCK_MARKERS_KEY = "gallery_restocked_returns"

export type StockLevelState = {
  inventory_item_id: string
  location_id: string
  stocked_quantity: number
  metadata: Record<string, unknown> | null
}

export type StockLevelUpdate = {
  inventory_item_id: string
  location_id: string
  /** Absent: the level's stock is not changed. */
  stocked_quantity?: number
  /**
   * Medusa merges an update's metadata into the level's key by key, and removes a key set to "" (mergeMetadata of
   * @medusajs/utils): so only the markers' key is written, whole.
   */
  metadata: { [RESTOCK_MARKERS_KEY]: Record<string, unknown> | "" }
}

function restockMarkers(level: StockLevelState): Record<string, unknown> {
  const markers = level.metadata?.[RESTOCK_MARKERS_KEY]
  return markers && typeof markers === "object" && !Array.isArray(markers) ? (markers as Record<string, unknown>) : {}
}

function levelKey(line: { inventory_item_id: string; location_id: string }): string {
  return `${line.inventory_item_id} ${line.location_id}`
}

/**
 * A received return's items back in stock, once: each level it draws on gets the return's quantity added and the
 * return's marker in its metadata, in the same write, so a second run (after a crash before the Medusa return was
 * marked received) finds the marker and adds nothing. Levels already marked, or not found, are left out.
 */
export function planRestock(
  levels: readonly StockLevelState[],
  returnId: string,
  lines: readonly { inventory_item_id: string; location_id: string; quantity: number }[]
): StockLevelUpdate[] {
  const quantities = new Map<string, number>()
  for (const line of lines) quantities.set(levelKey(line), (quantities.get(levelKey(line)) ?? 0) + line.quantity)
  return levels.flatMap((level) => {
    const quantity = quantities.get(levelKey(level))
    const markers = restockMarkers(level)
    if (!quantity || returnId in markers) return []
    return [
      {
        inventory_item_id: level.inventory_item_id,
        location_id: level.location_id,
        stocked_quantity: level.stocked_quantity + quantity,
        metadata: { [RESTOCK_MARKERS_KEY]: { ...markers, [returnId]: quantity } },
      },
    ]
  })
}

/** The levels whose marker of this return can go, once the Medusa return is received (its own record of the receipt). */
export function planRestockMarkerRemoval(levels: readonly StockLevelState[], returnId: string): StockLevelUpdate[] {
  return levels.flatMap((level) => {
    const markers = restockMarkers(level)
    if (!(returnId in markers)) return []
    const rest = Object.fromEntries(Object.entries(markers).filter(([id]) => id !== returnId))
    return [
      {
        inventory_item_id: level.inventory_item_id,
        location_id: level.location_id,
        metadata: { [RESTOCK_MARKERS_KEY]: Object.keys(rest).length ? rest : "" },
      },
    ]
  })
}
