import type { CreateProductWorkflowInputDTO, ProductDTO, ProductStatus } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  createInventoryItemsWorkflow,
  createProductsWorkflow,
  createRemoteLinkStep,
} from "@medusajs/medusa/core-flows"
import { ORGANIZATION_MODULE } from "../../../modules/organization"
import type { ArtworkType } from "../../../lib/artwork-types"
import { createArtistProductRowsStep } from "../steps/create-artist-product-rows"
import { queueProductWebhookEventsStep } from "../steps/queue-product-webhook-events"
import { resolveArtistProductContextStep } from "../steps/resolve-artist-product-context"
import { resolveArtistProductHandlesStep } from "../steps/resolve-artist-product-handles"
import { validateArtistProductReferencesStep } from "../steps/validate-artist-product-references"
import { validateArtistProductsInputStep, validateInventoryLocationStep } from "../steps/validate-artist-products-input"

/** Name of the single product option every artist product carries (one value per variant). */
export const ARTIST_PRODUCT_OPTION = "Edition"
export const DEFAULT_VARIANT_TITLE = "Standard"

export type ArtistProductVariantInput = {
  /** Unique within the product; default "Standard". */
  title?: string
  sku?: string | null
  /** USD, major unit (e.g. 34.99). Null only for a draft's first variant (publishing needs a price). */
  price: number | null
  /** Default true: Medusa tracks stock through an inventory item. */
  manage_inventory?: boolean
  /** Stocked quantity at the stock location (default 0); only with manage_inventory. */
  inventory_quantity?: number
  allow_backorder?: boolean
  metadata?: Record<string, unknown> | null
}

export type ArtistProductInput = {
  title: string
  /** Generated from the title when omitted (see resolveArtistProductHandlesStep); a taken one is refused. */
  handle?: string
  subtitle?: string | null
  description?: string | null
  /** Medusa product status; the gallery's "active" is `published`. Default `draft`. */
  status?: ProductStatus
  /** Archived by the artist (artist_product.archived_at): out of every storefront and the gallery. */
  archived?: boolean
  /** A Medusa product type (must exist). */
  type_id?: string | null
  /** Image URLs in display order; the first is also the thumbnail. */
  images?: string[]
  product_type?: ArtworkType
  gallery_eligible?: boolean
  featured?: boolean
  /** The first variant is the default one (rank 0). At least one. */
  variants: ArtistProductVariantInput[]
  metadata?: Record<string, unknown> | null
}

export type CreateArtistProductsWorkflowInput = {
  organization_id: string
  products: ArtistProductInput[]
  /** Stock location for inventory levels; default: the location linked to the organization's sales channel. */
  location_id?: string | null
}

export type ArtistProductRowDTO = {
  id: string
  organization_id: string
  product_type: ArtworkType
  gallery_eligible: boolean
  featured: boolean
  archived_at: Date | string | null
}

export type CreatedArtistProduct = ProductDTO & { artist_product: ArtistProductRowDTO }

type FlatVariant = { productIndex: number; variantIndex: number; title: string; variant: ArtistProductVariantInput }

function variantTitle(variant: ArtistProductVariantInput): string {
  return variant.title?.trim() || DEFAULT_VARIANT_TITLE
}

function flattenVariants(products: ArtistProductInput[]): FlatVariant[] {
  return products.flatMap((product, productIndex) =>
    product.variants.map((variant, variantIndex) => ({ productIndex, variantIndex, title: variantTitle(variant), variant }))
  )
}

const managesInventory = (variant: ArtistProductVariantInput) => variant.manage_inventory !== false

/**
 * Creates Medusa products for one organization: each in the organization's own sales channel, with
 * USD prices, an inventory item per variant stocked at a stock location, and its `artist_product` row
 * (gallery flags) linked 1:1; then product.created to the organization's outbound webhooks. Any failure undoes
 * everything (nested Medusa workflows compensate too).
 */
export const createArtistProductsWorkflow = createWorkflow(
  "create-artist-products",
  (input: CreateArtistProductsWorkflowInput) => {
    validateArtistProductsInputStep(input)
    validateArtistProductReferencesStep(
      transform({ input }, ({ input }) => ({
        type_ids: input.products.flatMap((product) => (product.type_id ? [product.type_id] : [])),
        skus: input.products.flatMap((product) => product.variants.flatMap((variant) => (variant.sku ? [variant.sku] : []))),
      }))
    )
    const handles = resolveArtistProductHandlesStep(
      transform({ input }, ({ input }) => ({
        products: input.products.map((product) => ({ title: product.title, handle: product.handle })),
      }))
    )
    const context = resolveArtistProductContextStep(
      transform({ input }, ({ input }) => ({ organization_id: input.organization_id, location_id: input.location_id }))
    )

    // Inventory items first (with their level at the location), so each variant is created already linked to its item.
    const inventoryInput = transform({ input, context }, ({ input, context }) => {
      const items = flattenVariants(input.products)
        .filter(({ variant }) => managesInventory(variant))
        .map(({ productIndex, title, variant }) => {
          const product = input.products[productIndex]
          const quantity = variant.inventory_quantity ?? 0
          return {
            sku: variant.sku ?? undefined,
            title: product.variants.length > 1 ? `${product.title} (${title})` : product.title,
            requires_shipping: true,
            location_levels: context.location_id
              ? [{ location_id: context.location_id, stocked_quantity: quantity }]
              : [],
          }
        })
      return { input: { items } }
    })
    validateInventoryLocationStep(transform({ input, context }, ({ input, context }) => ({
      needs_location: flattenVariants(input.products).some(
        ({ variant }) => managesInventory(variant) && (variant.inventory_quantity ?? 0) > 0
      ),
      location_id: context.location_id,
    })))
    const inventoryItems = createInventoryItemsWorkflow.runAsStep(inventoryInput)

    const productsInput = transform({ input, context, inventoryItems, handles }, ({ input, context, inventoryItems, handles }) => {
      let itemIndex = 0
      const products: CreateProductWorkflowInputDTO[] = input.products.map((product, productIndex) => {
        const titles = product.variants.map(variantTitle)
        const images = product.images ?? []
        return {
          title: product.title,
          handle: handles[productIndex],
          subtitle: product.subtitle ?? undefined,
          description: product.description ?? undefined,
          status: product.status ?? "draft",
          type_id: product.type_id ?? undefined,
          thumbnail: images[0],
          images: images.map((url) => ({ url })),
          metadata: product.metadata ?? undefined,
          options: [{ title: ARTIST_PRODUCT_OPTION, values: titles }],
          sales_channels: [{ id: context.sales_channel_id }],
          shipping_profile_id: context.shipping_profile_id ?? undefined,
          variants: product.variants.map((variant, rank) => {
            const managed = managesInventory(variant)
            const item = managed ? inventoryItems[itemIndex++] : undefined
            return {
              title: titles[rank],
              sku: variant.sku ?? undefined,
              manage_inventory: managed,
              allow_backorder: variant.allow_backorder ?? false,
              options: { [ARTIST_PRODUCT_OPTION]: titles[rank] },
              // An empty price set still links the variant to pricing, so a price can be added later.
              prices: variant.price === null ? [] : [{ amount: variant.price, currency_code: "usd" }],
              inventory_items: item ? [{ inventory_item_id: item.id, required_quantity: 1 }] : undefined,
              metadata: variant.metadata ?? undefined,
              // Not in the DTO type but a column of product_variant: the first variant is the default one.
              variant_rank: rank,
            } as NonNullable<CreateProductWorkflowInputDTO["variants"]>[number]
          }),
        }
      })
      return { input: { products } }
    })
    const products = createProductsWorkflow.runAsStep(productsInput)

    const rowsInput = transform({ input }, ({ input }) =>
      input.products.map((product) => ({
        organization_id: input.organization_id,
        product_type: product.product_type ?? ("print" as const),
        gallery_eligible: product.gallery_eligible ?? false,
        featured: product.featured ?? false,
        archived_at: product.archived ? new Date() : null,
      }))
    )
    const rows = createArtistProductRowsStep(rowsInput)

    const links = transform({ products, rows }, ({ products, rows }) =>
      products.map((product, i) => ({
        [ORGANIZATION_MODULE]: { artist_product_id: rows[i].id },
        [Modules.PRODUCT]: { product_id: product.id },
      }))
    )
    createRemoteLinkStep(links)

    queueProductWebhookEventsStep(
      transform({ input, products }, ({ input, products }) => ({
        organization_id: input.organization_id,
        product_ids: products.map((product) => product.id),
        type: "product.created" as const,
      }))
    )

    const result = transform({ input, products, rows }, ({ input, products, rows }) =>
      products.map(
        (product, i): CreatedArtistProduct => ({
          ...product,
          artist_product: {
            id: rows[i].id,
            organization_id: input.organization_id,
            product_type: rows[i].product_type,
            gallery_eligible: rows[i].gallery_eligible,
            featured: rows[i].featured,
            archived_at: rows[i].archived_at ?? null,
          },
        })
      )
    )
    return new WorkflowResponse(result)
  }
)
