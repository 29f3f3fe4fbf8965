import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Plus } from "@medusajs/icons"
import { Badge, Button, Container, FocusModal, Heading, Input, Select, Switch, Table, Text, Textarea, toast } from "@medusajs/ui"
import { useState } from "react"
import { Link, useNavigate } from "react-router-dom"
import { formErrorsOf } from "../../../../../apps/shared/form-errors"
import { day, statusLabel } from "../../../../../apps/shared/format"
import { slugify } from "../../../../lib/slug"
import { Field } from "../../../components/field"
import { GalleryPage, PageHeader } from "../../../components/page-header"
import { RuleEditor, RulePreview } from "../../../components/rule-editor"
import { EmptyState, ErrorState, FormError, LoadingState } from "../../../components/states"
import { api, ApiError } from "../../../lib/api"
import { useCollectionMutation, useCollections } from "../../../lib/queries"
import { EMPTY_RULE_DRAFT, rulesFromDraft, type RuleDraft } from "../../../lib/rules"
import type { CollectionListItem } from "../../../lib/types"

type CollectionType = CollectionListItem["type"]

const TYPES: { value: CollectionType; label: string; hint: string }[] = [
  { value: "manual", label: "Manual", hint: "You pick the products and their order." },
  { value: "smart", label: "Smart", hint: "Products are chosen by rules, newest first." },
  { value: "hybrid", label: "Hybrid", hint: "Hand-picked products first, then the rules' matches." },
]

const FIELDS = ["name", "slug", "type", "description", "isActive", "featuredImage", "rules"] as const

/** The create form (POST /api/admin/collections); the API's messages appear next to their field. */
function CreateCollection({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate()
  const [name, setName] = useState("")
  const [slug, setSlug] = useState("")
  const [slugEdited, setSlugEdited] = useState(false)
  const [type, setType] = useState<CollectionType>("manual")
  const [description, setDescription] = useState("")
  const [featuredImage, setFeaturedImage] = useState("")
  const [isActive, setIsActive] = useState(true)
  const [draft, setDraft] = useState<RuleDraft>(EMPTY_RULE_DRAFT)
  const [previewError, setPreviewError] = useState<string | null>(null)
  const create = useCollectionMutation((body: Record<string, unknown>) =>
    api.post<{ collection: CollectionListItem }>("/api/admin/collections", body)
  )
  const errors = formErrorsOf(create.error instanceof ApiError ? create.error : null, FIELDS, { manualInclusions: "rules" })
  const rulesError = errors.fields.rules ?? previewError

  const submit = () =>
    create.mutate(
      {
        name,
        slug,
        type,
        description: description || null,
        featuredImage: featuredImage || null,
        isActive,
        ...(type === "manual" ? {} : { rules: rulesFromDraft(draft) }),
      },
      {
        onSuccess: ({ collection }) => {
          toast.success(`Collection “${collection.name}” created`)
          onClose()
          navigate(`/gallery/collections/${collection.id}`)
        },
      }
    )

  return (
    <FocusModal open onOpenChange={(open) => !open && onClose()}>
      <FocusModal.Content>
        <FocusModal.Header>
          <div className="flex items-center justify-end gap-x-2">
            <FocusModal.Close asChild>
              <Button size="small" variant="secondary">
                Cancel
              </Button>
            </FocusModal.Close>
            <Button size="small" onClick={submit} isLoading={create.isPending} data-testid="create-collection-submit">
              Create collection
            </Button>
          </div>
        </FocusModal.Header>
        <FocusModal.Body className="flex justify-center overflow-y-auto py-12">
          <div className="flex w-full max-w-[720px] flex-col gap-y-6">
            <div>
              <Heading>New collection</Heading>
              <Text size="small" className="text-ui-fg-subtle">
                Active collections appear at /gallery/collections/&#123;slug&#125; (and /api/gallery/collections/&#123;slug&#125;);
                the newest three with works are on the gallery's home.
              </Text>
            </div>
            <FormError message={errors.form} />
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <Field id="collection-name" label="Name" error={errors.fields.name}>
                <Input
                  id="collection-name"
                  value={name}
                  aria-invalid={Boolean(errors.fields.name)}
                  onChange={(e) => {
                    setName(e.target.value)
                    if (!slugEdited) setSlug(slugify(e.target.value))
                  }}
                />
              </Field>
              <Field id="collection-slug" label="Slug" error={errors.fields.slug} hint="Lowercase letters and digits separated by hyphens.">
                <Input
                  id="collection-slug"
                  value={slug}
                  aria-invalid={Boolean(errors.fields.slug)}
                  onChange={(e) => {
                    setSlug(e.target.value)
                    setSlugEdited(true)
                  }}
                />
              </Field>
            </div>
            <Field id="collection-type" label="Type" error={errors.fields.type} hint={TYPES.find((t) => t.value === type)?.hint}>
              <Select value={type} onValueChange={(v) => setType(v as CollectionType)}>
                <Select.Trigger id="collection-type">
                  <Select.Value />
                </Select.Trigger>
                <Select.Content>
                  {TYPES.map((t) => (
                    <Select.Item key={t.value} value={t.value}>
                      {t.label}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select>
            </Field>
            <Field id="collection-description" label="Description" error={errors.fields.description}>
              <Textarea id="collection-description" value={description} onChange={(e) => setDescription(e.target.value)} />
            </Field>
            <Field id="collection-image" label="Featured image URL" error={errors.fields.featuredImage}>
              <Input id="collection-image" placeholder="https://" value={featuredImage} onChange={(e) => setFeaturedImage(e.target.value)} />
            </Field>
            <Field id="collection-active" label="Active" error={errors.fields.isActive} hint="Inactive collections are hidden from the gallery.">
              <Switch id="collection-active" checked={isActive} onCheckedChange={setIsActive} />
            </Field>
            {type !== "manual" && (
              <div className="flex flex-col gap-y-4 rounded-lg border p-4">
                <Text size="small" weight="plus">
                  Rules
                </Text>
                <RuleEditor draft={draft} onChange={setDraft} error={rulesError} />
                <RulePreview type={type} draft={draft} onError={setPreviewError} />
              </div>
            )}
          </div>
        </FocusModal.Body>
      </FocusModal.Content>
    </FocusModal>
  )
}

/** /app/gallery/collections: every collection, newest first. */
const CollectionsPage = () => {
  const navigate = useNavigate()
  const collections = useCollections()
  const [creating, setCreating] = useState(false)
  const create = (
    <Button size="small" variant="secondary" onClick={() => setCreating(true)} data-testid="new-collection">
      <Plus /> Create
    </Button>
  )
  return (
    <GalleryPage>
      <Container className="divide-y p-0">
        <PageHeader title="Collections" description="Curated sets of gallery works." actions={create} />
        {collections.isPending ? (
          <LoadingState />
        ) : collections.isError ? (
          <ErrorState error={collections.error} onRetry={() => collections.refetch()} />
        ) : collections.data.collections.length === 0 ? (
          <EmptyState title="No collections yet" description="Create one to feature works in the gallery." action={create} />
        ) : (
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Name</Table.HeaderCell>
                <Table.HeaderCell>Type</Table.HeaderCell>
                <Table.HeaderCell>Products</Table.HeaderCell>
                <Table.HeaderCell>Status</Table.HeaderCell>
                <Table.HeaderCell>Updated</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {collections.data.collections.map((c) => (
                <Table.Row
                  key={c.id}
                  className="cursor-pointer"
                  data-testid="collection-row"
                  onClick={() => navigate(`/gallery/collections/${c.id}`)}
                >
                  <Table.Cell>
                    <Link to={`/gallery/collections/${c.id}`} className="flex flex-col">
                      <Text size="small" weight="plus">
                        {c.name}
                      </Text>
                      <Text size="xsmall" className="text-ui-fg-subtle">
                        {c.slug}
                      </Text>
                    </Link>
                  </Table.Cell>
                  <Table.Cell>{statusLabel(c.type)}</Table.Cell>
                  <Table.Cell>{c.itemCount}</Table.Cell>
                  <Table.Cell>
                    <Badge size="2xsmall" color={c.isActive ? "green" : "grey"}>
                      {c.isActive ? "Active" : "Inactive"}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>{day(c.updatedAt)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
        {creating && <CreateCollection onClose={() => setCreating(false)} />}
      </Container>
    </GalleryPage>
  )
}

export const config = defineRouteConfig({ label: "Collections", rank: 2 })

export default CollectionsPage
