import { Trash } from "@medusajs/icons"
import {
  Badge,
  Button,
  Container,
  Drawer,
  Heading,
  IconButton,
  Input,
  Switch,
  Text,
  Textarea,
  toast,
  usePrompt,
} from "@medusajs/ui"
import { useEffect, useMemo, useState } from "react"
import { useNavigate, useParams } from "react-router-dom"
import { Field } from "../../../../components/field"
import { GalleryPage } from "../../../../components/page-header"
import { ProductSearch } from "../../../../components/product-search"
import { ProductThumb } from "../../../../components/product-thumb"
import { RuleEditor, RulePreview } from "../../../../components/rule-editor"
import { SortableList } from "../../../../components/sortable-list"
import { EmptyState, FormError, RecordPageState } from "../../../../components/states"
import { api, ApiError } from "../../../../lib/api"
import { money, statusLabel } from "../../../../../../apps/shared/format"
import { formErrorsOf } from "../../../../../../apps/shared/form-errors"
import { useCollection, useCollectionMutation } from "../../../../lib/queries"
import { moveItem, reorderBody } from "../../../../lib/reorder"
import { draftFromRules, rulesFromDraft, type RuleDraft } from "../../../../lib/rules"
import type { CollectionDetail, CollectionItem, GalleryProductHit } from "../../../../lib/types"

const EDIT_FIELDS = ["name", "description", "isActive", "featuredImage"] as const

function EditDetails({ collection, onClose }: { collection: CollectionDetail; onClose: () => void }) {
  const [name, setName] = useState(collection.name)
  const [description, setDescription] = useState(collection.description ?? "")
  const [featuredImage, setFeaturedImage] = useState(collection.featuredImage ?? "")
  const [isActive, setIsActive] = useState(collection.isActive)
  const update = useCollectionMutation((body: Record<string, unknown>) => api.patch(`/api/admin/collections/${collection.id}`, body))
  const errors = formErrorsOf(update.error instanceof ApiError ? update.error : null, EDIT_FIELDS)
  const save = () =>
    update.mutate(
      { name, description: description || null, featuredImage: featuredImage || null, isActive },
      {
        onSuccess: () => {
          toast.success("Collection saved")
          onClose()
        },
      }
    )
  return (
    <Drawer open onOpenChange={(open) => !open && onClose()}>
      <Drawer.Content>
        <Drawer.Header>
          <Drawer.Title>Edit collection</Drawer.Title>
        </Drawer.Header>
        <Drawer.Body className="flex flex-col gap-y-4">
          <FormError message={errors.form} />
          <Field id="edit-name" label="Name" error={errors.fields.name}>
            <Input id="edit-name" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={Boolean(errors.fields.name)} />
          </Field>
          <Field id="edit-description" label="Description" error={errors.fields.description}>
            <Textarea id="edit-description" value={description} onChange={(e) => setDescription(e.target.value)} />
          </Field>
          <Field id="edit-image" label="Featured image URL" error={errors.fields.featuredImage}>
            <Input id="edit-image" value={featuredImage} onChange={(e) => setFeaturedImage(e.target.value)} />
          </Field>
          <Field id="edit-active" label="Active" error={errors.fields.isActive}>
            <Switch id="edit-active" checked={isActive} onCheckedChange={setIsActive} />
          </Field>
          <Text size="xsmall" className="text-ui-fg-subtle">
            Slug ({collection.slug}) and type cannot be changed.
          </Text>
        </Drawer.Body>
        <Drawer.Footer>
          <Drawer.Close asChild>
            <Button size="small" variant="secondary">
              Cancel
            </Button>
          </Drawer.Close>
          <Button size="small" onClick={save} isLoading={update.isPending}>
            Save
          </Button>
        </Drawer.Footer>
      </Drawer.Content>
    </Drawer>
  )
}

function ItemRow({ product, fallbackId }: { product: CollectionItem["product"]; fallbackId: string }) {
  return (
    <>
      <ProductThumb product={product} />
      <div className="min-w-0 flex-1">
        <Text size="small" weight="plus" className="truncate" data-testid="item-name">
          {product?.name ?? "Product no longer exists"}
        </Text>
        <Text size="xsmall" className="text-ui-fg-subtle">
          {product ? `${product.organizations.name} · ${money(product.price)}` : fallbackId}
        </Text>
      </div>
    </>
  )
}

/** A manual collection's products: add by search, remove, reorder by drag and drop (stored at once). */
function ManualItems({ collection }: { collection: CollectionDetail }) {
  const stored = collection.items as (CollectionItem & { id: string })[]
  const [order, setOrder] = useState(stored)
  useEffect(() => setOrder(stored), [stored])
  const add = useCollectionMutation((product: GalleryProductHit) =>
    api.post(`/api/admin/collections/${collection.id}/items`, { productId: product.id })
  )
  const remove = useCollectionMutation((itemId: string) => api.delete(`/api/admin/collections/${collection.id}/items/${itemId}`))
  const reorder = useCollectionMutation((body: ReturnType<typeof reorderBody>) =>
    api.patch(`/api/admin/collections/${collection.id}/items/reorder`, body)
  )

  const onMove = (activeId: string, overId: string) => {
    const next = moveItem(order, activeId, overId)
    const body = reorderBody(next)
    setOrder(next)
    if (!body.items.length) return
    reorder.mutate(body, {
      onSuccess: () => toast.success("Order saved"),
      onError: (error) => {
        setOrder(stored)
        toast.error(error.message)
      },
    })
  }

  return (
    <>
      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <Heading level="h2">Products</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {reorder.isPending ? "Saving order…" : "Drag the handles to reorder"}
          </Text>
        </div>
        {order.length === 0 ? (
          <EmptyState title="No products yet" description="Search below to add gallery products to this collection." />
        ) : (
          <div data-testid="collection-items">
            <SortableList
              items={order}
              onMove={onMove}
              disabled={reorder.isPending}
              renderItem={(item, index) => (
                <>
                  <Text size="small" className="w-6 text-ui-fg-muted">
                    {index + 1}
                  </Text>
                  <ItemRow product={item.product} fallbackId={item.productId} />
                  {item.product === null ? null : (
                    <Badge size="2xsmall" className="hidden md:inline-flex">
                      {item.productId.slice(-6)}
                    </Badge>
                  )}
                  <IconButton
                    size="small"
                    variant="transparent"
                    aria-label="Remove from collection"
                    onClick={() =>
                      remove.mutate(item.id, {
                        onSuccess: () => toast.success("Removed from the collection"),
                        onError: (error) => toast.error(error.message),
                      })
                    }
                  >
                    <Trash />
                  </IconButton>
                </>
              )}
            />
          </div>
        )}
      </Container>
      <Container className="flex flex-col gap-y-3 px-6 py-4">
        <Heading level="h2">Add products</Heading>
        <ProductSearch
          chosen={new Set(order.map((item) => item.productId))}
          busyId={add.isPending ? add.variables?.id : null}
          error={add.error?.message}
          onPick={(product) => add.mutate(product, { onSuccess: () => toast.success(`Added “${product.name}”`) })}
        />
      </Container>
    </>
  )
}

/** A smart or hybrid collection: its rules with a live preview, and a hybrid's hand-picked products. */
function RuleCollection({ collection }: { collection: CollectionDetail & { type: "smart" | "hybrid" } }) {
  const savedDraft = useMemo(() => draftFromRules(collection.rules), [collection.rules])
  const [draft, setDraft] = useState<RuleDraft>(savedDraft)
  useEffect(() => setDraft(savedDraft), [savedDraft])
  const savedInclusions = useMemo(() => collection.manualInclusions ?? [], [collection.manualInclusions])
  const [inclusions, setInclusions] = useState<string[]>(savedInclusions)
  useEffect(() => setInclusions(savedInclusions), [savedInclusions])
  const [previewError, setPreviewError] = useState<string | null>(null)
  const update = useCollectionMutation((body: Record<string, unknown>) => api.patch(`/api/admin/collections/${collection.id}`, body))
  const errors = formErrorsOf(update.error instanceof ApiError ? update.error : null, ["rules"] as const, {
    manualInclusions: "rules",
  })
  const dirty =
    JSON.stringify(rulesFromDraft(draft)) !== JSON.stringify(rulesFromDraft(savedDraft)) ||
    JSON.stringify(inclusions) !== JSON.stringify(savedInclusions)
  const products = new Map(collection.items.map((item) => [item.productId, item.product]))
  const save = () =>
    update.mutate(
      { rules: rulesFromDraft(draft), ...(collection.type === "hybrid" ? { manualInclusions: inclusions } : {}) },
      { onSuccess: () => toast.success("Rules saved") }
    )

  return (
    <>
      <Container className="flex flex-col gap-y-4 px-6 py-4">
        <div className="flex items-center justify-between">
          <Heading level="h2">Rules</Heading>
          <div className="flex gap-x-2">
            <Button size="small" variant="secondary" disabled={!dirty || update.isPending} onClick={() => { setDraft(savedDraft); setInclusions(savedInclusions) }}>
              Discard
            </Button>
            <Button size="small" disabled={!dirty} isLoading={update.isPending} onClick={save}>
              Save rules
            </Button>
          </div>
        </div>
        <FormError message={errors.form} />
        <RuleEditor draft={draft} onChange={setDraft} error={errors.fields.rules ?? previewError} />
      </Container>
      {collection.type === "hybrid" && (
        <Container className="divide-y p-0">
          <div className="px-6 py-4">
            <Heading level="h2">Hand-picked products</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              Shown first, in this order, before the rules' matches. Saved with the rules.
            </Text>
          </div>
          {inclusions.length === 0 ? (
            <EmptyState title="No hand-picked products" description="Search below to pin products at the top." />
          ) : (
            <SortableList
              items={inclusions.map((id) => ({ id }))}
              onMove={(activeId, overId) => setInclusions(moveItem(inclusions.map((id) => ({ id })), activeId, overId).map((i) => i.id))}
              renderItem={({ id }) => (
                <>
                  <ItemRow product={products.get(id) ?? null} fallbackId={id} />
                  <IconButton size="small" variant="transparent" aria-label="Remove" onClick={() => setInclusions(inclusions.filter((x) => x !== id))}>
                    <Trash />
                  </IconButton>
                </>
              )}
            />
          )}
          <div className="px-6 py-4">
            <ProductSearch chosen={new Set(inclusions)} onPick={(product) => setInclusions([...inclusions, product.id])} />
          </div>
        </Container>
      )}
      <Container className="px-6 py-4">
        <RulePreview type={collection.type} draft={draft} manualInclusions={inclusions} onError={setPreviewError} />
      </Container>
    </>
  )
}

/** /app/gallery/collections/:id */
const CollectionPage = () => {
  const { id = "" } = useParams()
  const navigate = useNavigate()
  const prompt = usePrompt()
  const collection = useCollection(id)
  const [editing, setEditing] = useState(false)
  const remove = useCollectionMutation(() => api.delete(`/api/admin/collections/${id}`))

  if (collection.isPending || collection.isError) return <RecordPageState query={collection} rows={6} />
  const c = collection.data.collection
  const confirmDelete = async () => {
    const confirmed = await prompt({
      title: `Delete “${c.name}”?`,
      description: "The collection and its items are deleted. Products are not affected.",
      confirmText: "Delete",
      cancelText: "Cancel",
      variant: "danger",
    })
    if (!confirmed) return
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success("Collection deleted")
        navigate("/gallery/collections")
      },
      onError: (error) => toast.error(error.message),
    })
  }

  return (
    <GalleryPage>
      <Container className="flex items-start justify-between gap-x-4 px-6 py-4">
        <div className="flex flex-col gap-y-1">
          <div className="flex items-center gap-x-2">
            <Heading level="h1">{c.name}</Heading>
            <Badge size="2xsmall">{statusLabel(c.type)}</Badge>
            <Badge size="2xsmall" color={c.isActive ? "green" : "grey"}>
              {c.isActive ? "Active" : "Inactive"}
            </Badge>
          </div>
          <Text size="small" className="text-ui-fg-subtle">
            /{c.slug} · {c.itemCount} product{c.itemCount === 1 ? "" : "s"}
          </Text>
          {c.description && (
            <Text size="small" className="max-w-2xl">
              {c.description}
            </Text>
          )}
        </div>
        <div className="flex gap-x-2">
          <Button size="small" variant="secondary" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button size="small" variant="danger" onClick={confirmDelete} isLoading={remove.isPending}>
            Delete
          </Button>
        </div>
      </Container>
      {c.type === "manual" ? <ManualItems collection={c} /> : <RuleCollection collection={c as CollectionDetail & { type: "smart" | "hybrid" }} />}
      {editing && <EditDetails collection={c} onClose={() => setEditing(false)} />}
    </GalleryPage>
  )
}

export default CollectionPage
