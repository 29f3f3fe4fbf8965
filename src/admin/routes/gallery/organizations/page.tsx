import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Badge, Button, Container, Drawer, Input, Select, Switch, Table, Text, toast } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { formErrorsOf } from "../../../../../apps/shared/form-errors"
import { day, statusLabel } from "../../../../../apps/shared/format"
import { PLAN_COMMISSION_BASIS_POINTS, type PlanName } from "../../../../lib/plan-fees"
import { Field } from "../../../components/field"
import { GalleryPage, PageHeader } from "../../../components/page-header"
import { EmptyState, ErrorState, FormError, LoadingState } from "../../../components/states"
import { ApiError } from "../../../lib/api"
import { useOrganizations, useUpdateOrganization } from "../../../lib/queries"
import type { Organization } from "../../../lib/types"

const FILTERS = [
  { value: "all", label: "All" },
  { value: "false", label: "Waiting for approval" },
  { value: "true", label: "Approved" },
] as const

const PLANS = Object.keys(PLAN_COMMISSION_BASIS_POINTS) as PlanName[]

const FORM_FIELDS = ["galleryApproved", "plan", "foundingArtistSince"] as const

/** Approval, plan and founding date of one organization (PATCH /api/admin/organizations/{id}). */
function EditOrganization({ organization, onClose }: { organization: Organization; onClose: () => void }) {
  const update = useUpdateOrganization()
  const [approved, setApproved] = useState(organization.galleryApproved)
  const [plan, setPlan] = useState<string>(organization.plan)
  const [founding, setFounding] = useState(organization.foundingArtistSince?.slice(0, 10) ?? "")
  const errors = formErrorsOf(update.error instanceof ApiError ? update.error : null, FORM_FIELDS)

  const save = () =>
    update.mutate(
      {
        id: organization.id,
        body: { galleryApproved: approved, plan, foundingArtistSince: founding ? founding : null },
      },
      {
        onSuccess: () => {
          toast.success(`${organization.name} saved`)
          onClose()
        },
      }
    )

  return (
    <Drawer open onOpenChange={(open) => !open && onClose()}>
      <Drawer.Content>
        <Drawer.Header>
          <Drawer.Title>{organization.name}</Drawer.Title>
        </Drawer.Header>
        <Drawer.Body className="flex flex-col gap-y-4">
          <FormError message={errors.form} />
          <Field id="org-approved" label="Gallery approval" error={errors.fields.galleryApproved}
            hint="Only approved organizations' products are sold in the gallery.">
            <div className="flex items-center gap-x-2">
              <Switch id="org-approved" checked={approved} onCheckedChange={setApproved} />
              <Text size="small">{approved ? "Approved" : "Not approved"}</Text>
            </div>
          </Field>
          <Field id="org-plan" label="Plan" error={errors.fields.plan}>
            <Select value={plan} onValueChange={setPlan}>
              <Select.Trigger id="org-plan">
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                {PLANS.map((p) => (
                  <Select.Item key={p} value={p}>
                    {statusLabel(p)} · {PLAN_COMMISSION_BASIS_POINTS[p] / 100} % on store sales
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
          </Field>
          <Field id="org-founding" label="Founding artist since" error={errors.fields.foundingArtistSince}
            hint="Leave empty if the organization is not a founding artist.">
            <Input id="org-founding" type="date" value={founding} onChange={(e) => setFounding(e.target.value)} />
          </Field>
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

/** /app/gallery/organizations: every artist organization; approve, set the plan and the founding date. */
const OrganizationsPage = () => {
  const [filter, setFilter] = useState<(typeof FILTERS)[number]["value"]>("all")
  const [search, setSearch] = useState("")
  const [q, setQ] = useState("")
  const [editing, setEditing] = useState<Organization | null>(null)
  const approve = useUpdateOrganization()
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 300)
    return () => clearTimeout(timer)
  }, [search])
  const organizations = useOrganizations({ gallery_approved: filter === "all" ? undefined : filter, q })

  const approveNow = (organization: Organization) =>
    approve.mutate(
      { id: organization.id, body: { galleryApproved: true } },
      {
        onSuccess: () => toast.success(`${organization.name} approved`),
        onError: (error) => toast.error(error.message),
      }
    )

  return (
    <GalleryPage>
      <Container className="divide-y p-0">
        <PageHeader title="Organizations" description="Artists and studios selling on Atelier." />
        <div className="flex flex-wrap items-center gap-2 px-6 py-3">
          <Input
            type="search"
            size="small"
            placeholder="Search by name"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="max-w-xs"
            aria-label="Search organizations"
          />
          <Select size="small" value={filter} onValueChange={(v) => setFilter(v as typeof filter)}>
            <Select.Trigger className="w-56" aria-label="Approval filter">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              {FILTERS.map((f) => (
                <Select.Item key={f.value} value={f.value}>
                  {f.label}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
        </div>
        {organizations.isPending ? (
          <LoadingState />
        ) : organizations.isError ? (
          <ErrorState error={organizations.error} onRetry={() => organizations.refetch()} />
        ) : organizations.data.organizations.length === 0 ? (
          <EmptyState
            title={q || filter !== "all" ? "No organization matches" : "No organizations yet"}
            description={q || filter !== "all" ? "Try another search or filter." : "Artists appear here once they sign up."}
          />
        ) : (
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Name</Table.HeaderCell>
                <Table.HeaderCell>Plan</Table.HeaderCell>
                <Table.HeaderCell>Gallery</Table.HeaderCell>
                <Table.HeaderCell>Founding artist since</Table.HeaderCell>
                <Table.HeaderCell>Payouts</Table.HeaderCell>
                <Table.HeaderCell className="text-right">Actions</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {organizations.data.organizations.map((o) => (
                <Table.Row key={o.id}>
                  <Table.Cell>
                    <div className="flex flex-col">
                      <Text size="small" weight="plus">
                        {o.name}
                      </Text>
                      <Text size="xsmall" className="text-ui-fg-subtle">
                        {o.slug}
                        {o.isGuest ? " · guest workspace" : ""}
                      </Text>
                    </div>
                  </Table.Cell>
                  <Table.Cell>{statusLabel(o.plan)}</Table.Cell>
                  <Table.Cell>
                    <Badge size="2xsmall" color={o.galleryApproved ? "green" : "orange"}>
                      {o.galleryApproved ? "Approved" : "Waiting"}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>{o.foundingArtistSince ? day(o.foundingArtistSince) : "–"}</Table.Cell>
                  <Table.Cell>{o.stripeAccountConnected ? "Connected" : "Not connected"}</Table.Cell>
                  <Table.Cell className="text-right">
                    <div className="flex justify-end gap-x-2">
                      {!o.galleryApproved && (
                        <Button size="small" variant="secondary" onClick={() => approveNow(o)} isLoading={approve.isPending && approve.variables?.id === o.id}>
                          Approve
                        </Button>
                      )}
                      <Button size="small" variant="transparent" onClick={() => setEditing(o)}>
                        Edit
                      </Button>
                    </div>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
        {organizations.data && organizations.data.count > organizations.data.organizations.length && (
          <Text size="small" className="px-6 py-3 text-ui-fg-subtle">
            Showing {organizations.data.organizations.length} of {organizations.data.count}; narrow the search to find others.
          </Text>
        )}
        {editing && <EditOrganization organization={editing} onClose={() => setEditing(null)} />}
      </Container>
    </GalleryPage>
  )
}

export const config = defineRouteConfig({ label: "Organizations", rank: 1 })

export default OrganizationsPage
