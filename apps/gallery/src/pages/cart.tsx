import { Button, Container, Heading, Input, Text } from "@medusajs/ui"
import { useState } from "react"
import { CartQuantitySchema } from "../../../../src/lib/form-schemas"
import type { GalleryCartItem } from "../../../../src/sdk"
import { money } from "../../../shared/format"
import { Link, useRouter } from "../../../shared/router"
import { useAsync } from "../../../shared/use-async"
import { useCart } from "../cart-context"
import { Field } from "../components/field"
import { ProductImage } from "../components/product-card"
import { EmptyState, ErrorState, LoadingState } from "../components/states"
import { sdk } from "../sdk"
import { CountrySelect, OrderTotals, ShippingOptions, useShippingChoice, useShippingQuote } from "../shipping"

function CartLine({ item, onChanged }: { item: GalleryCartItem; onChanged: () => Promise<void> }) {
  const [quantity, setQuantity] = useState(String(item.quantity))
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const run = async (write: () => Promise<unknown>) => {
    setBusy(true)
    setError(undefined)
    try {
      await write()
      await onChanged()
    } catch (failure) {
      setError((failure as Error).message)
    } finally {
      setBusy(false)
    }
  }
  const update = () => {
    if (quantity === String(item.quantity)) return
    // An empty field is sent as 0, which removes the line (the API's rule); otherwise a whole number from 1 to 99
    // (src/lib/form-schemas.ts): more than 99 is refused saying so, not capped unseen.
    const typed = quantity.trim() === "" ? 0 : Number(quantity)
    const check = typed === 0 ? null : CartQuantitySchema.safeParse(typed)
    if (check && !check.success) return setError(check.error.issues[0]?.message)
    void run(() => sdk.gallery.cart.update({ itemId: item.id, quantity: typed }))
  }
  const id = `quantity-${item.id}`
  return (
    <li className="flex gap-4 py-4" data-cart-item={item.productId}>
      <Link to={`/products/${item.productId}`} className="w-24 shrink-0 overflow-hidden rounded-md">
        <ProductImage product={item.product} className="aspect-square" size="small" />
      </Link>
      <div className="flex flex-1 flex-col gap-1">
        <Link to={`/products/${item.productId}`} className="txt-compact-medium-plus hover:underline">
          {item.product.name}
        </Link>
        <Text size="small" className="text-ui-fg-subtle">
          {item.product.organizations.name} · {money(item.product.price)} each
        </Text>
        {!item.available && (
          <Text size="small" className="text-ui-fg-error">
            No longer available in the gallery: remove it to check out.
          </Text>
        )}
      </div>
      <div className="flex w-40 flex-col items-end gap-2">
        <div className="w-full">
          <Field id={id} label="Quantity" error={error}>
            <Input
              id={id}
              type="number"
              min={0}
              max={99}
              size="small"
              value={quantity}
              disabled={busy}
              onChange={(e) => setQuantity(e.target.value)}
              onBlur={update}
              onKeyDown={(e) => e.key === "Enter" && update()}
            />
          </Field>
        </div>
        <Text weight="plus">{money((item.product.price ?? 0) * item.quantity)}</Text>
        <Button variant="transparent" size="small" onClick={() => run(() => sdk.gallery.cart.remove({ itemId: item.id }))} disabled={busy}>
          Remove
        </Button>
      </div>
    </li>
  )
}

/**
 * Where the works go and what each artist charges to ship there: the destination country, then per artist the
 * options for it (the cheapest chosen until the shopper picks another), or why that artist cannot ship there.
 */
function ShippingSection({
  shipping,
  choice,
}: {
  shipping: ReturnType<typeof useShippingQuote>
  choice: ReturnType<typeof useShippingChoice>
}) {
  return (
    <Container className="flex flex-col gap-4" aria-label="Shipping" role="region">
      <Heading level="h2">Shipping</Heading>
      <div className="max-w-xs">
        <CountrySelect id="shipping-country" label="Ship to" value={choice.country} onChange={choice.setCountry} />
      </div>
      {shipping.error && <ErrorState title="Shipping could not be quoted" error={shipping.error} onRetry={shipping.retry} />}
      {!shipping.quote && !shipping.error && <LoadingState label="Quoting shipping" rows={1} />}
      {shipping.quote && <ShippingOptions quote={shipping.quote} onChoose={choice.choose} />}
    </Container>
  )
}

export function CartPage() {
  const { refresh } = useCart()
  const { go } = useRouter()
  const cart = useAsync(() => sdk.gallery.cart.retrieve(), [])
  const choice = useShippingChoice()
  const loaded = cart.data?.cart
  const shipping = useShippingQuote(
    {
      sessionId: loaded?.items.length ? loaded.sessionId : null,
      country: choice.country,
      methods: choice.methods,
      cartKey: loaded?.items.map((item) => `${item.id}:${item.quantity}`).join(",") ?? "",
    },
    choice.choose
  )

  if (cart.status === "loading") return <LoadingState label="Loading your cart" />
  if (cart.status === "error") return <ErrorState title="Your cart could not be loaded" error={cart.error} onRetry={cart.reload} />
  const { cart: current } = cart.data
  const changed = async () => {
    const fresh = await refresh()
    if (fresh) cart.setData({ cart: fresh })
  }
  if (current.items.length === 0) {
    return (
      <EmptyState title="Your cart is empty">
        <Text className="text-ui-fg-subtle">Works you add from the gallery wait here, from any number of artists.</Text>
        <Link to="/" className="txt-compact-small-plus text-ui-fg-interactive">
          Browse the gallery
        </Link>
      </EmptyState>
    )
  }
  const unavailableWorks = current.items.some((item) => !item.available)
  const quote = shipping.quote
  // Checkout charges what is shown here: not before the quote for this destination is in, nor when an artist cannot ship.
  const shippingReady = Boolean(quote) && !shipping.pending && !shipping.error
  const blockedBy =
    !unavailableWorks && shippingReady && !quote?.available
      ? choice.country
        ? "An artist cannot ship to this country: remove their works or choose another country."
        : "Choose where to ship your works."
      : null
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-3">
      <div className="flex flex-col gap-6 md:col-span-2">
        <Container>
          <Heading level="h1">Your cart</Heading>
          <ul className="divide-ui-border-base divide-y">
            {current.items.map((item) => (
              <CartLine key={item.id} item={item} onChanged={changed} />
            ))}
          </ul>
        </Container>
        <ShippingSection shipping={shipping} choice={choice} />
      </div>
      <Container className="flex h-fit flex-col gap-3">
        <Heading level="h2">Summary</Heading>
        <div className="txt-compact-small flex justify-between">
          <span>
            {current.itemCount} {current.itemCount === 1 ? "item" : "items"} from {current.artistCount}{" "}
            {current.artistCount === 1 ? "artist" : "artists"}
          </span>
        </div>
        <div className="flex justify-between">
          <Text weight="plus">Subtotal</Text>
          <Text weight="plus" data-testid="cart-subtotal">
            {money(current.subtotal)}
          </Text>
        </div>
        <OrderTotals subtotal={current.subtotal} shipping={quote?.available ? quote.shipping : null} pending={shipping.pending} testIdPrefix="cart" />
        {blockedBy && (
          <Text size="small" className="text-ui-fg-error" data-testid="cart-blocked">
            {blockedBy}
          </Text>
        )}
        <Button onClick={() => go("/checkout")} disabled={unavailableWorks || !shippingReady || Boolean(blockedBy)}>
          Check out
        </Button>
      </Container>
    </div>
  )
}
