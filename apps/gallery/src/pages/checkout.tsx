import { Button, Container, Heading, Input, RadioGroup, Label, Text } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import { isKnownCountry } from "../../../../src/lib/countries"
import { EmailSchema, ShippingAddressSchema } from "../../../../src/lib/form-schemas"
import { paymentIntentIdOf, type CheckoutResponse, type SandboxPaymentMethod, type ShippingAddressInput } from "../../../../src/sdk"
import { noErrors, type FormErrors } from "../../../shared/form-errors"
import { money } from "../../../shared/format"
import { Link, useRouter } from "../../../shared/router"
import { useAsync } from "../../../shared/use-async"
import { useForm } from "../../../shared/use-form"
import { useCart } from "../cart-context"
import { Field, FormError } from "../components/field"
import { EmptyState, ErrorState, LoadingState } from "../components/states"
import { rememberOrderEmail } from "../order-email"
import { sdk } from "../sdk"
import { chosenMethods, countryLabel, CountrySelect, doesNotShip, OrderTotals, ShippingOptions, useShippingChoice, useShippingQuote } from "../shipping"

// Each address field with its label and `autocomplete` token (the browser's saved addresses fill them in).
const ADDRESS_FIELDS: Array<[keyof ShippingAddressInput, string, string, boolean?]> = [
  ["name", "Full name", "name"],
  ["line1", "Address", "address-line1"],
  ["line2", "Apartment, suite", "address-line2", true],
  ["city", "City", "address-level2"],
  ["state", "State / region", "address-level1"],
  ["postal_code", "Postal code", "postal-code"],
  ["country", "Country", "country"],
]

export const ADDRESS_FIELD_NAMES = ADDRESS_FIELDS.map(([name]) => name)

export const EMPTY_ADDRESS: Record<keyof ShippingAddressInput, string> = { name: "", line1: "", line2: "", city: "", state: "", postal_code: "", country: "" }

/** Address inputs, the country chosen from the list (its ISO code sent); `prefix` keeps ids unique on a page with several. */
export function AddressFields({
  prefix,
  value,
  onChange,
  errors = {},
}: {
  prefix: string
  value: Record<keyof ShippingAddressInput, string>
  onChange: (value: Record<keyof ShippingAddressInput, string>) => void
  /** Messages by address field (`city`): the form's own check, or the API's named field. */
  errors?: Partial<Record<keyof ShippingAddressInput, string>>
}) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {ADDRESS_FIELDS.map(([name, label, autoComplete, optional]) => (
        <div key={name} className={name === "name" || name === "line1" ? "sm:col-span-2" : ""}>
          {name === "country" ? (
            <CountrySelect
              id={`${prefix}-${name}`}
              label={label}
              autoComplete={autoComplete}
              error={errors[name]}
              value={value.country?.trim().toUpperCase() || null}
              onChange={(country) => onChange({ ...value, country: country ?? "" })}
            />
          ) : (
            <Field id={`${prefix}-${name}`} label={label} optional={optional} error={errors[name]}>
              <Input
                id={`${prefix}-${name}`}
                autoComplete={autoComplete}
                aria-invalid={errors[name] ? true : undefined}
                aria-describedby={errors[name] ? `${prefix}-${name}-error` : undefined}
                value={value[name] ?? ""}
                onChange={(e) => onChange({ ...value, [name]: e.target.value })}
              />
            </Field>
          )}
        </div>
      ))}
    </div>
  )
}

/** Messages of `errors` about `shippingAddress.<field>`, by address field. */
export function addressErrorsOf(fields: Partial<Record<string, string>>): Partial<Record<keyof ShippingAddressInput, string>> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([field]) => field.startsWith("shippingAddress."))
      .map(([field, message]) => [field.slice("shippingAddress.".length), message])
  )
}

/** The address as the API takes it: an empty optional line left out. */
export function addressInput(value: Record<keyof ShippingAddressInput, string>): ShippingAddressInput {
  const { line2, ...rest } = value
  return line2?.trim() ? { ...rest, line2 } : rest
}

function Payment({ checkout, email }: { checkout: CheckoutResponse; email: string }) {
  const config = useAsync(() => sdk.gallery.config(), [])
  const { refresh } = useCart()
  const { go } = useRouter()
  const [card, setCard] = useState<SandboxPaymentMethod>("pm_card_visa")
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const [busy, setBusy] = useState(false)

  const pay = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setErrors(noErrors)
    const paymentIntentId = paymentIntentIdOf(checkout.clientSecret)
    try {
      await sdk.sandbox.confirmPaymentIntent(paymentIntentId, card)
    } catch (error) {
      // A declined card is about the card: shown next to it.
      setErrors({ fields: { card: (error as Error).message }, form: null })
      setBusy(false)
      return
    }
    try {
      const { order } = await sdk.gallery.checkout.confirm({ paymentIntentId })
      rememberOrderEmail(order.publicId, email)
      await refresh()
      go(`/orders/${order.publicId}?placed=1`)
    } catch (error) {
      setErrors({ fields: {}, form: (error as Error).message })
      setBusy(false)
    }
  }

  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-3">
      <Container className="flex flex-col gap-4 md:col-span-2">
        <Heading level="h1">Payment</Heading>
        <Text className="text-ui-fg-subtle">
          Order <span className="text-ui-fg-base font-medium">{checkout.publicId}</span> is reserved for you: pay to confirm it.
        </Text>
        {config.status === "loading" && <LoadingState label="Loading payment options" rows={1} />}
        {config.status === "error" && <ErrorState title="Payment options could not be loaded" error={config.error} onRetry={config.reload} />}
        {config.status === "success" && config.data.payments.provider !== "local" && (
          <FormError message="This server takes card payments through Stripe. This reference storefront pays only on the local sandbox gateway; a production storefront confirms the client secret with Stripe.js." />
        )}
        {config.status === "success" && config.data.payments.provider === "local" && (
          <form onSubmit={pay} noValidate aria-label="Payment" className="flex flex-col gap-4">
            <Field id="card" label="Test card (local sandbox gateway: no real money moves)" error={errors.fields.card}>
              <RadioGroup id="card" value={card} onValueChange={(value) => setCard(value as SandboxPaymentMethod)} className="flex flex-col gap-2">
                <div className="flex items-center gap-2">
                  <RadioGroup.Item value="pm_card_visa" id="card-visa" />
                  <Label htmlFor="card-visa">Visa •••• 4242, succeeds</Label>
                </div>
                <div className="flex items-center gap-2">
                  <RadioGroup.Item value="pm_card_chargeDeclined" id="card-declined" />
                  <Label htmlFor="card-declined">Visa •••• 0002, declined</Label>
                </div>
              </RadioGroup>
            </Field>
            <FormError message={errors.form} />
            <Button type="submit" isLoading={busy} className="w-fit">
              Pay {money(checkout.total)}
            </Button>
          </form>
        )}
      </Container>
      <Container className="flex h-fit flex-col gap-2">
        <Heading level="h2">Order summary</Heading>
        {checkout.artists.map((artist) => (
          <div key={artist.orgId} className="txt-compact-small flex flex-col" data-checkout-artist={artist.orgId}>
            <div className="flex justify-between">
              <span>
                {artist.artistName} ({artist.itemCount})
              </span>
              <span>{money(artist.subtotal)}</span>
            </div>
            {artist.shippingMethod && artist.shipping !== undefined && (
              <div className="text-ui-fg-subtle flex justify-between">
                <span>Shipping: {artist.shippingMethod.name}</span>
                <span>{money(artist.shipping)}</span>
              </div>
            )}
          </div>
        ))}
        <hr className="border-ui-border-base" />
        <div className="txt-compact-small flex justify-between">
          <span>Subtotal</span>
          <span>{money(checkout.breakdown.subtotal)}</span>
        </div>
        {checkout.breakdown.shipping !== undefined && (
          <div className="txt-compact-small flex justify-between">
            <span>Shipping</span>
            <span data-testid="checkout-shipping">{money(checkout.breakdown.shipping)}</span>
          </div>
        )}
        <div className="txt-compact-small flex justify-between">
          <span>Gallery fee</span>
          <span>{money(checkout.breakdown.galleryFee)}</span>
        </div>
        <div className="txt-compact-small flex justify-between">
          <span>Card processing</span>
          <span>{money(checkout.breakdown.stripeFee)}</span>
        </div>
        <div className="flex justify-between">
          <Text weight="plus">Total</Text>
          <Text weight="plus" data-testid="checkout-total">
            {money(checkout.breakdown.total)}
          </Text>
        </div>
      </Container>
    </div>
  )
}

const TWO_LETTERS = /^[A-Za-z]{2}$/

export function CheckoutPage() {
  const cart = useAsync(() => sdk.gallery.cart.retrieve(), [])
  const choice = useShippingChoice()
  const [email, setEmail] = useState("")
  const [option, setOption] = useState<"single_address" | "per_artist">("single_address")
  // The address's country starts as the destination chosen in the cart.
  const [address, setAddress] = useState(() => ({ ...EMPTY_ADDRESS, country: choice.country ?? "" }))
  const [checkout, setCheckout] = useState<CheckoutResponse | null>(null)
  const loadedOrgIds = [...new Set(cart.data?.cart.items.map((item) => item.product.org_id) ?? [])]
  const { errors, busy, onSubmit } = useForm([
    "email",
    "shippingOption",
    "shippingAddress",
    ...ADDRESS_FIELD_NAMES.map((name) => `shippingAddress.${name}`),
    ...loadedOrgIds.flatMap((orgId) => [`shippingMethods.${orgId}`, `countries.${orgId}`]),
  ])
  // Where shipping is charged for: the address's country (one address), else the country chosen for every artist.
  const typedCountry = address.country.trim()
  const destination = option === "single_address" ? (TWO_LETTERS.test(typedCountry) ? typedCountry.toUpperCase() : null) : choice.country
  const loaded = cart.data?.cart
  const shipping = useShippingQuote(
    {
      sessionId: loaded?.items.length ? loaded.sessionId : null,
      country: destination,
      methods: destination === choice.country ? choice.methods : {},
      cartKey: loaded?.items.map((item) => `${item.id}:${item.quantity}`).join(",") ?? "",
    },
    choice.choose
  )

  if (checkout) return <Payment checkout={checkout} email={email} />
  if (cart.status === "loading") return <LoadingState label="Loading your cart" />
  if (cart.status === "error") return <ErrorState title="Your cart could not be loaded" error={cart.error} onRetry={cart.reload} />
  const { cart: current } = cart.data
  if (current.items.length === 0 || !current.sessionId) {
    return (
      <EmptyState title="Nothing to check out">
        <Link to="/" className="txt-compact-small-plus text-ui-fg-interactive">
          Browse the gallery
        </Link>
      </EmptyState>
    )
  }

  const orgIds = [...new Set(current.items.map((item) => item.product.org_id))]
  const quote = shipping.quote
  const shippingAddress = option === "single_address" ? addressInput(address) : undefined
  // The email and the address are checked as the server checks them (src/lib/form-schemas.ts), every field's message
  // at once next to it; the server's own refusal names its field too (`shippingAddress.country`).
  const submit = onSubmit(
    async () => {
      const response = await sdk.gallery.checkout.create({
        sessionId: current.sessionId!,
        email,
        shippingOption: option,
        shippingAddress,
        // The options shown (each artist's pick, else the cheapest); per artist, every artist's destination.
        shippingMethods: chosenMethods(quote),
        countries: option === "per_artist" && destination ? Object.fromEntries(orgIds.map((orgId) => [orgId, destination])) : undefined,
      })
      setCheckout(response)
    },
    {
      checks: [
        { result: EmailSchema.safeParse(email), prefix: "email" },
        ...(shippingAddress ? [{ result: ShippingAddressSchema.safeParse(shippingAddress), prefix: "shippingAddress" }] : []),
      ],
    }
  )
  const shippingErrors = Object.fromEntries(orgIds.map((orgId) => [orgId, errors.fields[`shippingMethods.${orgId}`] ?? errors.fields[`countries.${orgId}`]]))
  const cannotShip = Boolean(quote?.artists.some(doesNotShip))
  const changeAddress = (next: typeof address) => {
    setAddress(next)
    // The address's country is the destination: the cart shows it next time too.
    if (isKnownCountry(next.country.trim())) choice.setCountry(next.country.trim().toUpperCase())
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Checkout" className="grid grid-cols-1 gap-6 md:grid-cols-3">
      <Container className="flex flex-col gap-5 md:col-span-2">
        <Heading level="h1">Checkout</Heading>
        <FormError message={errors.form} />
        <Field id="email" label="Email" error={errors.fields.email}>
          <Input id="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field id="shipping-option" label="Shipping" error={errors.fields.shippingOption}>
          <RadioGroup id="shipping-option" value={option} onValueChange={(value) => setOption(value as typeof option)} className="flex flex-col gap-2">
            <div className="flex items-center gap-2">
              <RadioGroup.Item value="single_address" id="ship-single" />
              <Label htmlFor="ship-single">Everything to one address</Label>
            </div>
            <div className="flex items-center gap-2">
              <RadioGroup.Item value="per_artist" id="ship-per-artist" />
              <Label htmlFor="ship-per-artist">A different address per artist (given after payment, on the order page)</Label>
            </div>
          </RadioGroup>
        </Field>
        {option === "single_address" && (
          <fieldset className="flex flex-col gap-3" aria-describedby={errors.fields.shippingAddress ? "address-error" : undefined}>
            <legend className="txt-compact-small-plus mb-2">Shipping address</legend>
            <AddressFields prefix="address" value={address} onChange={changeAddress} errors={addressErrorsOf(errors.fields)} />
            {errors.fields.shippingAddress && (
              <Text id="address-error" size="small" className="text-ui-fg-error" data-field-error="shippingAddress">
                {errors.fields.shippingAddress}
              </Text>
            )}
          </fieldset>
        )}
        <section aria-label="Shipping by artist" className="flex flex-col gap-3">
          <Text weight="plus">Shipping by artist</Text>
          {option === "per_artist" ? (
            <div className="flex max-w-xs flex-col gap-1">
              <CountrySelect id="shipping-country" label="Destination country" value={choice.country} onChange={choice.setCountry} />
              <Text size="small" className="text-ui-fg-subtle">
                Each artist that charges shipping ships to an address in this country, given after payment.
              </Text>
            </div>
          ) : (
            <Text size="small" className="text-ui-fg-subtle">
              {destination ? `To ${countryLabel(destination)}, the address's country.` : "Choose the address's country to see what each artist charges."}
            </Text>
          )}
          {shipping.error && <ErrorState title="Shipping could not be quoted" error={shipping.error} onRetry={shipping.retry} />}
          {!quote && !shipping.error && <LoadingState label="Quoting shipping" rows={1} />}
          {quote && <ShippingOptions quote={quote} errors={shippingErrors} onChoose={choice.choose} />}
        </section>
      </Container>
      <Container className="flex h-fit flex-col gap-3">
        <Heading level="h2">Your works</Heading>
        {current.items.map((item) => (
          <div key={item.id} className="txt-compact-small flex justify-between gap-2">
            <span>
              {item.quantity} × {item.product.name}
              <span className="text-ui-fg-subtle"> · {item.product.organizations.name}</span>
            </span>
            <span>{money((item.product.price ?? 0) * item.quantity)}</span>
          </div>
        ))}
        <div className="flex justify-between">
          <Text weight="plus">Subtotal</Text>
          <Text weight="plus">{money(current.subtotal)}</Text>
        </div>
        <OrderTotals subtotal={current.subtotal} shipping={quote?.available ? quote.shipping : null} pending={shipping.pending} testIdPrefix="checkout-summary" />
        {cannotShip && (
          <Text size="small" className="text-ui-fg-error">
            An artist cannot ship to this country: choose another, or remove their works from your cart.
          </Text>
        )}
        <Button type="submit" isLoading={busy} disabled={shipping.pending || cannotShip}>
          Continue to payment
        </Button>
      </Container>
    </form>
  )
}
