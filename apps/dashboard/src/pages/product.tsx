import { Badge, Button, Checkbox, Container, Heading, Input, Label, Text, usePrompt } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import type { CreateVariantRequest, DashboardProduct, DashboardVariant, UpdateVariantRequest } from "../../../../src/sdk"
import { galleryPresence } from "../../../../src/lib/gallery-presence"
import { formErrorsOf, noErrors, type FormErrors } from "../../../shared/form-errors"
import { money, numberInput } from "../../../shared/format"
import { Link, useRouter } from "../../../shared/router"
import { Status } from "../../../shared/status"
import { useAsync } from "../../../shared/use-async"
import { api } from "../api"
import { Field, FormError } from "../components/field"
import { PageHeader } from "../components/page-header"
import { ProductForm, productFormValues } from "../components/product-form"
import { LoadingState, RecordErrorState } from "../components/states"
import { Table } from "../components/table"
import { useOrganization } from "../session"

const VARIANT_FIELDS = ["title", "price", "compare_at_price", "inventory_quantity", "sku", "is_default"]

type VariantValues = { title: string; price: string; compare_at_price: string; inventory_quantity: string; sku: string }

const variantValues = (variant?: DashboardVariant): VariantValues => ({
  title: variant?.title ?? "",
  price: variant?.price === null || variant?.price === undefined ? "" : String(variant.price),
  compare_at_price: variant?.compare_at_price === null || variant?.compare_at_price === undefined ? "" : String(variant.compare_at_price),
  inventory_quantity: variant?.inventory_quantity === null || variant?.inventory_quantity === undefined ? "" : String(variant.inventory_quantity),
  sku: variant?.sku ?? "",
})

/** The inputs of a variant (add form and a row being edited); ids are prefixed so both can be on the page. */
function VariantInputs({ prefix, values, onChange, errors }: { prefix: string; values: VariantValues; onChange: (values: VariantValues) => void; errors: FormErrors }) {
  const input = (field: keyof VariantValues, label: string, props: { inputMode?: "decimal" | "numeric"; placeholder?: string; optional?: boolean } = {}) => (
    <Field id={`${prefix}-${field}`} label={label} optional={props.optional} error={errors.fields[field]}>
      <Input
        id={`${prefix}-${field}`}
        size="small"
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        value={values[field]}
        onChange={(e) => onChange({ ...values, [field]: e.target.value })}
      />
    </Field>
  )
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
      {input("title", "Title", { placeholder: "Large, 50 × 70 cm" })}
      {input("price", "Price (USD)", { inputMode: "decimal", placeholder: "0.00" })}
      {input("compare_at_price", "Compare at", { inputMode: "decimal", optional: true })}
      {input("inventory_quantity", "Stock", { inputMode: "numeric", optional: true })}
      {input("sku", "SKU", { optional: true })}
    </div>
  )
}

function variantBody(values: VariantValues) {
  return {
    title: values.title,
    price: numberInput(values.price),
    compare_at_price: numberInput(values.compare_at_price) ?? null,
    inventory_quantity: numberInput(values.inventory_quantity),
    sku: values.sku || null,
  }
}

function VariantRow({ product, variant, onChanged }: { product: DashboardProduct; variant: DashboardVariant; onChanged: () => void }) {
  const prompt = usePrompt()
  const [editing, setEditing] = useState(false)
  const [values, setValues] = useState(() => variantValues(variant))
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const [busy, setBusy] = useState(false)

  const save = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    try {
      // Typed values go as typed: the API's messages name the field they are about.
      await api.products.variants.update(product.id, variant.id, variantBody(values) as UpdateVariantRequest)
      setEditing(false)
      setErrors(noErrors)
      onChanged()
    } catch (error) {
      setErrors(formErrorsOf(error, VARIANT_FIELDS))
    } finally {
      setBusy(false)
    }
  }
  const act = async (action: () => Promise<unknown>) => {
    try {
      await action()
      setErrors(noErrors)
      onChanged()
    } catch (error) {
      setErrors(formErrorsOf(error, []))
    }
  }
  const remove = async () => {
    const confirmed = await prompt({
      title: `Delete ${variant.title}?`,
      description: "The variant is removed from your store and the gallery. Orders keep it.",
      confirmText: "Delete",
      cancelText: "Cancel",
    })
    if (confirmed) await act(() => api.products.variants.delete(product.id, variant.id))
  }

  if (editing) {
    return (
      <Table.Row data-variant={variant.title}>
        <td colSpan={6} className="px-6 py-3">
          <form onSubmit={save} noValidate aria-label={`Edit ${variant.title}`} className="flex flex-col gap-3">
            <VariantInputs prefix={`variant-${variant.id}`} values={values} onChange={setValues} errors={errors} />
            <FormError message={errors.form} />
            <div className="flex justify-end gap-2">
              <Button type="button" size="small" variant="secondary" onClick={() => setEditing(false)}>
                Cancel
              </Button>
              <Button type="submit" size="small" isLoading={busy}>
                Save variant
              </Button>
            </div>
          </form>
        </td>
      </Table.Row>
    )
  }
  return (
    <Table.Row data-variant={variant.title}>
      <Table.Cell>
        <div className="flex items-center gap-2">
          {variant.title}
          {variant.is_default && (
            <Badge size="2xsmall" color="blue">
              Default
            </Badge>
          )}
        </div>
        {errors.form && (
          <Text size="xsmall" role="alert" className="text-ui-fg-error">
            {errors.form}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>{variant.sku ?? "—"}</Table.Cell>
      <Table.Cell>{variant.inventory_quantity ?? "Not tracked"}</Table.Cell>
      <Table.Cell>{variant.compare_at_price === null ? "—" : money(variant.compare_at_price)}</Table.Cell>
      <Table.Cell className="text-right">{money(variant.price)}</Table.Cell>
      <Table.Cell className="text-right">
        <div className="flex justify-end gap-1">
          {!variant.is_default && (
            <Button size="small" variant="transparent" onClick={() => act(() => api.products.variants.update(product.id, variant.id, { is_default: true }))}>
              Make default
            </Button>
          )}
          <Button
            size="small"
            variant="transparent"
            onClick={() => {
              setValues(variantValues(variant))
              setEditing(true)
            }}
          >
            Edit
          </Button>
          <Button size="small" variant="transparent" onClick={remove}>
            Delete
          </Button>
        </div>
      </Table.Cell>
    </Table.Row>
  )
}

/** Whether the work is in the gallery, and if not, why (the studio's approval first). */
function GalleryPresenceNote({ product }: { product: DashboardProduct }) {
  const presence = galleryPresence(product, useOrganization())
  return (
    <div className="flex items-start gap-2 px-6 py-3" data-testid="gallery-presence" data-gallery-presence={presence.state}>
      <Badge size="2xsmall" className="shrink-0 whitespace-nowrap" color={presence.state === "in_gallery" ? "green" : presence.state === "awaiting_approval" ? "orange" : "grey"}>
        {presence.state === "in_gallery" ? "In the gallery" : "Not in the gallery"}
      </Badge>
      <Text size="small" className="text-ui-fg-subtle">
        {presence.message}
      </Text>
    </div>
  )
}

function AddVariantForm({ product, onAdded }: { product: DashboardProduct; onAdded: () => void }) {
  const [values, setValues] = useState(() => variantValues())
  const [isDefault, setIsDefault] = useState(false)
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    try {
      await api.products.variants.create(product.id, { ...variantBody(values), is_default: isDefault } as CreateVariantRequest)
      setValues(variantValues())
      setIsDefault(false)
      setErrors(noErrors)
      onAdded()
    } catch (error) {
      setErrors(formErrorsOf(error, VARIANT_FIELDS))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Add variant" className="flex flex-col gap-3 px-6 py-4">
      <Text weight="plus" size="small">
        Add a variant
      </Text>
      <VariantInputs prefix="new-variant" values={values} onChange={setValues} errors={errors} />
      <FormError message={errors.form} />
      <div className="flex items-center justify-between">
        <div className="flex items-center gap-2">
          <Checkbox id="new-variant-default" checked={isDefault} onCheckedChange={(checked) => setIsDefault(checked === true)} />
          <Label htmlFor="new-variant-default" size="small">
            Make it the default variant
          </Label>
        </div>
        <Button type="submit" size="small" variant="secondary" isLoading={busy}>
          Add variant
        </Button>
      </div>
    </form>
  )
}

export function ProductPage({ id }: { id: string }) {
  const { go, query } = useRouter()
  const prompt = usePrompt()
  const product = useAsync(() => api.products.retrieve(id).then((r) => r.product), [id])
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const [savedAt, setSavedAt] = useState<string | null>(null)

  if (product.status === "loading") return <LoadingState label="Loading the product" rows={6} />
  if (product.status === "error") {
    return (
      <RecordErrorState
        title="The product could not be loaded"
        error={product.error}
        onRetry={product.reload}
        notFound={{ title: "Product not found", backTo: "/products", back: "Back to products" }}
      />
    )
  }
  const current = product.data

  const remove = async () => {
    const confirmed = await prompt({
      title: `Delete ${current.title}?`,
      description: "The product leaves your store and the gallery. Orders that contain it keep it.",
      confirmText: "Delete",
      cancelText: "Cancel",
    })
    if (!confirmed) return
    try {
      await api.products.delete(current.id)
      go("/products")
    } catch (error) {
      setDeleteError((error as Error).message)
    }
  }

  return (
    <>
      <Link to="/products" className="txt-compact-small text-ui-fg-subtle hover:text-ui-fg-base">
        ← Products
      </Link>
      {savedAt === current.updated_at && (
        <Text size="small" role="status" className="text-ui-fg-interactive" data-testid="product-saved">
          Changes saved.
        </Text>
      )}
      {query.get("created") && !savedAt && (
        <Text size="small" role="status" className="text-ui-fg-interactive" data-testid="product-created">
          Product created. Add variants below, or publish it when it is ready.
        </Text>
      )}
      <Container className="divide-y p-0" data-product-page={current.slug}>
        <PageHeader
          title={current.title}
          subtitle={
            <span className="flex items-center gap-2">
              <Status status={current.status} /> {current.product_type === "original" ? "Original" : "Print"} · {money(current.base_price)}
            </span>
          }
          actions={
            <Button variant="danger" size="small" onClick={remove}>
              Delete
            </Button>
          }
        />
        <GalleryPresenceNote product={current} />
        <FormError message={deleteError} />
        <ProductForm
          key={current.updated_at}
          mode="edit"
          initial={productFormValues(current)}
          submitLabel="Save"
          onSubmit={async (body) => {
            const { product: updated } = await api.products.update(current.id, body)
            setSavedAt(updated.updated_at)
            product.setData(updated)
          }}
        />
      </Container>
      <Container className="divide-y p-0">
        <div className="px-6 py-4">
          <Heading level="h2">Variants</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            Editions, sizes or framings, each with its own price and stock. The default variant's price is the product's price.
          </Text>
        </div>
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Variant</Table.HeaderCell>
              <Table.HeaderCell>SKU</Table.HeaderCell>
              <Table.HeaderCell>Stock</Table.HeaderCell>
              <Table.HeaderCell>Compare at</Table.HeaderCell>
              <Table.HeaderCell className="text-right">Price</Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {current.product_variants.map((variant) => (
              <VariantRow key={`${variant.id}-${variant.is_default}`} product={current} variant={variant} onChanged={product.reload} />
            ))}
          </Table.Body>
        </Table>
        <AddVariantForm product={current} onAdded={product.reload} />
      </Container>
    </>
  )
}
