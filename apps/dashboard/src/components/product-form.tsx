import { Button, Input, Label, Switch, Text, Textarea } from "@medusajs/ui"
import { useState, type ReactNode } from "react"
import { ARTWORK_TYPES } from "../../../../src/lib/artwork-types"
import { DASHBOARD_PRODUCT_STATUSES } from "../../../../src/lib/dashboard-products"
import { ProductFormSchema } from "../../../../src/lib/form-schemas"
import type { CreateProductRequest, DashboardProduct, UpdateProductRequest } from "../../../../src/sdk"
import { numberInput, statusLabel } from "../../../shared/format"
import { NativeSelect } from "../../../shared/native-select"
import { useForm } from "../../../shared/use-form"
import { Field, FormError } from "./field"
import { ImagesField } from "./images-field"

export type ProductFormValues = {
  title: string
  slug: string
  description: string
  status: string
  product_type: string
  base_price: string
  sku: string
  inventory_quantity: string
  product_images: string[]
  gallery_eligible: boolean
  featured: boolean
}

export const emptyProduct: ProductFormValues = {
  title: "",
  slug: "",
  description: "",
  status: "draft",
  product_type: "print",
  base_price: "",
  sku: "",
  inventory_quantity: "",
  product_images: [],
  gallery_eligible: true,
  featured: false,
}

export function productFormValues(product: DashboardProduct): ProductFormValues {
  return {
    ...emptyProduct,
    title: product.title,
    slug: product.slug,
    description: product.description ?? "",
    status: product.status,
    product_type: product.product_type,
    base_price: product.base_price === null ? "" : String(product.base_price),
    product_images: product.product_images,
    gallery_eligible: product.gallery_eligible,
    featured: product.featured,
  }
}

/** What the form sends: a create's body, whose fields (but sku and stock) are also an update's. */
export type ProductFormBody = CreateProductRequest & UpdateProductRequest

/**
 * The body of a create (or, without sku and stock, of an update): what was typed, as the API takes it. Numbers that do
 * not read as numbers are sent as typed, so that the API's own message about them appears next to their field.
 */
export function productBody(values: ProductFormValues, mode: "create" | "edit"): ProductFormBody {
  const body = {
    title: values.title,
    slug: values.slug.trim() || undefined,
    description: values.description,
    status: values.status,
    product_type: values.product_type,
    base_price: numberInput(values.base_price),
    product_images: values.product_images,
    gallery_eligible: values.gallery_eligible,
    featured: values.featured,
    ...(mode === "create" ? { sku: values.sku || undefined, inventory_quantity: numberInput(values.inventory_quantity) } : {}),
  }
  // The API validates the typed values (its messages name the field); the type says what a valid body holds.
  return body as ProductFormBody
}

const FIELDS = ["title", "slug", "description", "status", "product_type", "base_price", "sku", "inventory_quantity", "product_images", "gallery_eligible", "featured"] as const

function Toggle({ id, label, description, checked, onChange }: { id: string; label: string; description: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <div className="flex items-start gap-3">
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
      <div className="flex flex-col">
        <Label htmlFor={id} size="small" weight="plus">
          {label}
        </Label>
        <Text size="xsmall" className="text-ui-fg-subtle">
          {description}
        </Text>
      </div>
    </div>
  )
}

/** The product form of the create page and of a product's page (the default variant's SKU and stock only at creation). */
export function ProductForm({
  mode,
  initial,
  onSubmit: save,
  submitLabel,
  extraActions,
}: {
  mode: "create" | "edit"
  initial: ProductFormValues
  onSubmit: (body: ProductFormBody) => Promise<unknown>
  submitLabel: string
  extraActions?: ReactNode
}) {
  const [values, setValues] = useState(initial)
  const { errors, busy, onSubmit } = useForm(FIELDS)
  const set = <K extends keyof ProductFormValues>(field: K, value: ProductFormValues[K]) => setValues((current) => ({ ...current, [field]: value }))

  // Title, price, stock and images are checked as the server checks them (src/lib/form-schemas.ts), all at once.
  const body = productBody(values, mode)
  const submit = onSubmit(() => save(body), { checks: [ProductFormSchema.safeParse(body)] })

  return (
    <form onSubmit={submit} noValidate aria-label={mode === "create" ? "New product" : "Product details"} className="flex flex-col gap-5 px-6 py-4">
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Field id="title" label="Title" error={errors.fields.title}>
          <Input id="title" value={values.title} onChange={(e) => set("title", e.target.value)} placeholder="Fjord at Dawn" />
        </Field>
        <Field id="slug" label="Handle" optional={mode === "create"} error={errors.fields.slug} hint={mode === "create" ? "Made from the title when left blank." : undefined}>
          <Input id="slug" value={values.slug} onChange={(e) => set("slug", e.target.value)} placeholder="fjord-at-dawn" />
        </Field>
      </div>
      <Field id="description" label="Description" optional error={errors.fields.description}>
        <Textarea id="description" rows={4} value={values.description} onChange={(e) => set("description", e.target.value)} />
      </Field>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <Field id="product_type" label="Type" error={errors.fields.product_type}>
          <NativeSelect id="product_type" value={values.product_type} onChange={(e) => set("product_type", e.target.value)}>
            {ARTWORK_TYPES.map((type) => (
              <option key={type} value={type}>
                {type === "original" ? "Original" : "Print"}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="base_price" label="Price (USD)" optional={mode === "create" && values.status === "draft"} error={errors.fields.base_price}>
          <Input id="base_price" inputMode="decimal" placeholder="0.00" value={values.base_price} onChange={(e) => set("base_price", e.target.value)} />
        </Field>
        <Field id="status" label="Status" error={errors.fields.status}>
          <NativeSelect id="status" value={values.status} onChange={(e) => set("status", e.target.value)}>
            {DASHBOARD_PRODUCT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      {mode === "create" && (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Field id="sku" label="SKU" optional error={errors.fields.sku}>
            <Input id="sku" value={values.sku} onChange={(e) => set("sku", e.target.value)} />
          </Field>
          <Field id="inventory_quantity" label="Stock" optional error={errors.fields.inventory_quantity}>
            <Input id="inventory_quantity" inputMode="numeric" value={values.inventory_quantity} onChange={(e) => set("inventory_quantity", e.target.value)} />
          </Field>
        </div>
      )}
      <ImagesField images={values.product_images} onChange={(images) => set("product_images", images)} error={errors.fields.product_images} />
      <div className="flex flex-col gap-3">
        <Toggle
          id="gallery_eligible"
          label="Sell in the gallery"
          description="Published works appear in the Atelier gallery beside other artists'."
          checked={values.gallery_eligible}
          onChange={(value) => set("gallery_eligible", value)}
        />
        <Toggle id="featured" label="Featured" description="Shown first in your store." checked={values.featured} onChange={(value) => set("featured", value)} />
      </div>
      <FormError message={errors.form} />
      <div className="flex items-center justify-end gap-2">
        {extraActions}
        <Button type="submit" size="small" isLoading={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
