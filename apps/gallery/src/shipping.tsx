// Shipping in the cart and at checkout (docs/storefront-ui.md, "Shipping"): the shopper's destination country and
// option per artist (kept in this browser), the quote for them (POST /api/gallery/shipping/quote), each artist's
// options as a radio group, and the order's total computed as the server computes it (src/lib/gallery-fees.ts).
import { Label, RadioGroup, Text } from "@medusajs/ui"
import { useCallback, useEffect, useRef, useState } from "react"
import { countryChoices, countryName, countryOfLocale, isKnownCountry } from "../../../src/lib/countries"
import { galleryBreakdown } from "../../../src/lib/gallery-fees"
import { toCents } from "../../../src/lib/money"
import type { GalleryShippingQuote, GalleryShippingQuoteArtist } from "../../../src/sdk"
import { money } from "../../shared/format"
import { NativeSelect } from "../../shared/native-select"
import { Field } from "./components/field"
import { sdk } from "./sdk"

const STORAGE_KEY = "atelier-gallery-shipping"

/** Where the shopper ships, and the option they picked per artist (organization id -> shipping option id) there. */
type ShippingChoice = { country: string | null; methods: Record<string, string> }

const locale = () => (typeof navigator === "undefined" ? "en" : navigator.language || "en")

/** A country's name in the browser's language. */
export const countryLabel = (code: string) => countryName(code, locale())

/** The browser's own country, as a first guess of the destination. */
function browserCountry(): string | null {
  const tags = typeof navigator === "undefined" ? [] : navigator.languages?.length ? navigator.languages : [navigator.language]
  for (const tag of tags) {
    const country = countryOfLocale(tag)
    if (country) return country
  }
  return null
}

function readChoice(): ShippingChoice {
  try {
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "null") as Partial<ShippingChoice> | null
    if (stored && isKnownCountry(stored.country)) {
      const methods = Object.fromEntries(
        Object.entries(stored.methods ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string")
      )
      return { country: stored.country.toUpperCase(), methods }
    }
  } catch {
    // Nothing readable stored (or storage refused): start from the browser's country.
  }
  return { country: browserCountry(), methods: {} }
}

/**
 * The shopper's destination and choices, shared by the cart and checkout pages through this browser's storage. A new
 * country drops the choices: the options differ there.
 */
export function useShippingChoice() {
  const [choice, setChoice] = useState(readChoice)
  const current = useRef(choice)
  const update = useCallback((next: ShippingChoice) => {
    current.current = next
    setChoice(next)
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next))
    } catch {
      // Storage refused (private mode): the choice lasts as long as the page.
    }
  }, [])
  const setCountry = useCallback(
    (country: string | null) => {
      if (current.current.country !== country) update({ country, methods: {} })
    },
    [update]
  )
  const choose = useCallback(
    (orgId: string, optionId: string | null) => {
      const methods = { ...current.current.methods }
      if (optionId) methods[orgId] = optionId
      else delete methods[orgId]
      update({ country: current.current.country, methods })
    },
    [update]
  )
  return { ...choice, setCountry, choose }
}

/**
 * The quote for a cart and destination, asked again whenever they change (`cartKey`: the cart's lines and
 * quantities, which the amounts depend on). While a new quote is on its way the previous one stays shown (`pending`).
 * A stored choice the artist no longer offers there is dropped, so the default applies.
 */
export function useShippingQuote(
  input: { sessionId: string | null; country: string | null; methods: Record<string, string>; cartKey: string },
  choose: (orgId: string, optionId: string | null) => void
) {
  const { sessionId, country, methods, cartKey } = input
  const [state, setState] = useState<{ quote: GalleryShippingQuote | null; error: Error | null; pending: boolean }>({
    quote: null,
    error: null,
    pending: Boolean(sessionId),
  })
  const [attempt, setAttempt] = useState(0)
  const methodsKey = JSON.stringify(methods)
  useEffect(() => {
    if (!sessionId) return
    let live = true
    setState((previous) => ({ ...previous, error: null, pending: true }))
    sdk.gallery.shipping
      .quote({ sessionId, country: country ?? undefined, shippingMethods: methods })
      .then(
        ({ quote }) => live && setState({ quote, error: null, pending: false }),
        (error: unknown) =>
          live && setState((previous) => ({ quote: previous.quote, error: error instanceof Error ? error : new Error(String(error)), pending: false }))
      )
    return () => {
      live = false
    }
    // `methods` is read through methodsKey: the request changes only when its content does.
  }, [sessionId, country, methodsKey, cartKey, attempt])

  useEffect(() => {
    for (const artist of state.quote?.artists ?? []) {
      const chosen = methods[artist.orgId]
      if (chosen && artist.options.length && !artist.options.some((option) => option.id === chosen)) choose(artist.orgId, null)
    }
  }, [state.quote, methods, choose])

  return { ...state, retry: () => setAttempt((n) => n + 1) }
}

/** What checkout will be sent: the option each artist charges (those without rates charge nothing and get none). */
export function chosenMethods(quote: GalleryShippingQuote | null): Record<string, string> {
  const methods: Record<string, string> = {}
  for (const artist of quote?.artists ?? []) if (artist.selectedOptionId) methods[artist.orgId] = artist.selectedOptionId
  return methods
}

/** An artist that has rates but none for the chosen country: checkout would refuse them. */
export const doesNotShip = (artist: GalleryShippingQuoteArtist) => artist.chargesShipping && Boolean(artist.country) && artist.options.length === 0

/** "3–5 business days", "2 business days". */
function deliveryEstimate(estimate: { minDays: number; maxDays: number } | null): string | null {
  if (!estimate) return null
  const days = estimate.minDays === estimate.maxDays ? `${estimate.maxDays}` : `${estimate.minDays}–${estimate.maxDays}`
  return `${days} business ${estimate.maxDays === 1 ? "day" : "days"}`
}

let choices: Array<{ code: string; name: string }> | null = null

/** The destination: every country by name (in the browser's language), its ISO code as the value. */
export function CountrySelect({
  id,
  label,
  value,
  onChange,
  error,
  autoComplete,
}: {
  id: string
  label: string
  value: string | null
  onChange: (country: string | null) => void
  /** The message about the country, under it. */
  error?: string
  /** `country` in an address (the browser fills in the ISO code). */
  autoComplete?: string
}) {
  choices ??= countryChoices(locale())
  return (
    <Field id={id} label={label} error={error}>
      <NativeSelect
        id={id}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value || null)}
      >
        <option value="">Choose a country</option>
        {choices.map((choice) => (
          <option key={choice.code} value={choice.code}>
            {choice.name}
          </option>
        ))}
      </NativeSelect>
    </Field>
  )
}

/** One artist's shipping: what they charge, the options to pick from, or why they cannot ship there. */
function ArtistShipping({
  artist,
  error,
  disabled,
  onChoose,
}: {
  artist: GalleryShippingQuoteArtist
  error?: string
  disabled?: boolean
  onChoose: (orgId: string, optionId: string) => void
}) {
  const id = `shipping-${artist.orgId}`
  let body
  if (!artist.chargesShipping) {
    body = <Text size="small" className="text-ui-fg-subtle">Shipping included: {artist.artistName} charges nothing to ship.</Text>
  } else if (!artist.country) {
    body = <Text size="small" className="text-ui-fg-subtle">Choose a destination country to see what {artist.artistName} charges to ship.</Text>
  } else if (doesNotShip(artist)) {
    body = (
      <Text size="small" className="text-ui-fg-error" data-shipping-unavailable>
        {artist.artistName} does not ship to {countryLabel(artist.country)}. Remove their works or choose another country.
      </Text>
    )
  } else if (!artist.available) {
    body = (
      <Text size="small" className="text-ui-fg-error" data-shipping-unavailable>
        {artist.reason}
      </Text>
    )
  } else {
    body = (
      <RadioGroup
        aria-label={`Shipping by ${artist.artistName}`}
        value={artist.selectedOptionId ?? undefined}
        onValueChange={(optionId) => onChoose(artist.orgId, optionId)}
        disabled={disabled}
        className="flex flex-col gap-2"
      >
        {artist.options.map((option) => {
          const optionId = `${id}-${option.id}`
          const estimate = deliveryEstimate(option.estimate)
          return (
            <div key={option.id} className="flex items-center gap-2" data-shipping-option={option.id}>
              <RadioGroup.Item value={option.id} id={optionId} />
              <Label htmlFor={optionId} className="txt-compact-small flex flex-1 justify-between gap-2">
                <span>
                  {option.name}
                  {estimate && <span className="text-ui-fg-subtle"> · {estimate}</span>}
                </span>
                <span>{option.amount === 0 ? "Free" : money(option.amount)}</span>
              </Label>
            </div>
          )
        })}
      </RadioGroup>
    )
  }
  return (
    <div className="flex flex-col gap-2" data-shipping-artist={artist.orgId}>
      <div className="flex justify-between gap-2">
        <Text size="small" weight="plus">
          {artist.artistName}
        </Text>
        <Text size="small" weight="plus" data-testid={`shipping-amount-${artist.orgId}`}>
          {artist.shipping === null ? "–" : artist.shipping === 0 ? "Free" : money(artist.shipping)}
        </Text>
      </div>
      {body}
      {error && (
        <Text size="small" className="text-ui-fg-error" data-field-error={id}>
          {error}
        </Text>
      )}
    </div>
  )
}

/** Every artist's shipping for the destination. `errors`: the API's refusals by organization id. */
export function ShippingOptions({
  quote,
  errors = {},
  disabled,
  onChoose,
}: {
  quote: GalleryShippingQuote
  errors?: Record<string, string | undefined>
  disabled?: boolean
  onChoose: (orgId: string, optionId: string) => void
}) {
  return (
    <div className="flex flex-col gap-4">
      {quote.artists.map((artist) => (
        <ArtistShipping key={artist.orgId} artist={artist} error={errors[artist.orgId]} disabled={disabled} onChoose={onChoose} />
      ))}
    </div>
  )
}

/**
 * The order's amounts after the merchandise (`subtotal`), as checkout will charge them: the artists' shipping, the
 * gallery fee (12 % of the merchandise), card processing and the total, by the server's own formulas
 * (src/lib/gallery-fees.ts). `shipping` null: not known yet (no destination, or an artist not shipping there);
 * `pending`: a new quote is on its way (the figures are dimmed and marked busy until it is in).
 */
export function OrderTotals({
  subtotal,
  shipping,
  pending = false,
  testIdPrefix,
}: {
  subtotal: number
  shipping: number | null
  pending?: boolean
  testIdPrefix: string
}) {
  const amounts = galleryBreakdown(toCents(subtotal), toCents(shipping ?? 0))
  const line = (label: string, value: string, name: string) => (
    <div className="txt-compact-small flex justify-between">
      <span>{label}</span>
      <span data-testid={`${testIdPrefix}-${name}`}>{value}</span>
    </div>
  )
  return (
    <div className={`flex flex-col gap-1.5 ${pending ? "opacity-60" : ""}`} aria-busy={pending} data-state={pending ? "loading" : undefined}>
      {line("Shipping", shipping === null ? "–" : money(amounts.shipping), "shipping")}
      {line("Gallery fee (12 %)", money(amounts.galleryFee), "gallery-fee")}
      {line("Card processing", shipping === null ? "–" : money(amounts.stripeFee), "processing")}
      <div className="flex justify-between">
        <Text weight="plus">Total</Text>
        <Text weight="plus" data-testid={`${testIdPrefix}-total`}>
          {shipping === null ? "–" : money(amounts.total)}
        </Text>
      </div>
    </div>
  )
}
