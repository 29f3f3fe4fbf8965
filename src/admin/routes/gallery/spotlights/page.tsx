import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Plus } from "@medusajs/icons"
import { Badge, Button, Container, Drawer, Input, Select, Switch, Table, Text, Textarea, toast, usePrompt } from "@medusajs/ui"
import { useState } from "react"
import { formErrorsOf } from "../../../../../apps/shared/form-errors"
import { dateTime, fromLocalInput, toLocalInput } from "../../../../../apps/shared/format"
import { Field } from "../../../components/field"
import { GalleryPage, PageHeader } from "../../../components/page-header"
import { EmptyState, ErrorState, FormError, LoadingState } from "../../../components/states"
import { api, ApiError } from "../../../lib/api"
import { useOrganizations, useSpotlightMutation, useSpotlights } from "../../../lib/queries"
import { spotlightState, type SpotlightState } from "../../../lib/spotlight-window"
import type { Spotlight } from "../../../lib/types"

const STATE_BADGE: Record<SpotlightState, { color: "green" | "blue" | "grey" | "orange"; label: string }> = {
  live: { color: "green", label: "Live" },
  scheduled: { color: "blue", label: "Scheduled" },
  expired: { color: "orange", label: "Expired" },
  inactive: { color: "grey", label: "Inactive" },
}

const FIELDS = ["orgId", "title", "description", "featuredImage", "isActive", "publishedAt", "expiresAt"] as const

/** Create (POST) or edit (PATCH) a spotlight; its publish window is publishedAt .. expiresAt (none: no end). */
function SpotlightForm({ spotlight, onClose }: { spotlight: Spotlight | null; onClose: () => void }) {
  const organizations = useOrganizations()
  const [orgId, setOrgId] = useState(spotlight?.orgId ?? "")
  const [title, setTitle] = useState(spotlight?.title ?? "")
  const [description, setDescription] = useState(spotlight?.description ?? "")
  const [featuredImage, setFeaturedImage] = useState(spotlight?.featuredImage ?? "")
  const [isActive, setIsActive] = useState(spotlight?.isActive ?? true)
  const [publishedAt, setPublishedAt] = useState(toLocalInput(spotlight?.publishedAt ?? new Date().toISOString()))
  const [expiresAt, setExpiresAt] = useState(toLocalInput(spotlight?.expiresAt))
  const save = useSpotlightMutation((body: Record<string, unknown>) =>
    spotlight ? api.patch(`/api/admin/spotlights/${spotlight.id}`, body) : api.post("/api/admin/spotlights", body)
  )
  const errors = formErrorsOf(save.error instanceof ApiError ? save.error : null, FIELDS)
  const submit = () =>
    save.mutate(
      {
        orgId,
        title,
        description: description || null,
        featuredImage: featuredImage || null,
        isActive,
        publishedAt: fromLocalInput(publishedAt) ?? undefined,
        expiresAt: fromLocalInput(expiresAt),
      },
      {
        onSuccess: () => {
          toast.success(spotlight ? "Spotlight saved" : "Spotlight created")
          onClose()
        },
      }
    )

  return (
    <Drawer open onOpenChange={(open) => !open && onClose()}>
      <Drawer.Content>
        <Drawer.Header>
          <Drawer.Title>{spotlight ? "Edit spotlight" : "New spotlight"}</Drawer.Title>
        </Drawer.Header>
        <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
          <FormError message={errors.form} />
          <Field id="spotlight-org" label="Organization" error={errors.fields.orgId}>
            <Select value={orgId} onValueChange={setOrgId}>
              <Select.Trigger id="spotlight-org" aria-invalid={Boolean(errors.fields.orgId)}>
                <Select.Value placeholder={organizations.isPending ? "Loading…" : "Choose an organization"} />
              </Select.Trigger>
              <Select.Content>
                {organizations.data?.organizations.map((o) => (
                  <Select.Item key={o.id} value={o.id}>
                    {o.name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
          </Field>
          <Field id="spotlight-title" label="Title" error={errors.fields.title}>
            <Input id="spotlight-title" value={title} onChange={(e) => setTitle(e.target.value)} aria-invalid={Boolean(errors.fields.title)} />
          </Field>
          <Field id="spotlight-description" label="Description" error={errors.fields.description}>
            <Textarea id="spotlight-description" value={description} onChange={(e) => setDescription(e.target.value)} />
          </Field>
          <Field id="spotlight-image" label="Featured image URL" error={errors.fields.featuredImage}>
            <Input id="spotlight-image" placeholder="https://" value={featuredImage} onChange={(e) => setFeaturedImage(e.target.value)} />
          </Field>
          <div className="grid grid-cols-2 gap-4">
            <Field id="spotlight-published" label="Published from" error={errors.fields.publishedAt}>
              <Input id="spotlight-published" type="datetime-local" value={publishedAt} onChange={(e) => setPublishedAt(e.target.value)} />
            </Field>
            <Field id="spotlight-expires" label="Expires at" error={errors.fields.expiresAt} hint="Empty: no end.">
              <Input id="spotlight-expires" type="datetime-local" value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} />
            </Field>
          </div>
          <Field id="spotlight-active" label="Active" error={errors.fields.isActive} hint="An inactive spotlight is never shown, whatever its window.">
            <Switch id="spotlight-active" checked={isActive} onCheckedChange={setIsActive} />
          </Field>
        </Drawer.Body>
        <Drawer.Footer>
          <Drawer.Close asChild>
            <Button size="small" variant="secondary">
              Cancel
            </Button>
          </Drawer.Close>
          <Button size="small" onClick={submit} isLoading={save.isPending}>
            {spotlight ? "Save" : "Create"}
          </Button>
        </Drawer.Footer>
      </Drawer.Content>
    </Drawer>
  )
}

/** /app/gallery/spotlights: featured artists with their publish window. */
const SpotlightsPage = () => {
  const spotlights = useSpotlights()
  const prompt = usePrompt()
  const [editing, setEditing] = useState<Spotlight | "new" | null>(null)
  const remove = useSpotlightMutation((id: string) => api.delete(`/api/admin/spotlights/${id}`))
  const now = new Date()
  const create = (
    <Button size="small" variant="secondary" onClick={() => setEditing("new")}>
      <Plus /> Create
    </Button>
  )
  const confirmDelete = async (spotlight: Spotlight) => {
    const confirmed = await prompt({
      title: `Delete “${spotlight.title}”?`,
      description: "The spotlight disappears from the gallery.",
      confirmText: "Delete",
      cancelText: "Cancel",
      variant: "danger",
    })
    if (confirmed) {
      remove.mutate(spotlight.id, {
        onSuccess: () => toast.success("Spotlight deleted"),
        onError: (error) => toast.error(error.message),
      })
    }
  }

  return (
    <GalleryPage>
      <Container className="divide-y p-0">
        <PageHeader title="Spotlights" description="Artists featured on the gallery, each within its publish window." actions={create} />
        {spotlights.isPending ? (
          <LoadingState />
        ) : spotlights.isError ? (
          <ErrorState error={spotlights.error} onRetry={() => spotlights.refetch()} />
        ) : spotlights.data.spotlights.length === 0 ? (
          <EmptyState title="No spotlights yet" description="Feature an artist for a while on the gallery." action={create} />
        ) : (
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Title</Table.HeaderCell>
                <Table.HeaderCell>Organization</Table.HeaderCell>
                <Table.HeaderCell>Publish window</Table.HeaderCell>
                <Table.HeaderCell>State</Table.HeaderCell>
                <Table.HeaderCell className="text-right">Actions</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {spotlights.data.spotlights.map((s) => {
                const state = STATE_BADGE[spotlightState(s, now)]
                return (
                  <Table.Row key={s.id}>
                    <Table.Cell>
                      <Text size="small" weight="plus">
                        {s.title}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>{s.organization?.name ?? "Deleted organization"}</Table.Cell>
                    <Table.Cell>
                      {dateTime(s.publishedAt)} → {s.expiresAt ? dateTime(s.expiresAt) : "no end"}
                    </Table.Cell>
                    <Table.Cell>
                      <Badge size="2xsmall" color={state.color}>
                        {state.label}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell className="text-right">
                      <div className="flex justify-end gap-x-2">
                        <Button size="small" variant="transparent" onClick={() => setEditing(s)}>
                          Edit
                        </Button>
                        <Button size="small" variant="transparent" onClick={() => confirmDelete(s)}>
                          Delete
                        </Button>
                      </div>
                    </Table.Cell>
                  </Table.Row>
                )
              })}
            </Table.Body>
          </Table>
        )}
        {editing && <SpotlightForm spotlight={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      </Container>
    </GalleryPage>
  )
}

export const config = defineRouteConfig({ label: "Spotlights", rank: 3 })

export default SpotlightsPage
