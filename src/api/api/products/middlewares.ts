import type { MiddlewareRoute } from "@medusajs/framework/http"
import { PRODUCT_MESSAGES } from "../../../lib/dashboard-products"
import { getProductOrganizationId } from "../../../queries/dashboard-products"
import { resolveObjectOrganization, resolveOrganization } from "../../utils/access"
import { validateBody, validateQuery } from "../../utils/validation"
import {
  CreateProductBody,
  CreateVariantBody,
  ListProductsQuery,
  ProductObjectQuery,
  UpdateProductBody,
  UpdateVariantBody,
} from "./validators"

/**
 * /api/products* (creator dashboard, docs/products.md). The family's guard (a member token) runs first
 * (src/api/api/middlewares.ts); then each route validates its input and finds the organization: the list and
 * create act for org_id / X-Organization-ID / the member's only organization; the routes on one product act for
 * the product's organization (404 Product not found, 403 for a member of another organization).
 */
const productOrganization = () =>
  resolveObjectOrganization((req, id) => getProductOrganizationId(req.scope, id), {
    notFound: PRODUCT_MESSAGES.notFound,
    forbidden: PRODUCT_MESSAGES.forbidden,
  })

const BODY_LIMIT = { sizeLimit: "64kb" }

export const productMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/products", methods: ["GET"], middlewares: [validateQuery(ListProductsQuery), resolveOrganization()] },
  {
    matcher: "/api/products",
    methods: ["POST"],
    bodyParser: BODY_LIMIT,
    middlewares: [validateBody(CreateProductBody), resolveOrganization()],
  },
  {
    matcher: "/api/products/:id",
    methods: ["GET", "DELETE"],
    middlewares: [validateQuery(ProductObjectQuery), productOrganization()],
  },
  {
    matcher: "/api/products/:id",
    methods: ["PUT", "PATCH"],
    bodyParser: BODY_LIMIT,
    middlewares: [validateQuery(ProductObjectQuery), validateBody(UpdateProductBody), productOrganization()],
  },
  {
    matcher: "/api/products/:id/variants",
    methods: ["GET"],
    middlewares: [validateQuery(ProductObjectQuery), productOrganization()],
  },
  {
    matcher: "/api/products/:id/variants",
    methods: ["POST"],
    bodyParser: BODY_LIMIT,
    middlewares: [validateQuery(ProductObjectQuery), validateBody(CreateVariantBody), productOrganization()],
  },
  {
    matcher: "/api/products/:id/variants/:variantId",
    methods: ["DELETE"],
    middlewares: [validateQuery(ProductObjectQuery), productOrganization()],
  },
  {
    matcher: "/api/products/:id/variants/:variantId",
    methods: ["PUT", "PATCH"],
    bodyParser: BODY_LIMIT,
    middlewares: [validateQuery(ProductObjectQuery), validateBody(UpdateVariantBody), productOrganization()],
  },
]
