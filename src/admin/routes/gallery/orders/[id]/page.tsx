import { Button, Container, Heading, Text, toast, usePrompt } from "@medusajs/ui"
import { useParams } from "react-router-dom"
import { address, dateTime, money, statusLabel } from "../../../../../../apps/shared/format"
import { Status } from "../../../../../../apps/shared/status"
import { cancelDecision } from "../../../../../lib/gallery-fulfilment"
import { ArtistOrderCard, Ref, Row, Transitions } from "../../../../components/gallery-order"
import { GalleryPage } from "../../../../components/page-header"
import { FormError, RecordPageState } from "../../../../components/states"
import { useCancelGalleryOrder, useGalleryOrder } from "../../../../lib/queries"
import type { GalleryOrderDetail } from "../../../../lib/types"

function Summary({ order }: { order: GalleryOrderDetail }) {
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h2">Payment</Heading>
      </div>
      <div className="py-2">
        <Row label="Subtotal">{money(order.subtotal)}</Row>
        <Row label="Gallery fee (12 %)">{money(order.galleryFee)}</Row>
        <Row label="Card fee">{money(order.stripeFee)}</Row>
        <Row label="Total charged">{money(order.total)}</Row>
        <Row label="Payment intent">
          <Ref value={order.paymentIntentId} />
        </Row>
        <Row label="Transfer group">
          <Ref value={order.transferGroup} />
        </Row>
        {order.refundId && (
          <Row label="Refund">
            <Ref value={order.refundId} />
          </Row>
        )}
        {order.paymentFailure && <Row label="Payment failure">{order.paymentFailure}</Row>}
      </div>
    </Container>
  )
}

/** /app/gallery/orders/:id: one gallery order with its artist orders, payouts and transfers; cancel it. */
const GalleryOrderPage = () => {
  const { id = "" } = useParams()
  const order = useGalleryOrder(id)
  const cancel = useCancelGalleryOrder()
  const prompt = usePrompt()

  if (order.isPending || order.isError) return <RecordPageState query={order} rows={8} />
  const o = order.data.order
  const decision = cancelDecision(o.status, o.artistOrders.map((a) => a.status))
  const confirmCancel = async () => {
    const confirmed = await prompt({
      title: `Cancel ${o.publicId}?`,
      description: `The customer is refunded ${money(o.total)}, transferred payouts are reversed and the stock is released. This cannot be undone.`,
      confirmText: "Cancel order",
      cancelText: "Keep order",
      variant: "danger",
    })
    if (!confirmed) return
    cancel.mutate(o.id, {
      onSuccess: () => toast.success(`${o.publicId} cancelled`),
      onError: (error) => toast.error(error.message),
    })
  }

  return (
    <GalleryPage>
      <Container className="flex items-start justify-between gap-x-4 px-6 py-4">
        <div className="flex flex-col gap-y-1">
          <div className="flex items-center gap-x-2">
            <Heading level="h1">{o.publicId}</Heading>
            <Status status={o.status} />
          </div>
          <Text size="small" className="text-ui-fg-subtle">
            {o.email} · placed {dateTime(o.createdAt)}
            {o.paidAt ? ` · paid ${dateTime(o.paidAt)}` : ""}
            {o.cancelledAt ? ` · cancelled ${dateTime(o.cancelledAt)}` : ""}
          </Text>
          <Text size="small" className="text-ui-fg-subtle">
            {statusLabel(o.shippingOption)}: {o.shippingOption === "single_address" ? address(o.shippingAddress) : "each artist ships to its own address"}
          </Text>
        </div>
        {decision === "cancel" ? (
          <Button size="small" variant="danger" onClick={confirmCancel} isLoading={cancel.isPending}>
            Cancel order
          </Button>
        ) : (
          <Text size="xsmall" className="max-w-[220px] text-right text-ui-fg-subtle">
            {decision === "already_cancelled" ? "Cancelled." : "Cannot be cancelled: an artist has shipped."}
          </Text>
        )}
      </Container>
      <FormError message={cancel.error?.message} />
      <div className="grid grid-cols-1 gap-3 xl:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-y-3">
          {o.artistOrders.map((artistOrder) => (
            <ArtistOrderCard key={artistOrder.id} artistOrder={artistOrder} />
          ))}
        </div>
        <div className="flex flex-col gap-y-3">
          <Summary order={o} />
          <Transitions order={o} />
        </div>
      </div>
    </GalleryPage>
  )
}

export default GalleryOrderPage
