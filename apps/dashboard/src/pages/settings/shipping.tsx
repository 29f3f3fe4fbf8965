import { Badge, Button, Checkbox, Input, Label, Text, usePrompt } from "@medusajs/ui"
import { useState } from "react"
import { countryChoices, countryName } from "../../../../../src/lib/countries"
import { ShippingOriginSchema, ShippingRateCombinationSchema, ShippingRateFormSchema } from "../../../../../src/lib/form-schemas"
import type { CreateShippingRateRequest, ShippingOrigin, ShippingRate } from "../../../../../src/sdk"
import { money, numberInput } from "../../../../shared/format"
import { NativeSelect } from "../../../../shared/native-select"
import { useAsync } from "../../../../shared/use-async"
import { useForm } from "../../../../shared/use-form"
import { api } from "../../api"
import { CountriesField } from "../../components/countries-field"
import { Field, FormError, SaveBar } from "../../components/field"
import { EmptyState } from "../../components/states"
import { Table } from "../../components/table"
import { useOrganization } from "../../session"
import { ReturnWindowSection } from "./returns"
import { LoadedSettings, SettingsLayout } from "./settings-layout"

// Settings -> Shipping (docs/shipping.md): where the organization ships from, and its rates. Every member reads them;
// owners change them. Both forms check what was typed with the route's rules before sending (src/lib/form-schemas.ts),
// every field's message at once; the API's messages name their field too, each shown next to it.

const ORIGIN_FIELDS = ["address_1", "address_2", "city", "province", "postal_code", "country_code", "phone"] as const
type OriginValues = Record<(typeof ORIGIN_FIELDS)[number], string>

function OriginForm({ initial }: { initial: ShippingOrigin }) {
  const { isOwner } = useOrganization()
  const valuesOf = (origin: ShippingOrigin): OriginValues =>
    Object.fromEntries(ORIGIN_FIELDS.map((field) => [field, origin[field] ?? ""])) as OriginValues
  const [values, setValues] = useState<OriginValues>(valuesOf(initial))
  const { errors, busy, onSubmit } = useForm(ORIGIN_FIELDS)
  const [saved, setSaved] = useState(false)

  // Checked as the server checks it (src/lib/form-schemas.ts): every field's message at once, next to it.
  const submit = onSubmit(
    async () => {
      const { shipping_origin } = await api.shippingOrigin.update(values)
      setValues(valuesOf(shipping_origin))
      setSaved(true)
    },
    { checks: [ShippingOriginSchema.safeParse(values)] }
  )
  const change = (name: keyof OriginValues, value: string) => {
    setValues({ ...values, [name]: value })
    setSaved(false)
  }
  const field = (name: keyof OriginValues, label: string, options: { optional?: boolean; autoComplete?: string } = {}) => (
    <Field id={`origin-${name}`} label={label} optional={options.optional} error={errors.fields[name]}>
      <Input
        id={`origin-${name}`}
        autoComplete={options.autoComplete}
        aria-invalid={errors.fields[name] ? true : undefined}
        value={values[name]}
        onChange={(e) => change(name, e.target.value)}
      />
    </Field>
  )
  const countries = countryChoices(typeof navigator === "undefined" ? "en" : navigator.language || "en")

  return (
    <form onSubmit={submit} noValidate aria-label="Ships from" className="flex flex-col gap-4 px-6 py-4">
      <div className="flex flex-col gap-1">
        <Text size="small" weight="plus">
          Ships from
        </Text>
        <Text size="small" className="text-ui-fg-subtle">
          The address your works leave from: your stock location ({initial.name}) in Atelier's order book.
        </Text>
      </div>
      <fieldset disabled={!isOwner} className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {field("address_1", "Address", { autoComplete: "address-line1" })}
        {field("address_2", "Address, second line", { optional: true, autoComplete: "address-line2" })}
        {field("city", "City", { optional: true, autoComplete: "address-level2" })}
        {field("province", "Region or state", { optional: true, autoComplete: "address-level1" })}
        {field("postal_code", "Postal code", { optional: true, autoComplete: "postal-code" })}
        <Field id="origin-country_code" label="Country" error={errors.fields.country_code}>
          <NativeSelect
            id="origin-country_code"
            autoComplete="country"
            aria-invalid={errors.fields.country_code ? true : undefined}
            value={values.country_code.toUpperCase()}
            onChange={(e) => change("country_code", e.target.value)}
          >
            <option value="">Choose a country</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {field("phone", "Phone", { optional: true, autoComplete: "tel" })}
      </fieldset>
      <FormError message={errors.form} />
      {isOwner && <SaveBar saved={saved} busy={busy} />}
    </form>
  )
}

const RATE_FIELDS = [
  "name",
  "countries",
  "rest_of_world",
  "first_item_amount",
  "additional_item_amount",
  "free_shipping_threshold",
  "min_delivery_days",
  "max_delivery_days",
] as const
type RateValues = {
  name: string
  /** ISO codes, in the order chosen. */
  countries: string[]
  rest_of_world: boolean
  first_item_amount: string
  additional_item_amount: string
  free_shipping_threshold: string
  min_delivery_days: string
  max_delivery_days: string
}

const EMPTY_RATE: RateValues = {
  name: "",
  countries: [],
  rest_of_world: false,
  first_item_amount: "",
  additional_item_amount: "0",
  free_shipping_threshold: "",
  min_delivery_days: "",
  max_delivery_days: "",
}

const text = (value: number | null) => (value === null ? "" : String(value))

function rateValues(rate: ShippingRate): RateValues {
  return {
    name: rate.name,
    countries: rate.countries,
    rest_of_world: rate.rest_of_world,
    first_item_amount: text(rate.first_item_amount),
    additional_item_amount: text(rate.additional_item_amount),
    free_shipping_threshold: text(rate.free_shipping_threshold),
    min_delivery_days: text(rate.min_delivery_days),
    max_delivery_days: text(rate.max_delivery_days),
  }
}

/**
 * The body of a create or a (whole) update: what was typed, checked before sending with the route's rules
 * (src/lib/form-schemas.ts); the API names the field of anything else it refuses.
 */
function rateBody(values: RateValues): CreateShippingRateRequest {
  const body = {
    name: values.name,
    countries: values.rest_of_world ? [] : values.countries,
    rest_of_world: values.rest_of_world,
    first_item_amount: numberInput(values.first_item_amount),
    additional_item_amount: numberInput(values.additional_item_amount) ?? 0,
    free_shipping_threshold: numberInput(values.free_shipping_threshold) ?? null,
    min_delivery_days: numberInput(values.min_delivery_days) ?? null,
    max_delivery_days: numberInput(values.max_delivery_days) ?? null,
  }
  return body as CreateShippingRateRequest
}

function RateForm({ rate, onSaved, onCancel }: { rate: ShippingRate | null; onSaved: () => void; onCancel?: () => void }) {
  const [values, setValues] = useState<RateValues>(rate ? rateValues(rate) : EMPTY_RATE)
  const { errors, busy, onSubmit } = useForm(RATE_FIELDS)
  const formId = rate ? `rate-${rate.id}` : "rate-new"

  const body = rateBody(values)
  // Every field's message at once, next to it (the fields one by one, and together: both delivery days, a country
  // unless rest of world), nothing sent; then the API's own refusal next to the field it names.
  const submit = onSubmit(
    async () => {
      if (rate) await api.shippingRates.update(rate.id, body)
      else await api.shippingRates.create(body)
      if (!rate) setValues(EMPTY_RATE)
      onSaved()
    },
    { checks: [ShippingRateFormSchema.safeParse(body), ShippingRateCombinationSchema.safeParse(body)] }
  )
  const input = (name: Exclude<keyof RateValues, "rest_of_world" | "countries">, label: string, options: { optional?: boolean; hint?: string } = {}) => (
    <Field id={`${formId}-${name}`} label={label} optional={options.optional} hint={options.hint} error={errors.fields[name]}>
      <Input
        id={`${formId}-${name}`}
        value={values[name]}
        aria-invalid={errors.fields[name] ? true : undefined}
        aria-describedby={errors.fields[name] ? `${formId}-${name}-error` : undefined}
        inputMode={name === "name" ? undefined : "decimal"}
        onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      />
    </Field>
  )

  return (
    <form onSubmit={submit} noValidate aria-label={rate ? `Edit ${rate.name}` : "Add a shipping rate"} className="flex flex-col gap-4 px-6 py-4">
      <Text size="small" weight="plus">
        {rate ? `Edit ${rate.name}` : "Add a rate"}
      </Text>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {input("name", "Name", { hint: "What the shopper sees, e.g. Tracked, Express." })}
        <div className="flex flex-col gap-2">
          <CountriesField
            id={`${formId}-countries`}
            label="Destinations"
            hint="Each country this rate ships to."
            error={errors.fields.countries}
            value={values.countries}
            disabled={values.rest_of_world}
            onChange={(countries) => setValues({ ...values, countries })}
          />
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${formId}-rest_of_world`}
              checked={values.rest_of_world}
              onCheckedChange={(checked) => setValues({ ...values, rest_of_world: checked === true })}
            />
            <Label htmlFor={`${formId}-rest_of_world`} size="small">
              Rest of world: every country my other rates do not name
            </Label>
          </div>
        </div>
        {input("first_item_amount", "First item (USD)")}
        {input("additional_item_amount", "Each additional item (USD)")}
        {input("free_shipping_threshold", "Free from (USD)", { optional: true, hint: "Free when your part of the order reaches this amount." })}
        <div className="grid grid-cols-2 gap-4">
          {input("min_delivery_days", "Delivery from (days)", { optional: true, hint: "Business days." })}
          {input("max_delivery_days", "Delivery to (days)", { optional: true })}
        </div>
      </div>
      <FormError message={errors.form} />
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button type="button" size="small" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="small" isLoading={busy}>
          {rate ? "Save rate" : "Add rate"}
        </Button>
      </div>
    </form>
  )
}

function delivery(rate: ShippingRate): string {
  if (rate.min_delivery_days === null || rate.max_delivery_days === null) return "—"
  if (rate.min_delivery_days === rate.max_delivery_days) return `${rate.min_delivery_days} business days`
  return `${rate.min_delivery_days}–${rate.max_delivery_days} business days`
}

function Rates({ rates, reload }: { rates: ShippingRate[]; reload: () => void }) {
  const { isOwner } = useOrganization()
  const prompt = usePrompt()
  const [editing, setEditing] = useState<string | null>(null)
  const [deleteError, setDeleteError] = useState<string | null>(null)

  const remove = async (rate: ShippingRate) => {
    const confirmed = await prompt({
      title: `Delete ${rate.name}?`,
      description: rate.rest_of_world
        ? "Countries no other rate names will no longer be served."
        : "Its countries go to your rest-of-world rate, if you have one; otherwise you no longer ship there.",
      confirmText: "Delete",
      cancelText: "Cancel",
    })
    if (!confirmed) return
    try {
      await api.shippingRates.delete(rate.id)
      setDeleteError(null)
      reload()
    } catch (error) {
      setDeleteError((error as Error).message)
    }
  }

  return (
    <div className="flex flex-col">
      <div className="flex flex-col gap-1 px-6 py-4">
        <Text size="small" weight="plus">
          Rates
        </Text>
        <Text size="small" className="text-ui-fg-subtle">
          What you charge to ship your part of an order, by destination. Shoppers pick one of the rates for their country
          (the cheapest by default). With no rates at all, you ship free everywhere; with rates, you ship only where a
          rate applies.
        </Text>
      </div>
      {rates.length === 0 ? (
        <EmptyState title="No shipping rates: you ship free everywhere">
          {isOwner && (
            <Text size="small" className="text-ui-fg-subtle">
              Add a rate below to charge for shipping.
            </Text>
          )}
        </EmptyState>
      ) : (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Name</Table.HeaderCell>
              <Table.HeaderCell>Destinations</Table.HeaderCell>
              <Table.HeaderCell>First item</Table.HeaderCell>
              <Table.HeaderCell>Each additional</Table.HeaderCell>
              <Table.HeaderCell>Free from</Table.HeaderCell>
              <Table.HeaderCell>Delivery</Table.HeaderCell>
              {isOwner && <Table.HeaderCell />}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rates.map((rate) => (
              <Table.Row key={rate.id} data-shipping-rate={rate.name}>
                <Table.Cell>{rate.name}</Table.Cell>
                <Table.Cell>
                  {rate.rest_of_world ? (
                    <Badge size="2xsmall" color="blue">
                      Rest of world
                    </Badge>
                  ) : (
                    <Text size="small">{rate.countries.map((code) => countryName(code)).join(", ")}</Text>
                  )}
                </Table.Cell>
                <Table.Cell>{money(rate.first_item_amount)}</Table.Cell>
                <Table.Cell>{money(rate.additional_item_amount)}</Table.Cell>
                <Table.Cell>{rate.free_shipping_threshold === null ? "—" : money(rate.free_shipping_threshold)}</Table.Cell>
                <Table.Cell>{delivery(rate)}</Table.Cell>
                {isOwner && (
                  <Table.Cell className="text-right">
                    <Button size="small" variant="transparent" onClick={() => setEditing(editing === rate.id ? null : rate.id)}>
                      Edit
                    </Button>
                    <Button size="small" variant="transparent" onClick={() => remove(rate)}>
                      Delete
                    </Button>
                  </Table.Cell>
                )}
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
      <FormError message={deleteError} />
      {isOwner &&
        rates
          .filter((rate) => rate.id === editing)
          .map((rate) => (
            <RateForm
              key={rate.id}
              rate={rate}
              onCancel={() => setEditing(null)}
              onSaved={() => {
                setEditing(null)
                reload()
              }}
            />
          ))}
      {isOwner && !editing && <RateForm rate={null} onSaved={reload} />}
    </div>
  )
}

export function ShippingSettingsPage() {
  const origin = useAsync(() => api.shippingOrigin.retrieve().then((r) => r.shipping_origin), [])
  const rates = useAsync(() => api.shippingRates.list().then((r) => r.shipping_rates), [])
  return (
    <SettingsLayout>
      <LoadedSettings state={origin} loadingLabel="Loading where you ship from" errorTitle="The shipping address could not be loaded">
        {(data) => <OriginForm initial={data} />}
      </LoadedSettings>
      <LoadedSettings state={rates} loadingLabel="Loading your shipping rates" errorTitle="The shipping rates could not be loaded">
        {(data) => <Rates rates={data} reload={rates.reload} />}
      </LoadedSettings>
      <ReturnWindowSection />
    </SettingsLayout>
  )
}
