import { Badge, Button, Container, Heading, Input, Text } from "@medusajs/ui"
import { useEffect, useState, type FormEvent } from "react"
import { KNOWN_CARRIERS } from "../../../../src/lib/tracking-url"
import type { DashboardOrderDetail } from "../../../../src/sdk"
import { formErrorsOf, noErrors, type FormErrors } from "../../../shared/form-errors"
import { dateTime, money, statusLabel } from "../../../shared/format"
import { NativeSelect } from "../../../shared/native-select"
import { Link } from "../../../shared/router"
import { Status } from "../../../shared/status"
import { useAsync } from "../../../shared/use-async"
import { api } from "../api"
import { Field, FormError } from "../components/field"
import { LoadingState, RecordErrorState } from "../components/states"
import { Table } from "../components/table"
import { Thumbnail } from "../components/thumbnail"
import { AfterSalePanels } from "./order-after-sale"

/** Orders that can still be shipped (the API refuses the others with its own message). */
const SHIPPABLE = new Set(["paid", "processing"])
const OTHER_CARRIER = "other"

type Shipment = { carrier: string; tracking_number: string }

function ShipForm({ order, onShipped }: { order: DashboardOrderDetail; onShipped: (shipment: Shipment) => void }) {
  const [carrier, setCarrier] = useState<string>(KNOWN_CARRIERS[0])
  const [carrierUrl, setCarrierUrl] = useState("")
  const [trackingNumber, setTrackingNumber] = useState("")
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    try {
      const shipment = { carrier: carrier === OTHER_CARRIER ? carrierUrl : carrier, tracking_number: trackingNumber }
      const { order: shipped } = await api.orders.ship(order.id, shipment)
      setErrors(noErrors)
      onShipped({ carrier: shipment.carrier, tracking_number: shipped.tracking_number })
    } catch (error) {
      setErrors(formErrorsOf(error, ["carrier", "tracking_number"]))
      setBusy(false)
    }
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Ship order" className="flex flex-col gap-4 px-6 py-4">
      <div className="flex flex-col gap-1">
        <Heading level="h2">Ship this order</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          The customer gets an email with the tracking link{order.source === "gallery" ? ", and the gallery's tracking page shows it" : ""}.
        </Text>
      </div>
      <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-3">
        <Field id="carrier" label="Carrier" error={carrier === OTHER_CARRIER ? undefined : errors.fields.carrier}>
          <NativeSelect id="carrier" value={carrier} onChange={(e) => setCarrier(e.target.value)}>
            {KNOWN_CARRIERS.map((known) => (
              <option key={known} value={known}>
                {known}
              </option>
            ))}
            <option value={OTHER_CARRIER}>Another carrier (tracking URL)</option>
          </NativeSelect>
        </Field>
        {carrier === OTHER_CARRIER && (
          <Field id="carrier-url" label="Tracking URL" error={errors.fields.carrier}>
            <Input id="carrier-url" placeholder="https://…" value={carrierUrl} onChange={(e) => setCarrierUrl(e.target.value)} />
          </Field>
        )}
        <Field id="tracking_number" label="Tracking number" error={errors.fields.tracking_number}>
          <Input id="tracking_number" value={trackingNumber} onChange={(e) => setTrackingNumber(e.target.value)} placeholder="1Z999AA10123456784" />
        </Field>
      </div>
      <FormError message={errors.form} />
      <div className="flex justify-end">
        <Button type="submit" size="small" isLoading={busy}>
          Mark as shipped
        </Button>
      </div>
    </form>
  )
}

function Address({ address }: { address: DashboardOrderDetail["shipping_address"] }) {
  if (!address || !address.address_1) {
    return (
      <Text size="small" className="text-ui-fg-subtle">
        No shipping address yet.
      </Text>
    )
  }
  const lines = [
    [address.first_name, address.last_name].filter(Boolean).join(" "),
    address.address_1,
    address.address_2,
    [address.city, address.province, address.postal_code].filter(Boolean).join(", "),
    address.country_code?.toUpperCase(),
  ].filter(Boolean)
  return (
    <address className="txt-compact-small not-italic" data-testid="shipping-address">
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </address>
  )
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-4">
      <Text size="small" className="text-ui-fg-subtle">
        {label}
      </Text>
      <Text size="small" weight={strong ? "plus" : "regular"}>
        {value}
      </Text>
    </div>
  )
}

/**
 * When the page looks again for a shipment's tracking details, recorded just after it (usually within seconds; the
 * outbox's reconciliation delivers it within a minute otherwise): every second ten times, then every 5 s for a minute.
 */
const fulfilmentPollDelay = (poll: number) => (poll < 10 ? 1000 : poll < 22 ? 5000 : null)

export function OrderPage({ id }: { id: string }) {
  const order = useAsync(() => api.orders.retrieve(id).then((r) => r.order), [id])
  // A gallery order's Medusa fulfilment is recorded just after the shipment (docs/order-book.md): until it shows,
  // the page shows what was just sent and looks again.
  const [justShipped, setJustShipped] = useState<Shipment | null>(null)
  const [polls, setPolls] = useState(0)
  // Medusa records the fulfilment, then its shipment (with the tracking label): it is complete once shipped.
  const awaitingFulfilment = order.status === "success" && order.data.status === "shipped" && !order.data.fulfillments.some((f) => f.shipped_at)
  useEffect(() => {
    const delay = fulfilmentPollDelay(polls)
    if (!awaitingFulfilment || delay === null) return
    const timer = setTimeout(() => {
      setPolls((n) => n + 1)
      order.reload()
    }, delay)
    return () => clearTimeout(timer)
  }, [awaitingFulfilment, polls, order.data])
  if (order.status === "loading") return <LoadingState label="Loading the order" rows={6} />
  if (order.status === "error") {
    return (
      <RecordErrorState
        title="The order could not be loaded"
        error={order.error}
        onRetry={order.reload}
        notFound={{ title: "Order not found", backTo: "/orders", back: "Back to orders" }}
      />
    )
  }
  const current = order.data
  const shipments = current.fulfillments.filter((f) => f.shipped_at)
  return (
    <>
      <Link to="/orders" className="txt-compact-small text-ui-fg-subtle hover:text-ui-fg-base">
        ← Orders
      </Link>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="flex flex-col gap-4 lg:col-span-2">
          <Container className="divide-y p-0" data-order-page={current.id}>
            <div className="flex flex-wrap items-start justify-between gap-4 px-6 py-4">
              <div className="flex flex-col gap-1">
                <div className="flex items-center gap-2">
                  <Heading level="h1">Order {current.order_number}</Heading>
                  <Status status={current.status} />
                  <Badge size="2xsmall" color={current.source === "gallery" ? "purple" : "blue"} data-source={current.source}>
                    {current.source === "gallery" ? "Gallery" : "Store"}
                  </Badge>
                </div>
                <Text size="small" className="text-ui-fg-subtle">
                  {dateTime(current.created_at)}
                  {current.gallery_public_id && ` · gallery order ${current.gallery_public_id}`} · payment {statusLabel(current.payment_status)}
                </Text>
              </div>
            </div>
            <Table>
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>Item</Table.HeaderCell>
                  <Table.HeaderCell>Quantity</Table.HeaderCell>
                  <Table.HeaderCell className="text-right">Price</Table.HeaderCell>
                  <Table.HeaderCell className="text-right">Total</Table.HeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {current.items.map((item) => (
                  <Table.Row key={item.id}>
                    <Table.Cell>
                      <div className="flex items-center gap-3 py-2">
                        <Thumbnail src={item.thumbnail ?? undefined} title={item.title} />
                        <div className="flex flex-col">
                          <Text size="small" weight="plus">
                            {item.title}
                          </Text>
                          {item.sku && (
                            <Text size="xsmall" className="text-ui-fg-subtle">
                              {item.sku}
                            </Text>
                          )}
                        </div>
                      </div>
                    </Table.Cell>
                    <Table.Cell>{item.quantity}</Table.Cell>
                    <Table.Cell className="text-right">{money(item.unit_price)}</Table.Cell>
                    <Table.Cell className="text-right">{money(item.total)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
            <div className="flex flex-col gap-1 px-6 py-4">
              <Row label="Subtotal" value={money(current.subtotal)} />
              <Row label="Shipping" value={money(current.shipping_cost)} />
              <Row label="Tax" value={money(current.tax_amount)} />
              <Row label="Total" value={money(current.total)} strong />
              {current.source === "gallery" && <Row label="Gallery commission" value={money(-current.platform_fee)} />}
              {current.payout && <Row label={`Your payout (${statusLabel(current.payout.status)})`} value={money(current.payout.amount)} strong />}
            </div>
          </Container>
          <Container className="divide-y p-0">
            {SHIPPABLE.has(current.status) ? (
              <ShipForm
                order={current}
                onShipped={(shipment) => {
                  setJustShipped(shipment)
                  setPolls(0)
                  order.reload()
                }}
              />
            ) : (
              <div className="flex flex-col gap-2 px-6 py-4">
                <Heading level="h2">Shipping</Heading>
                {shipments.length === 0 && justShipped && (
                  <Text size="small" data-testid="just-shipped">
                    Shipped with {justShipped.carrier || "no carrier named"}, tracking number {justShipped.tracking_number}.
                  </Text>
                )}
                {shipments.length === 0 && !justShipped && (
                  <Text size="small" className="text-ui-fg-subtle">
                    {current.status === "shipped" || current.status === "delivered"
                      ? "Shipped; the tracking details are being recorded."
                      : `Nothing to ship while the order is ${statusLabel(current.status).toLowerCase()}.`}
                  </Text>
                )}
                {shipments.map((f, i) => (
                  <div key={i} className="flex flex-wrap items-center gap-2" data-fulfillment={f.tracking_number ?? ""}>
                    <Text size="small" weight="plus">
                      {f.carrier ?? "Carrier"}
                    </Text>
                    {f.tracking_url ? (
                      <a href={f.tracking_url} target="_blank" rel="noreferrer" className="txt-compact-small text-ui-fg-interactive">
                        {f.tracking_number}
                      </a>
                    ) : (
                      <Text size="small">{f.tracking_number ?? "—"}</Text>
                    )}
                    <Text size="small" className="text-ui-fg-subtle">
                      shipped {dateTime(f.shipped_at)}
                      {f.delivered_at && `, delivered ${dateTime(f.delivered_at)}`}
                    </Text>
                  </div>
                ))}
              </div>
            )}
          </Container>
          {/* Refunds of gallery and store orders (docs/refunds.md); returns are the gallery's (docs/returns.md). */}
          <AfterSalePanels order={current} onChanged={order.reload} />
        </div>
        <div className="flex flex-col gap-4">
          <Container className="flex flex-col gap-3 px-6 py-4">
            <Heading level="h2">Customer</Heading>
            <div className="flex flex-col">
              <Text size="small" weight="plus">
                {current.customer.name || "—"}
              </Text>
              <Text size="small" className="text-ui-fg-subtle" data-testid="customer-email">
                {current.customer.email}
              </Text>
            </div>
            <Heading level="h3" className="txt-compact-small-plus">
              Shipping address
            </Heading>
            <Address address={current.shipping_address} />
          </Container>
        </div>
      </div>
    </>
  )
}
