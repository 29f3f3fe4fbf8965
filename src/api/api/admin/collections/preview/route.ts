import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { evaluateRuleCollections, requireEligibleGalleryProducts } from "../../../../../queries/curation"
import { computedItemsView } from "../collection-view"
import type { PreviewCollectionBody } from "../validators"

/**
 * POST /api/admin/collections/preview {type, rules, manualInclusions?, limit?} -> {products, count}: what a smart or
 * hybrid collection with these rules would show now, evaluated exactly as a saved one (evaluateRuleCollections;
 * newest first, a hybrid's manual inclusions first), without saving anything. `products` are the detail view's
 * items (productId, position, product); `count` counts every match. A hybrid's manual inclusions must be existing,
 * gallery-eligible products, as when saving (404 Product not found, 400 Product not gallery eligible).
 */
export async function POST(req: AuthenticatedMedusaRequest<PreviewCollectionBody>, res: MedusaResponse) {
  const { type, rules, manual_inclusions, limit } = req.validatedBody
  const pg = req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  if (manual_inclusions.length) await requireEligibleGalleryProducts(pg, manual_inclusions)
  const evaluated = await evaluateRuleCollections(pg, [{ id: "preview", type, rules, manual_inclusions }], limit)
  const result = evaluated.get("preview") ?? { products: [], count: 0 }
  res.json({ products: computedItemsView(result.products), count: result.count })
}
