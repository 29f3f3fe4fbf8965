import { Button, Container, Input, Text, usePrompt } from "@medusajs/ui"
import { useState } from "react"
import { WEBHOOK_EVENT_TYPES } from "../../../../src/lib/webhook-event-types"
import type { CreateWebhookEndpointRequest, WebhookEndpoint } from "../../../../src/sdk"
import { useForm } from "../../../shared/use-form"
import { dateTime } from "../../../shared/format"
import { Link } from "../../../shared/router"
import { Status } from "../../../shared/status"
import { useAsync } from "../../../shared/use-async"
import { api } from "../api"
import { CheckboxGroup, Field, FormError } from "../components/field"
import { PageHeader } from "../components/page-header"
import { ShownOnce } from "../components/shown-once"
import { EmptyState, ErrorState, LoadingState } from "../components/states"
import { Table } from "../components/table"
import { useOrganization } from "../session"

const OWNERS_ONLY = "Only the organization's owners can see and manage webhook endpoints: they receive your orders and customers' details."

function CreateEndpointForm({ onCreated }: { onCreated: (created: { webhook_endpoint: WebhookEndpoint; secret: string }) => void }) {
  const [url, setUrl] = useState("")
  const [events, setEvents] = useState<string[]>(["order.paid", "order.shipped"])
  const [description, setDescription] = useState("")
  const { errors, busy, onSubmit } = useForm(["url", "events", "description"] as const)
  // What was chosen goes as chosen (no event is refused by the API, next to the events).
  const submit = onSubmit(async () => {
    onCreated(await api.webhookEndpoints.create({ url, events, description: description || null } as CreateWebhookEndpointRequest))
    setUrl("")
    setDescription("")
  })
  return (
    <form onSubmit={submit} noValidate aria-label="Add webhook endpoint" className="flex flex-col gap-4 px-6 py-4">
      <Text size="small" weight="plus">
        Add an endpoint
      </Text>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Field id="webhook-url" label="URL" error={errors.fields.url} hint="An https address that answers 2xx.">
          <Input id="webhook-url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/atelier-webhooks" />
        </Field>
        <Field id="webhook-description" label="Description" optional error={errors.fields.description}>
          <Input id="webhook-description" value={description} onChange={(e) => setDescription(e.target.value)} placeholder="Order sync" />
        </Field>
      </div>
      <CheckboxGroup
        legend="Events"
        name="events"
        idPrefix="event"
        errorId="webhook-events-error"
        options={WEBHOOK_EVENT_TYPES}
        selected={events}
        onChange={setEvents}
        error={errors.fields.events}
      />
      <FormError message={errors.form} />
      <div className="flex justify-end">
        <Button type="submit" size="small" isLoading={busy}>
          Add endpoint
        </Button>
      </div>
    </form>
  )
}

/** /webhooks: the organization's endpoints (owners). */
export function WebhooksPage() {
  const { isOwner } = useOrganization()
  const prompt = usePrompt()
  // A plain member's request would be refused: the page says so instead of asking.
  const endpoints = useAsync(
    () => (isOwner ? api.webhookEndpoints.list().then((r) => r.webhook_endpoints) : Promise.resolve(null)),
    [isOwner]
  )
  const [secret, setSecret] = useState<string | null>(null)
  const [actionError, setActionError] = useState<string | null>(null)

  const act = async (work: () => Promise<unknown>) => {
    try {
      await work()
      setActionError(null)
      endpoints.reload()
    } catch (error) {
      setActionError((error as Error).message)
    }
  }
  const toggle = (endpoint: WebhookEndpoint) =>
    act(() => api.webhookEndpoints.update(endpoint.id, { enabled: endpoint.status !== "enabled" }))
  const remove = async (endpoint: WebhookEndpoint) => {
    const confirmed = await prompt({
      title: "Delete this endpoint?",
      description: `Nothing more is sent to ${endpoint.url}. This cannot be undone.`,
      confirmText: "Delete",
      cancelText: "Cancel",
    })
    if (confirmed) await act(() => api.webhookEndpoints.delete(endpoint.id))
  }

  return (
    <Container className="divide-y p-0" data-testid="webhooks">
      <PageHeader title="Webhooks" subtitle="Atelier calls your endpoints when orders and products change, signed with each endpoint's secret." />
      {!isOwner && (
        <Text size="small" role="note" className="text-ui-fg-subtle px-6 py-4">
          {OWNERS_ONLY}
        </Text>
      )}
      {isOwner && endpoints.status === "loading" && (
        <div className="p-6">
          <LoadingState label="Loading webhook endpoints" rows={2} />
        </div>
      )}
      {isOwner && endpoints.status === "error" && (
        <ErrorState title="Webhook endpoints could not be loaded" error={endpoints.error} onRetry={endpoints.reload} inline />
      )}
      {isOwner && secret && (
        <ShownOnce value={secret} noun="secret" testId="new-webhook-secret" valueTestId="webhook-secret-value" onDone={() => setSecret(null)}>
          Copy the signing secret now: it is shown only once. Check each delivery's signature with it.
        </ShownOnce>
      )}
      {isOwner && endpoints.status === "success" && endpoints.data && (
        <>
          {endpoints.data.length === 0 ? (
            <EmptyState title="No webhook endpoints yet">
              <Text size="small" className="text-ui-fg-subtle">
                Add one below; its signing secret is shown once.
              </Text>
            </EmptyState>
          ) : (
            <Table>
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>URL</Table.HeaderCell>
                  <Table.HeaderCell>Events</Table.HeaderCell>
                  <Table.HeaderCell>Status</Table.HeaderCell>
                  <Table.HeaderCell>Created</Table.HeaderCell>
                  <Table.HeaderCell />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {endpoints.data.map((endpoint) => (
                  <Table.Row key={endpoint.id} data-webhook-endpoint={endpoint.url}>
                    <Table.Cell>
                      <div className="flex flex-col">
                        <Link to={`/webhooks/${endpoint.id}`} className="text-ui-fg-interactive break-all">
                          {endpoint.url}
                        </Link>
                        {endpoint.description && (
                          <Text size="xsmall" className="text-ui-fg-subtle">
                            {endpoint.description}
                          </Text>
                        )}
                      </div>
                    </Table.Cell>
                    <Table.Cell>
                      <Text size="xsmall">{endpoint.events.join(", ")}</Text>
                    </Table.Cell>
                    <Table.Cell>
                      <Status status={endpoint.status} />
                    </Table.Cell>
                    <Table.Cell>{dateTime(endpoint.created_at)}</Table.Cell>
                    <Table.Cell className="text-right">
                      <div className="flex justify-end gap-1">
                        <Button size="small" variant="transparent" onClick={() => toggle(endpoint)}>
                          {endpoint.status === "enabled" ? "Disable" : "Enable"}
                        </Button>
                        <Button size="small" variant="transparent" onClick={() => remove(endpoint)}>
                          Delete
                        </Button>
                      </div>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          )}
          <FormError message={actionError} />
          <CreateEndpointForm
            onCreated={(created) => {
              setSecret(created.secret)
              endpoints.reload()
            }}
          />
        </>
      )}
    </Container>
  )
}

/** /webhooks/{id}: an endpoint's deliveries, newest first, each one redeliverable. */
export function WebhookEndpointPage({ id }: { id: string }) {
  const { isOwner } = useOrganization()
  const data = useAsync(
    async () =>
      isOwner
        ? Promise.all([api.webhookEndpoints.retrieve(id), api.webhookEndpoints.deliveries.list(id, { limit: 50 })]).then(
            ([endpoint, deliveries]) => ({ endpoint: endpoint.webhook_endpoint, deliveries })
          )
        : null,
    [id, isOwner]
  )
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null)

  if (!isOwner) {
    return (
      <Container className="p-0">
        <PageHeader title="Webhook deliveries" subtitle={<Link to="/webhooks">Back to webhooks</Link>} />
        <Text size="small" role="note" className="text-ui-fg-subtle px-6 pb-4">
          {OWNERS_ONLY}
        </Text>
      </Container>
    )
  }
  if (data.status === "loading") return <LoadingState label="Loading deliveries" />
  if (data.status === "error") return <ErrorState title="The deliveries could not be loaded" error={data.error} onRetry={data.reload} />
  if (!data.data) return null
  const { endpoint, deliveries } = data.data

  const redeliver = async (deliveryId: string) => {
    try {
      await api.webhookEndpoints.deliveries.redeliver(endpoint.id, deliveryId)
      setMessage({ error: false, text: "Queued again: the new delivery is at the top." })
      data.reload()
    } catch (error) {
      setMessage({ error: true, text: (error as Error).message })
    }
  }

  return (
    <Container className="divide-y p-0" data-testid="webhook-deliveries">
      <PageHeader
        title="Webhook deliveries"
        subtitle={
          <>
            <span className="break-all">{endpoint.url}</span> · <Link to="/webhooks">Back to webhooks</Link>
          </>
        }
        actions={
          <>
            <Status status={endpoint.status} />
            <Button size="small" variant="secondary" onClick={data.reload}>
              Refresh
            </Button>
          </>
        }
      />
      {message &&
        (message.error ? (
          <div className="px-6 py-3">
            <FormError message={message.text} />
          </div>
        ) : (
          <Text size="small" role="status" className="px-6 py-3">
            {message.text}
          </Text>
        ))}
      {deliveries.deliveries.length === 0 ? (
        <EmptyState title="No deliveries yet">
          <Text size="small" className="text-ui-fg-subtle">
            Each event this endpoint listens to ({endpoint.events.join(", ")}) is delivered and logged here.
          </Text>
        </EmptyState>
      ) : (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Event</Table.HeaderCell>
              <Table.HeaderCell>Status</Table.HeaderCell>
              <Table.HeaderCell className="text-right">Attempt</Table.HeaderCell>
              <Table.HeaderCell className="text-right">HTTP</Table.HeaderCell>
              <Table.HeaderCell className="text-right">Duration</Table.HeaderCell>
              <Table.HeaderCell>Next retry</Table.HeaderCell>
              <Table.HeaderCell>Delivered</Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {deliveries.deliveries.map((delivery) => (
              <Table.Row key={delivery.id} data-delivery={delivery.event_type} data-delivery-status={delivery.status}>
                <Table.Cell>
                  <div className="flex flex-col">
                    {delivery.event_type}
                    {delivery.error && (
                      <Text size="xsmall" className="text-ui-fg-error">
                        {delivery.error}
                      </Text>
                    )}
                  </div>
                </Table.Cell>
                <Table.Cell>
                  <Status status={delivery.status} />
                </Table.Cell>
                <Table.Cell className="text-right">{delivery.attempt}</Table.Cell>
                <Table.Cell className="text-right" data-status-code>
                  {delivery.status_code ?? "—"}
                </Table.Cell>
                <Table.Cell className="text-right">{delivery.duration_ms === null ? "—" : `${delivery.duration_ms} ms`}</Table.Cell>
                <Table.Cell>{dateTime(delivery.next_retry_at)}</Table.Cell>
                <Table.Cell>{dateTime(delivery.delivered_at)}</Table.Cell>
                <Table.Cell className="text-right">
                  <Button size="small" variant="transparent" onClick={() => redeliver(delivery.id)}>
                    Redeliver
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}
