import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { toCents } from "../../../../lib/money"
import { ORGANIZATION_MODULE } from "../../../../modules/organization"
import type OrganizationModuleService from "../../../../modules/organization/service"
import { variantsOfOrganization } from "../../../../queries/store-carts"
import { captureStoreCartWorkflow } from "../../../../workflows/store-cart-recovery/workflows/capture-store-cart"
import { fieldError } from "../../../utils/error-response"
import { CART_EMAIL_MESSAGES, type CartEmailBody } from "../validators"

/**
 * POST /api/cart/email (spec 4.2): a storefront shopper leaves an email with a cart; one reminder goes out
 * CART_REMINDER_DELAY_MINUTES later unless they buy in that store or unsubscribe from it (docs/store-cart-recovery.md).
 * Public (a storefront's shopper has no account). 404 for an unknown organization; 400 when an item is not a variant
 * of that organization's store. A newer capture of the same email in the same store replaces the older.
 */
export async function POST(req: MedusaRequest<CartEmailBody>, res: MedusaResponse) {
  const body = req.validatedBody
  const organizations: OrganizationModuleService = req.scope.resolve(ORGANIZATION_MODULE)
  const [organization] = await organizations.listOrganizations({ id: body.org_id }, { select: ["id"], take: 1 })
  if (!organization) throw fieldError(MedusaError.Types.NOT_FOUND, CART_EMAIL_MESSAGES.organizationNotFound, "org_id")

  const sold = await variantsOfOrganization(req.scope, organization.id, [...new Set(body.cart_items.map((i) => i.variant_id))])
  if (body.cart_items.some((item) => sold.get(item.variant_id) !== item.product_id)) {
    throw fieldError(MedusaError.Types.INVALID_DATA, CART_EMAIL_MESSAGES.variantNotInStore, "cart_items")
  }

  const { result } = await captureStoreCartWorkflow(req.scope).run({
    input: {
      organizationId: organization.id,
      email: body.email,
      items: body.cart_items,
      cartTotalCents: toCents(body.cart_total),
      at: new Date().toISOString(),
    },
  })
  res.status(result.created ? 201 : 200).json({ success: true })
}
