import { Button, Container, Heading, Input, Text } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import { ShippingAddressSchema } from "../../../../src/lib/form-schemas"
import type { GalleryArtistOrder, GalleryOrder, ShippingAddressInput } from "../../../../src/sdk"
import { dateTime, money } from "../../../shared/format"
import { Link, useRouter } from "../../../shared/router"
import { Status } from "../../../shared/status"
import { useAsync } from "../../../shared/use-async"
import { useForm } from "../../../shared/use-form"
import { Field, FormError } from "../components/field"
import { ProductImage } from "../components/product-card"
import { EmptyState, ErrorState, LoadingState } from "../components/states"
import { rememberedOrderEmail, rememberOrderEmail } from "../order-email"
import { sdk } from "../sdk"
import { AfterSale, canAskForReturn, ReturnForm } from "./order-returns"
import { ADDRESS_FIELD_NAMES, addressErrorsOf, AddressFields, addressInput, EMPTY_ADDRESS } from "./checkout"

function AddressText({ address }: { address: NonNullable<GalleryArtistOrder["shippingAddress"]> }) {
  return (
    <address className="txt-compact-small text-ui-fg-subtle not-italic">
      {address.name}, {address.line1}
      {address.line2 ? `, ${address.line2}` : ""}, {address.city}, {address.state} {address.postal_code}, {address.country}
    </address>
  )
}

const ADDRESS_FORM_FIELDS = ["email", "shippingAddress", ...ADDRESS_FIELD_NAMES.map((name) => `shippingAddress.${name}`)]

/**
 * A wrong email answers exactly like an unknown order (the email is a credential): the refusal says which to check.
 * Other errors as they are.
 */
function wrongEmailSaid(error: unknown): unknown {
  if ((error as { status?: number } | null)?.status !== 404) return error
  return Object.assign(new Error(`${(error as Error).message}. Check that the email is the one this order was placed with.`), { status: 404 })
}

/** An address as the form's inputs hold it (line2 empty when absent). */
function addressValue(address: GalleryArtistOrder["shippingAddress"]): Record<keyof ShippingAddressInput, string> {
  if (!address) return EMPTY_ADDRESS
  return { ...EMPTY_ADDRESS, ...address, line2: address.line2 ?? "" }
}

/**
 * A per_artist order's address for one artist's shipment, first given or changed until that artist ships. The
 * order's full email is its second key: the page only shows it masked, so the shopper types it (prefilled in the
 * tab that placed the order). The buyer is emailed about every change. The address is checked as the route checks
 * it (src/lib/form-schemas.ts), every field's message at once next to it, nothing sent; the email only the server
 * can check.
 */
function ArtistAddressForm({
  order,
  artistOrder,
  onSaved,
  onCancel,
}: {
  order: GalleryOrder
  artistOrder: GalleryArtistOrder
  onSaved: (order: GalleryOrder) => void
  onCancel?: () => void
}) {
  const prefix = `address-${artistOrder.orgId}`
  const changing = Boolean(artistOrder.shippingAddress)
  const [email, setEmail] = useState(() => rememberedOrderEmail(order.publicId))
  const [address, setAddress] = useState(() => addressValue(artistOrder.shippingAddress))
  const { errors, busy, onSubmit } = useForm(ADDRESS_FORM_FIELDS)
  const shippingAddress = addressInput(address)
  const submit = onSubmit(
    async () => {
      try {
        const saved = await sdk.gallery.orders.setArtistAddress(order.publicId, { orgId: artistOrder.orgId, email, shippingAddress })
        rememberOrderEmail(order.publicId, email)
        onSaved(saved.order)
      } catch (error) {
        throw wrongEmailSaid(error)
      }
    },
    { checks: [{ result: ShippingAddressSchema.safeParse(shippingAddress), prefix: "shippingAddress" }] }
  )
  const addressErrorId = `${prefix}-address-error`
  return (
    <form onSubmit={submit} noValidate aria-label={`Shipping address for ${artistOrder.artistName}`} className="bg-ui-bg-subtle flex flex-col gap-3 rounded-lg p-4">
      <Text weight="plus">{changing ? `Change where ${artistOrder.artistName} ships` : `Where should ${artistOrder.artistName} ship?`}</Text>
      <FormError message={errors.form} />
      <Field id={`${prefix}-email`} label="Email used for this order" error={errors.fields.email}>
        <Input
          id={`${prefix}-email`}
          type="email"
          autoComplete="email"
          placeholder={order.email}
          aria-invalid={errors.fields.email ? true : undefined}
          aria-describedby={errors.fields.email ? `${prefix}-email-error` : undefined}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <fieldset className="flex flex-col gap-3" aria-describedby={errors.fields.shippingAddress ? addressErrorId : undefined}>
        <legend className="sr-only">Shipping address</legend>
        <AddressFields prefix={prefix} value={address} onChange={setAddress} errors={addressErrorsOf(errors.fields)} />
        {errors.fields.shippingAddress && (
          <Text id={addressErrorId} size="small" className="text-ui-fg-error" data-field-error="shippingAddress">
            {errors.fields.shippingAddress}
          </Text>
        )}
      </fieldset>
      <Text size="small" className="text-ui-fg-subtle">
        We email {order.email} about every address change.
      </Text>
      <div className="flex gap-2">
        <Button type="submit" size="small" isLoading={busy} className="w-fit">
          Save address
        </Button>
        {onCancel && (
          <Button type="button" size="small" variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}

function ArtistOrderCard({
  order,
  artistOrder,
  onSaved,
  onReload,
}: {
  order: GalleryOrder
  artistOrder: GalleryArtistOrder
  onSaved: (order: GalleryOrder) => void
  onReload: () => void
}) {
  const shippedOrLater = artistOrder.status === "shipped" || artistOrder.status === "delivered"
  // A per_artist address can be given, and changed, until that artist ships.
  const addressOpen = order.shippingOption === "per_artist" && !shippedOrLater && order.status !== "cancelled"
  const needsAddress = addressOpen && !artistOrder.shippingAddress
  const [changing, setChanging] = useState(false)
  // A shipped order's return request (docs/returns.md): the form, then what was sent.
  const [returning, setReturning] = useState(false)
  const [returnSent, setReturnSent] = useState(false)
  const saved = (updated: GalleryOrder) => {
    setChanging(false)
    onSaved(updated)
  }
  return (
    <Container className="flex flex-col gap-4" data-artist-order={artistOrder.orgId}>
      <div className="flex items-center justify-between gap-2">
        <Heading level="h2">{artistOrder.artistName}</Heading>
        <Status status={artistOrder.status} />
      </div>
      <ul className="flex flex-col gap-2">
        {artistOrder.items.map((item) => (
          <li key={item.productId} className="flex items-center gap-3">
            <div className="h-12 w-12 shrink-0 overflow-hidden rounded-md">
              <ProductImage product={{ images: item.image ? [item.image] : [], name: item.productName }} className="h-12" size="small" />
            </div>
            <span className="txt-compact-small flex-1">
              {item.quantity} × {item.productName}
            </span>
            <span className="txt-compact-small">{money(item.price * item.quantity)}</span>
          </li>
        ))}
      </ul>
      {artistOrder.shipping !== undefined && (
        <div className="txt-compact-small flex justify-between" data-testid={`order-shipping-${artistOrder.orgId}`}>
          <span>Shipping{artistOrder.shippingMethod ? `: ${artistOrder.shippingMethod}` : ""}</span>
          <span>{artistOrder.shipping === 0 ? "Free" : money(artistOrder.shipping)}</span>
        </div>
      )}
      <div className="txt-compact-small flex flex-col gap-1">
        {artistOrder.trackingNumber ? (
          <span>
            Shipped {dateTime(artistOrder.shippedAt)} · tracking{" "}
            {artistOrder.trackingUrl ? (
              <a href={artistOrder.trackingUrl} target="_blank" rel="noreferrer" className="text-ui-fg-interactive hover:underline">
                {artistOrder.trackingNumber}
              </a>
            ) : (
              artistOrder.trackingNumber
            )}
          </span>
        ) : (
          <span className="text-ui-fg-subtle">Not shipped yet: the tracking number appears here when {artistOrder.artistName} ships.</span>
        )}
        {artistOrder.shippingAddress && <AddressText address={artistOrder.shippingAddress} />}
      </div>
      {needsAddress && <ArtistAddressForm order={order} artistOrder={artistOrder} onSaved={saved} />}
      {addressOpen && artistOrder.shippingAddress && !changing && (
        <Button type="button" size="small" variant="secondary" className="w-fit" onClick={() => setChanging(true)}>
          Change address
        </Button>
      )}
      {addressOpen && artistOrder.shippingAddress && changing && (
        <ArtistAddressForm order={order} artistOrder={artistOrder} onSaved={saved} onCancel={() => setChanging(false)} />
      )}
      <AfterSale artistOrder={artistOrder} />
      {returnSent && !returning && (
        <div role="status" className="bg-ui-tag-green-bg text-ui-tag-green-text txt-compact-small-plus rounded-lg px-4 py-3">
          Your return request was sent to {artistOrder.artistName}. They answer by email; its progress shows here.
        </div>
      )}
      {canAskForReturn(order, artistOrder) && !returning && (
        <Button type="button" size="small" variant="secondary" className="w-fit" onClick={() => setReturning(true)}>
          Return items
        </Button>
      )}
      {returning && (
        <ReturnForm
          order={order}
          artistOrder={artistOrder}
          onCancel={() => setReturning(false)}
          onSent={() => {
            setReturning(false)
            setReturnSent(true)
            onReload()
          }}
        />
      )}
    </Container>
  )
}

export function OrderPage({ publicId }: { publicId: string }) {
  const order = useAsync(() => sdk.gallery.orders.retrieve(publicId), [publicId])
  const { query } = useRouter()

  if (order.status === "loading") return <LoadingState label="Loading your order" rows={4} />
  if (order.status === "error") {
    if ((order.error as { status?: number }).status === 404) {
      return (
        <EmptyState title="Order not found">
          <Text className="text-ui-fg-subtle">No order has the number {publicId}. Order numbers look like GAL-2026-AB12CD.</Text>
          <Link to="/orders" className="txt-compact-small-plus text-ui-fg-interactive">
            Look up another order
          </Link>
        </EmptyState>
      )
    }
    return <ErrorState title="Your order could not be loaded" error={order.error} onRetry={order.reload} />
  }
  const current = order.data.order
  const saved = (updated: GalleryOrder) => order.setData({ order: updated })
  return (
    <div className="flex flex-col gap-6">
      {query.get("placed") && (
        <div role="status" className="bg-ui-tag-green-bg text-ui-tag-green-text txt-compact-small-plus rounded-lg px-4 py-3">
          Thank you! Your payment went through; each artist ships their part and you can follow it here.
        </div>
      )}
      <Container className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <Text size="small" className="text-ui-fg-subtle">
            Order
          </Text>
          <Heading level="h1" data-testid="order-public-id">
            {current.publicId}
          </Heading>
          <Text size="small" className="text-ui-fg-subtle">
            Placed {dateTime(current.createdAt)}
            {current.paidAt ? ` · paid ${dateTime(current.paidAt)}` : ""} ·{" "}
            {/* Masked by the API (a***@example.com): the public id is all this page needs, and the full email is the
                second key of the address form. */}
            <span data-testid="order-email">{current.email}</span>
          </Text>
        </div>
        <div className="flex flex-col items-end gap-2">
          <Status status={current.status} />
          <Text weight="plus" data-testid="order-total">
            {money(current.total)}
          </Text>
          <Text size="xsmall" className="text-ui-fg-subtle" data-testid="order-breakdown">
            {[
              money(current.subtotal),
              ...(current.shipping !== undefined ? [`shipping ${money(current.shipping)}`] : []),
              `gallery fee ${money(current.galleryFee)}`,
              `card processing ${money(current.stripeFee)}`,
            ].join(" + ")}
          </Text>
        </div>
      </Container>
      {current.shippingAddress && (
        <Container className="flex flex-col gap-1">
          <Text weight="plus">Everything ships to</Text>
          <AddressText address={current.shippingAddress} />
        </Container>
      )}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {current.artistOrders.map((artistOrder) => (
          <ArtistOrderCard key={artistOrder.orgId} order={current} artistOrder={artistOrder} onSaved={saved} onReload={order.reload} />
        ))}
      </div>
    </div>
  )
}

export function OrderLookupPage() {
  const { go } = useRouter()
  const [publicId, setPublicId] = useState("")
  const [error, setError] = useState<string | undefined>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const id = publicId.trim().toUpperCase()
    if (!id) return setError("Enter your order number")
    go(`/orders/${encodeURIComponent(id)}`)
  }
  return (
    <Container className="mx-auto flex max-w-md flex-col gap-4">
      <Heading level="h1">Track an order</Heading>
      <Text className="text-ui-fg-subtle">Your order number is in your confirmation email.</Text>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label="Track an order">
        <Field id="public-id" label="Order number" error={error}>
          <Input id="public-id" placeholder="GAL-2026-AB12CD" value={publicId} onChange={(e) => setPublicId(e.target.value)} />
        </Field>
        <Button type="submit" className="w-fit">
          Track
        </Button>
      </form>
    </Container>
  )
}
