import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Badge, Container, Heading, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { Status } from "../../../apps/shared/status"
import { PayoutRows, Row } from "../components/gallery-order"
import { ErrorState, LoadingState } from "../components/states"
import { useOrderGallery } from "../lib/queries"

/**
 * Medusa's order page: where the order comes from (an artist's own store, or the gallery), and for a gallery order
 * its parent order, the artist order's status and its payout.
 */
const OrderGalleryWidget = ({ data }: DetailWidgetProps<AdminOrder>) => {
  const gallery = useOrderGallery(data.id)
  const artistOrder = gallery.data?.galleryOrder?.artistOrders.find((a) => a.id === gallery.data?.artistOrderId)
  return (
    <Container className="divide-y p-0" data-testid="order-gallery-widget">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">Atelier</Heading>
        {gallery.data && <Badge size="2xsmall">{gallery.data.source === "gallery" ? "Gallery order" : "Store order"}</Badge>}
      </div>
      {gallery.isPending ? (
        <LoadingState rows={2} />
      ) : gallery.isError ? (
        <ErrorState error={gallery.error} onRetry={() => gallery.refetch()} />
      ) : !gallery.data.galleryOrder ? (
        <Text size="small" className="px-6 py-4 text-ui-fg-subtle">
          Sold in the artist's own store: no gallery order or payout.
        </Text>
      ) : (
        <div className="py-2">
          <Row label="Gallery order">
            <Link to={`/gallery/orders/${gallery.data.galleryOrder.id}`} className="text-ui-fg-interactive hover:underline">
              {gallery.data.galleryOrder.publicId}
            </Link>{" "}
            <Status status={gallery.data.galleryOrder.status} />
          </Row>
          {artistOrder && (
            <>
              <Row label="Artist order">
                {artistOrder.artistName} <Status status={artistOrder.status} />
              </Row>
              <PayoutRows payout={artistOrder.payout} />
            </>
          )}
        </div>
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.after" })

export default OrderGalleryWidget
