import { Badge, Button, Container, Heading, Input, Text, Textarea, usePrompt } from "@medusajs/ui"
import { useEffect, useState, type ReactNode } from "react"
import type { Campaign, CreateCampaignRequest, CreateSegmentRequest, Segment, SegmentFiltersRequest } from "../../../../src/sdk"
import { useForm } from "../../../shared/use-form"
import { dateTime, day, money, numberInput } from "../../../shared/format"
import { NativeSelect } from "../../../shared/native-select"
import { Link, useRouter } from "../../../shared/router"
import { Status } from "../../../shared/status"
import { useAsync } from "../../../shared/use-async"
import { api } from "../api"
import { ButtonLink } from "../components/button-link"
import { Field, FormError } from "../components/field"
import { PageHeader } from "../components/page-header"
import { EmptyState, ErrorState, LoadingState } from "../components/states"
import { Table } from "../components/table"
import { useOrganization } from "../session"

const STATS = ["sent", "delivered", "opened", "clicked", "bounced", "complained"] as const

/** What a segment's filters say, in words ("all customers" when none is set). */
function describeFilters(filters: Segment["filters"]): string {
  const parts: string[] = []
  if (filters.ordered_since) parts.push(`ordered since ${day(filters.ordered_since)}`)
  if (filters.ordered_before) parts.push(`ordered before ${day(filters.ordered_before)}`)
  if (filters.total_spent_gte !== null) parts.push(`spent at least ${money(filters.total_spent_gte)}`)
  if (filters.product_type) parts.push(`bought a ${filters.product_type}`)
  if (filters.source) parts.push(`from the ${filters.source}`)
  const words = parts.join(", ")
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "All customers"
}

function SegmentsCard() {
  const segments = useAsync(() => api.segments.list().then((r) => r.segments), [])
  return (
    <Container className="divide-y p-0" data-testid="segments">
      <PageHeader
        title="Segments"
        subtitle="Who a campaign goes to: your customers, narrowed by when, how much and what they bought. Counts are live."
        actions={<ButtonLink to="/campaigns/segments/new" variant="secondary">Create segment</ButtonLink>}
      />
      {segments.status === "loading" && (
        <div className="p-6">
          <LoadingState label="Loading segments" rows={2} />
        </div>
      )}
      {segments.status === "error" && <ErrorState title="Segments could not be loaded" error={segments.error} onRetry={segments.reload} inline />}
      {segments.status === "success" &&
        (segments.data.length === 0 ? (
          <EmptyState title="No segments yet">
            <Text size="small" className="text-ui-fg-subtle">
              A segment picks the customers a campaign is sent to.
            </Text>
          </EmptyState>
        ) : (
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Name</Table.HeaderCell>
                <Table.HeaderCell>Filters</Table.HeaderCell>
                <Table.HeaderCell className="text-right">Customers</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {segments.data.map((segment) => (
                <Table.Row key={segment.id} data-segment={segment.name}>
                  <Table.Cell>
                    <Link to={`/campaigns/segments/${segment.id}`} className="text-ui-fg-interactive">
                      {segment.name}
                    </Link>
                  </Table.Cell>
                  <Table.Cell>
                    <Text size="small">{describeFilters(segment.filters)}</Text>
                  </Table.Cell>
                  <Table.Cell className="text-right" data-segment-count>
                    {segment.count}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        ))}
    </Container>
  )
}

function CampaignStats({ campaign }: { campaign: Campaign }) {
  return (
    <span className="txt-compact-small text-ui-fg-subtle" data-campaign-stats>
      {STATS.map((stat) => `${campaign.stats[stat]} ${stat}`).join(" · ")}
    </span>
  )
}

/** /campaigns: the campaigns and the segments they go to. */
export function CampaignsPage() {
  const campaigns = useAsync(() => api.campaigns.list({ limit: 100 }), [])
  return (
    <>
      <Container className="divide-y p-0" data-testid="campaigns">
        <PageHeader
          title="Campaigns"
          subtitle="Emails to your customers, with what became of them."
          actions={<ButtonLink to="/campaigns/new">Create campaign</ButtonLink>}
        />
        {campaigns.status === "loading" && (
          <div className="p-6">
            <LoadingState label="Loading campaigns" rows={3} />
          </div>
        )}
        {campaigns.status === "error" && <ErrorState title="Campaigns could not be loaded" error={campaigns.error} onRetry={campaigns.reload} inline />}
        {campaigns.status === "success" &&
          (campaigns.data.campaigns.length === 0 ? (
            <EmptyState title="No campaigns yet">
              <Text size="small" className="text-ui-fg-subtle">
                Create a segment, then a campaign to send to it.
              </Text>
            </EmptyState>
          ) : (
            <Table>
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>Name</Table.HeaderCell>
                  <Table.HeaderCell>Status</Table.HeaderCell>
                  <Table.HeaderCell>Stats</Table.HeaderCell>
                  <Table.HeaderCell>Created</Table.HeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {campaigns.data.campaigns.map((campaign) => (
                  <Table.Row key={campaign.id} data-campaign={campaign.name}>
                    <Table.Cell>
                      <Link to={`/campaigns/${campaign.id}`} className="text-ui-fg-interactive">
                        {campaign.name}
                      </Link>
                    </Table.Cell>
                    <Table.Cell>
                      <Status status={campaign.status} />
                    </Table.Cell>
                    <Table.Cell>
                      <CampaignStats campaign={campaign} />
                    </Table.Cell>
                    <Table.Cell>{dateTime(campaign.created_at)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          ))}
      </Container>
      <SegmentsCard />
    </>
  )
}

const SEGMENT_FIELDS = ["name", "filters", "filters.ordered_since", "filters.ordered_before", "filters.total_spent_gte", "filters.product_type", "filters.source"]

/** A date typed in a date input as the API reads it: blank is no filter. */
const dateFilter = (value: string) => (value.trim() ? value.trim() : null)
const dateValue = (iso: string | null) => (iso ? iso.slice(0, 10) : "")

/** /campaigns/segments/new and /campaigns/segments/{id}: a segment's name and filters, with its live count. */
export function SegmentPage({ id }: { id?: string }) {
  const { go } = useRouter()
  const segment = useAsync(() => (id ? api.segments.retrieve(id).then((r) => r.segment) : Promise.resolve(null)), [id])
  if (segment.status === "loading") return <LoadingState label="Loading the segment" />
  if (segment.status === "error") return <ErrorState title="The segment could not be loaded" error={segment.error} onRetry={segment.reload} />
  return <SegmentForm key={segment.data?.updated_at ?? "new"} segment={segment.data} onSaved={(saved) => (id ? segment.setData(saved) : go(`/campaigns/segments/${saved.id}`))} />
}

function SegmentForm({ segment, onSaved }: { segment: Segment | null; onSaved: (segment: Segment) => void }) {
  const [name, setName] = useState(segment?.name ?? "")
  const [since, setSince] = useState(dateValue(segment?.filters.ordered_since ?? null))
  const [before, setBefore] = useState(dateValue(segment?.filters.ordered_before ?? null))
  const [spent, setSpent] = useState(segment?.filters.total_spent_gte?.toString() ?? "")
  const [productType, setProductType] = useState(segment?.filters.product_type ?? "")
  const [source, setSource] = useState(segment?.filters.source ?? "")
  const { errors, busy, onSubmit } = useForm(SEGMENT_FIELDS)
  const [saved, setSaved] = useState(false)

  const submit = onSubmit(async () => {
    setSaved(false)
    // Sent as typed (a "12.345" stays that and is refused next to the field): the API words the rules.
    const filters = {
      ordered_since: dateFilter(since),
      ordered_before: dateFilter(before),
      total_spent_gte: numberInput(spent) ?? null,
      product_type: productType || null,
      source: source || null,
    } as SegmentFiltersRequest
    const body = { name, filters } as CreateSegmentRequest
    const answer = segment ? await api.segments.update(segment.id, body) : await api.segments.create(body)
    setSaved(true)
    onSaved(answer.segment)
  })

  const fieldError = (name: string) => errors.fields[`filters.${name}`]
  return (
    <Container className="divide-y p-0">
      <PageHeader
        title={segment ? segment.name : "New segment"}
        subtitle={<Link to="/campaigns">Back to campaigns</Link>}
        actions={
          segment && (
            <Badge color="blue" data-testid="segment-count">
              {segment.count} {segment.count === 1 ? "customer" : "customers"} now
            </Badge>
          )
        }
      />
      <form onSubmit={submit} noValidate aria-label="Segment" className="flex flex-col gap-4 px-6 py-4">
        <Field id="segment-name" label="Name" error={errors.fields.name}>
          <Input id="segment-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="Print collectors" />
        </Field>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Field id="segment-since" label="Ordered since" optional error={fieldError("ordered_since")}>
            <Input id="segment-since" type="date" value={since} onChange={(e) => setSince(e.target.value)} />
          </Field>
          <Field id="segment-before" label="Ordered before" optional error={fieldError("ordered_before")}>
            <Input id="segment-before" type="date" value={before} onChange={(e) => setBefore(e.target.value)} />
          </Field>
          <Field id="segment-spent" label="Spent at least (USD)" optional error={fieldError("total_spent_gte")}>
            <Input id="segment-spent" inputMode="decimal" value={spent} onChange={(e) => setSpent(e.target.value)} placeholder="100" />
          </Field>
          <Field id="segment-type" label="Bought a" optional error={fieldError("product_type")}>
            <NativeSelect id="segment-type" value={productType} onChange={(e) => setProductType(e.target.value as typeof productType)}>
              <option value="">Any work</option>
              <option value="original">Original</option>
              <option value="print">Print</option>
            </NativeSelect>
          </Field>
          <Field id="segment-source" label="Ordered in" optional error={fieldError("source")}>
            <NativeSelect id="segment-source" value={source} onChange={(e) => setSource(e.target.value as typeof source)}>
              <option value="">The store or the gallery</option>
              <option value="store">The store</option>
              <option value="gallery">The gallery</option>
            </NativeSelect>
          </Field>
        </div>
        <FormError message={errors.form ?? errors.fields.filters} />
        <div className="flex items-center justify-end gap-3">
          {saved && (
            <Text size="small" role="status" className="text-ui-fg-subtle">
              Saved
            </Text>
          )}
          <Button type="submit" size="small" isLoading={busy}>
            {segment ? "Save segment" : "Create segment"}
          </Button>
        </div>
      </form>
    </Container>
  )
}

const CAMPAIGN_FIELDS = ["name", "subject", "content", "segment_id", "scheduled_at"]

/** /campaigns/new: a draft (name, subject, HTML content, segment, an optional date to send it). */
export function CampaignNewPage() {
  const { go } = useRouter()
  const segments = useAsync(() => api.segments.list().then((r) => r.segments), [])
  const [name, setName] = useState("")
  const [subject, setSubject] = useState("")
  const [content, setContent] = useState("")
  const [segmentId, setSegmentId] = useState("")
  const [scheduledAt, setScheduledAt] = useState("")
  const { errors, busy, onSubmit } = useForm(CAMPAIGN_FIELDS)

  const submit = onSubmit(
    async () => {
      // A datetime-local input is the browser's local time: sent as the instant it means.
      const scheduled = scheduledAt ? (Number.isNaN(Date.parse(scheduledAt)) ? scheduledAt : new Date(scheduledAt).toISOString()) : null
      const body: CreateCampaignRequest = { name, subject, content, segment_id: segmentId, scheduled_at: scheduled }
      const { campaign } = await api.campaigns.create(body)
      go(`/campaigns/${campaign.id}`)
    },
    { keepBusy: true }
  )

  if (segments.status === "loading") return <LoadingState label="Loading segments" />
  if (segments.status === "error") return <ErrorState title="Segments could not be loaded" error={segments.error} onRetry={segments.reload} />
  return (
    <Container className="divide-y p-0">
      <PageHeader title="New campaign" subtitle={<Link to="/campaigns">Back to campaigns</Link>} />
      {segments.data.length === 0 ? (
        <EmptyState title="Create a segment first">
          <ButtonLink to="/campaigns/segments/new">Create segment</ButtonLink>
        </EmptyState>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Campaign" className="flex flex-col gap-4 px-6 py-4">
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <Field id="campaign-name" label="Name" error={errors.fields.name} hint="For you; customers see the subject.">
              <Input id="campaign-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="Spring prints" />
            </Field>
            <Field id="campaign-subject" label="Subject" error={errors.fields.subject}>
              <Input id="campaign-subject" value={subject} onChange={(e) => setSubject(e.target.value)} placeholder="New prints in the studio" />
            </Field>
            <Field id="campaign-segment" label="Segment" error={errors.fields.segment_id}>
              <NativeSelect id="campaign-segment" value={segmentId} onChange={(e) => setSegmentId(e.target.value)}>
                <option value="">Choose a segment</option>
                {segments.data.map((segment) => (
                  <option key={segment.id} value={segment.id}>
                    {segment.name} ({segment.count} {segment.count === 1 ? "customer" : "customers"})
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="campaign-scheduled" label="Send at" optional error={errors.fields.scheduled_at} hint="Blank: you send it yourself.">
              <Input id="campaign-scheduled" type="datetime-local" value={scheduledAt} onChange={(e) => setScheduledAt(e.target.value)} />
            </Field>
          </div>
          <Field id="campaign-content" label="Content (HTML)" error={errors.fields.content} hint="Scripts, styles and unsafe markup are removed.">
            <Textarea id="campaign-content" rows={10} value={content} onChange={(e) => setContent(e.target.value)} placeholder="<h1>New prints</h1><p>…</p>" />
          </Field>
          <FormError message={errors.form} />
          <div className="flex justify-end">
            <Button type="submit" size="small" isLoading={busy}>
              Create campaign
            </Button>
          </div>
        </form>
      )}
    </Container>
  )
}

/** Statuses a campaign can be sent from (the send route answers 409 for the others): a draft, or a failed send again. */
const SENDABLE = new Set<Campaign["status"]>(["draft", "failed"])

/**
 * The email as a recipient gets it (the API's preview, addressed to the member), shown in a sandboxed frame: the
 * HTML is the API's sanitised content and footer, and the frame runs no script and opens no link whatever it holds.
 */
function CampaignPreviewCard({ id }: { id: string }) {
  const preview = useAsync(() => api.campaigns.preview(id).then((r) => r.preview), [id])
  return (
    <Container className="divide-y p-0" data-testid="campaign-preview">
      <div className="px-6 py-4">
        <Heading level="h2">Preview</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          The email as your customers receive it, with your store's footer and its unsubscribe link.
        </Text>
      </div>
      {preview.status === "loading" && (
        <div className="p-6">
          <LoadingState label="Loading the preview" rows={3} />
        </div>
      )}
      {preview.status === "error" && <ErrorState title="The preview could not be loaded" error={preview.error} onRetry={preview.reload} inline />}
      {preview.status === "success" && (
        <div className="flex flex-col gap-3 px-6 py-4">
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 md:grid-cols-3">
            <Detail label="From">{preview.data.from_name}</Detail>
            <Detail label="To (this preview)">{preview.data.to}</Detail>
            <Detail label="Subject">
              <span data-testid="preview-subject">{preview.data.subject}</span>
            </Detail>
          </dl>
          <iframe
            title="Email preview"
            sandbox=""
            srcDoc={preview.data.html}
            className="border-ui-border-base h-96 w-full rounded-md border bg-white"
            data-testid="preview-html"
          />
          <details>
            <summary className="txt-compact-small-plus cursor-pointer">Plain text</summary>
            <pre className="txt-compact-small bg-ui-bg-subtle mt-2 overflow-auto whitespace-pre-wrap rounded-md p-4" data-testid="preview-text">
              {preview.data.text}
            </pre>
          </details>
        </div>
      )}
    </Container>
  )
}

/** /campaigns/{id}: the campaign, its stats, a preview, a test to oneself, and sending it (owners) after a confirmation naming the recipients. */
export function CampaignPage({ id }: { id: string }) {
  const { isOwner } = useOrganization()
  const prompt = usePrompt()
  const campaign = useAsync(async () => {
    const { campaign } = await api.campaigns.retrieve(id)
    // The segment's live count: who would receive it if it were sent now (a deleted segment: unknown).
    const segment = await api.segments.retrieve(campaign.segment_id).then((r) => r.segment, () => null)
    return { campaign, segment }
  }, [id])
  const [sendError, setSendError] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [testing, setTesting] = useState(false)
  const status = campaign.status === "success" ? campaign.data.campaign.status : null
  const { reload } = campaign

  // While it is being sent, the status and the stats follow the delivery.
  useEffect(() => {
    if (status !== "sending") return
    const timer = setInterval(reload, 3000)
    return () => clearInterval(timer)
  }, [status, reload])

  if (campaign.status === "loading") return <LoadingState label="Loading the campaign" />
  if (campaign.status === "error") return <ErrorState title="The campaign could not be loaded" error={campaign.error} onRetry={campaign.reload} />
  const { campaign: c, segment } = campaign.data

  const send = async () => {
    const recipients = segment ? `${segment.count} ${segment.count === 1 ? "customer" : "customers"} of ${segment.name}` : "the segment's customers"
    const confirmed = await prompt({
      title: `Send ${c.name}?`,
      description: c.scheduled_at
        ? `It will be sent to ${recipients} on ${dateTime(c.scheduled_at)}.`
        : `It is emailed now to ${recipients}. This cannot be undone.`,
      confirmText: c.scheduled_at ? "Schedule" : "Send",
      cancelText: "Cancel",
    })
    if (!confirmed) return
    setSending(true)
    try {
      const answer = await api.campaigns.send(c.id)
      setSendError(null)
      setSent(
        answer.status === "scheduled"
          ? `Scheduled for ${answer.recipients} recipients.`
          : `Sending to ${answer.recipients} ${answer.recipients === 1 ? "recipient" : "recipients"}.`
      )
      campaign.reload()
    } catch (error) {
      setSendError((error as Error).message)
      // It may have been sent meanwhile (another tab, another owner): the status says so.
      campaign.reload()
    } finally {
      setSending(false)
    }
  }

  const sendTest = async () => {
    setTesting(true)
    try {
      const answer = await api.campaigns.test(c.id)
      setSendError(null)
      setSent(`Test email sent to ${answer.to}.`)
    } catch (error) {
      setSendError((error as Error).message)
    } finally {
      setTesting(false)
    }
  }
  const sendable = SENDABLE.has(c.status) && !sending

  return (
    <>
      <Container className="divide-y p-0" data-testid="campaign">
        <PageHeader
          title={c.name}
          subtitle={<Link to="/campaigns">Back to campaigns</Link>}
          actions={
            <>
              <Status status={c.status} />
              <Button size="small" variant="secondary" onClick={sendTest} isLoading={testing}>
                Send test to me
              </Button>
              {isOwner && (
                // Once scheduled, sending or sent, there is nothing to send (the API would answer 409 with its reason).
                <Button size="small" onClick={send} disabled={!sendable} isLoading={sending}>
                  {c.scheduled_at && c.status === "draft" ? "Schedule" : "Send"}
                </Button>
              )}
            </>
          }
        />
        {!isOwner && (
          <Text size="small" role="note" className="text-ui-fg-subtle px-6 py-4">
            Only the organization's owners can send campaigns; you can read them.
          </Text>
        )}
        {sent && (
          <Text size="small" role="status" className="px-6 py-3" data-testid="campaign-sent">
            {sent}
          </Text>
        )}
        {sendError && (
          <div className="px-6 py-3">
            <FormError message={sendError} />
          </div>
        )}
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 px-6 py-4 md:grid-cols-4">
          <Detail label="Subject">{c.subject}</Detail>
          <Detail label="Segment">{segment ? `${segment.name} (${segment.count} now)` : "—"}</Detail>
          <Detail label="Scheduled">{dateTime(c.scheduled_at)}</Detail>
          <Detail label="Sent">{dateTime(c.sent_at ?? c.send_started_at)}</Detail>
          <Detail label="Recipients">{String(c.recipients)}</Detail>
          {STATS.map((stat) => (
            <Detail key={stat} label={stat.charAt(0).toUpperCase() + stat.slice(1)}>
              <span data-stat={stat}>{c.stats[stat]}</span>
            </Detail>
          ))}
          <Detail label="Failed">{String(c.stats.failed)}</Detail>
        </dl>
      </Container>
      <CampaignPreviewCard id={c.id} />
      <Container className="p-0">
        <div className="px-6 py-4">
          <Heading level="h2">Content</Heading>
        </div>
        {/* The HTML as sanitised and stored by the API, as source: it is rendered only in the preview's sandboxed frame. */}
        <pre className="txt-compact-small bg-ui-bg-subtle mx-6 mb-6 overflow-auto whitespace-pre-wrap rounded-md p-4" data-testid="campaign-content">
          {c.content}
        </pre>
      </Container>
    </>
  )
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="txt-compact-xsmall-plus text-ui-fg-subtle">{label}</dt>
      <dd className="txt-compact-small">{children}</dd>
    </div>
  )
}
