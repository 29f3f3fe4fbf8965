import { ArrowUpRightOnBox } from "@medusajs/icons"
import { Container, Copy, Heading, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import { Link } from "react-router-dom"
import { address, dateTime, money, statusLabel } from "../../../apps/shared/format"
import { Status } from "../../../apps/shared/status"
import type { ArtistOrder, GalleryOrderDetail } from "../lib/types"
import { ProductThumb } from "./product-thumb"

/** A label and its value, in the two-column rows Medusa's own detail pages use. */
export function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-2 items-start gap-x-4 px-6 py-2.5" data-testid={testId}>
      <Text size="small" weight="plus" className="text-ui-fg-subtle">
        {label}
      </Text>
      <div className="min-w-0 break-words text-ui-fg-base">
        <Text size="small" as="div">
          {children}
        </Text>
      </div>
    </div>
  )
}

/** An id with a copy button ("–" when absent). */
export function Ref({ value }: { value: string | null | undefined }) {
  if (!value) return <>–</>
  return (
    <span className="inline-flex max-w-full items-center gap-x-1 font-mono text-xs">
      <span className="break-all">{value}</span>
      <Copy content={value} />
    </span>
  )
}

/** The payout of one artist order: amount, status, the Connect transfer and, after a cancellation, its reversal. */
export function PayoutRows({ payout }: { payout: ArtistOrder["payout"] }) {
  if (!payout) {
    return <Row label="Payout">Not created yet (the order is not paid)</Row>
  }
  return (
    <>
      <Row label="Payout" testId="payout-status">
        <span className="inline-flex items-center gap-x-2">
          {money(payout.amount)} <Status status={payout.status} />
        </span>
      </Row>
      <Row label="Transfer">
        <Ref value={payout.transferId} />
        {payout.transferredAt && <span className="text-ui-fg-subtle"> · {dateTime(payout.transferredAt)}</span>}
      </Row>
      {payout.destination && (
        <Row label="Connected account">
          <Ref value={payout.destination} />
        </Row>
      )}
      {payout.reversalId && (
        <Row label="Reversal">
          <Ref value={payout.reversalId} /> <span className="text-ui-fg-subtle">· {dateTime(payout.reversedAt)}</span>
        </Row>
      )}
      {(payout.status === "pending" || payout.status === "failed") && (
        <Row label="Attempts">
          {payout.attemptCount} {payout.nextAttemptAt ? `· next ${dateTime(payout.nextAttemptAt)}` : ""}
          {payout.failureReason && <div className="text-ui-fg-error">{payout.failureReason}</div>}
        </Row>
      )}
    </>
  )
}

/** One artist's share of a gallery order: status, items, shipment, payout, and its Medusa order. */
export function ArtistOrderCard({ artistOrder }: { artistOrder: ArtistOrder }) {
  return (
    <Container className="divide-y p-0" data-testid="artist-order">
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h2">{artistOrder.artistName}</Heading>
          <Text size="xsmall" className="text-ui-fg-subtle">
            {artistOrder.id}
          </Text>
        </div>
        <Status status={artistOrder.status} />
      </div>
      <ul className="divide-y">
        {artistOrder.items.map((item) => (
          <li key={item.id} className="flex items-center gap-x-3 px-6 py-3">
            <ProductThumb product={{ name: item.productName, images: item.image ? [item.image] : [] }} />
            <div className="min-w-0 flex-1">
              <Link to={`/products/${item.productId}`} className="txt-small-plus hover:underline">
                {item.productName}
              </Link>
              <Text size="xsmall" className="text-ui-fg-subtle">
                {item.quantity} × {money(item.price)}
              </Text>
            </div>
            <Text size="small">{money(item.price * item.quantity)}</Text>
          </li>
        ))}
      </ul>
      <div className="py-2">
        <Row label="Subtotal">{money(artistOrder.subtotal)}</Row>
        <Row label="Ship to">{address(artistOrder.shippingAddress)}</Row>
        <Row label="Shipment">
          {artistOrder.shippedAt
            ? `${artistOrder.carrier ?? "Shipped"} ${artistOrder.trackingNumber ?? ""} · ${dateTime(artistOrder.shippedAt)}`
            : "Not shipped"}
          {artistOrder.trackingUrl && (
            <a href={artistOrder.trackingUrl} target="_blank" rel="noreferrer" className="ml-1 inline-flex items-center text-ui-fg-interactive">
              track <ArrowUpRightOnBox />
            </a>
          )}
        </Row>
        {artistOrder.deliveredAt && <Row label="Delivered">{dateTime(artistOrder.deliveredAt)}</Row>}
        <PayoutRows payout={artistOrder.payout} />
        <Row label="Medusa order">
          {artistOrder.medusaOrder ? (
            <Link to={`/orders/${artistOrder.medusaOrder.id}`} className="text-ui-fg-interactive hover:underline">
              #{artistOrder.medusaOrder.displayId}
            </Link>
          ) : (
            "Not mirrored yet"
          )}
        </Row>
      </div>
    </Container>
  )
}

/** The status history of a gallery order and its artist orders. */
export function Transitions({ order }: { order: GalleryOrderDetail }) {
  const names = new Map(order.artistOrders.map((a) => [a.id, a.artistName]))
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h2">History</Heading>
      </div>
      <ol className="flex flex-col gap-y-2 px-6 py-4">
        {order.transitions.map((t, i) => (
          <li key={i} className="flex items-baseline justify-between gap-x-4">
            <Text size="small">
              {t.artistOrderId ? `${names.get(t.artistOrderId) ?? "Artist order"}: ` : "Order: "}
              {t.fromStatus ? `${statusLabel(t.fromStatus)} → ` : ""}
              {statusLabel(t.toStatus)}
            </Text>
            <Text size="xsmall" className="shrink-0 text-ui-fg-subtle">
              {dateTime(t.occurredAt)}
            </Text>
          </li>
        ))}
      </ol>
    </Container>
  )
}
