import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { DetailWidgetProps, AdminProduct } from "@medusajs/framework/types"
import { Badge, Container, Heading, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { Row } from "../components/gallery-order"
import { ErrorState, LoadingState } from "../components/states"
import { useProductGallery } from "../lib/queries"

const FAILURES = {
  not_gallery_eligible: "the artist has not made it gallery eligible",
  organization_not_approved: "its organization is not approved for the gallery",
  not_active: "it is not published",
} as const

/** Medusa's product page: the product's gallery attributes (organization, eligibility, original or print). */
const ProductGalleryWidget = ({ data }: DetailWidgetProps<AdminProduct>) => {
  const gallery = useProductGallery(data.id)
  return (
    <Container className="divide-y p-0" data-testid="product-gallery-widget">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">Gallery</Heading>
        {gallery.data?.galleryProduct && (
          <Badge size="2xsmall" color={gallery.data.galleryProduct.eligibilityFailures.length ? "orange" : "green"}>
            {gallery.data.galleryProduct.eligibilityFailures.length ? "Not sold in the gallery" : "Sold in the gallery"}
          </Badge>
        )}
      </div>
      {gallery.isPending ? (
        <LoadingState rows={2} />
      ) : gallery.isError ? (
        <ErrorState error={gallery.error} onRetry={() => gallery.refetch()} />
      ) : !gallery.data.galleryProduct ? (
        <Text size="small" className="px-6 py-4 text-ui-fg-subtle">
          Not an Atelier product: it has no organization or gallery attributes.
        </Text>
      ) : (
        <div className="py-2">
          <Row label="Organization">
            <Link to="/gallery/organizations" className="text-ui-fg-interactive hover:underline">
              {gallery.data.galleryProduct.organization.name}
            </Link>
            {!gallery.data.galleryProduct.organization.galleryApproved && <span className="text-ui-fg-subtle"> (not approved)</span>}
          </Row>
          <Row label="Kind of work">{gallery.data.galleryProduct.productType === "original" ? "Original" : "Print"}</Row>
          <Row label="Gallery eligible">{gallery.data.galleryProduct.galleryEligible ? "Yes" : "No"}</Row>
          <Row label="Featured">{gallery.data.galleryProduct.featured ? "Yes" : "No"}</Row>
          {gallery.data.galleryProduct.eligibilityFailures.length > 0 && (
            <Text size="xsmall" className="px-6 py-2 text-ui-fg-subtle">
              Not in the gallery because {gallery.data.galleryProduct.eligibilityFailures.map((f) => FAILURES[f]).join(", and ")}.
            </Text>
          )}
        </div>
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "product.details.side.after" })

export default ProductGalleryWidget
