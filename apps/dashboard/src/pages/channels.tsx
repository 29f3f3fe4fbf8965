import { Button, Container, Heading, Input, Text, usePrompt } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import type { Channel, ChannelConnection } from "../../../../src/sdk"
import { formErrorsOf, noErrors, type FormErrors } from "../../../shared/form-errors"
import { dateTime } from "../../../shared/format"
import { useRouter } from "../../../shared/router"
import { Status } from "../../../shared/status"
import { useAsync } from "../../../shared/use-async"
import { api } from "../api"
import { Field, FormError } from "../components/field"
import { PageHeader } from "../components/page-header"
import { ErrorState, LoadingState } from "../components/states"
import { useOrganization } from "../session"

const NAMES: Record<Channel, string> = { etsy: "Etsy", gumroad: "Gumroad" }

function GumroadConnectForm({ onConnected }: { onConnected: (connection: ChannelConnection) => void }) {
  const [token, setToken] = useState("")
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    try {
      const { connection } = await api.channels.connectGumroad({ access_token: token })
      setToken("")
      setErrors(noErrors)
      onConnected(connection)
    } catch (error) {
      // Gumroad's refusal names the token too (field access_token): shown next to it.
      setErrors(formErrorsOf(error, ["access_token"]))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Connect Gumroad" className="flex flex-col gap-3">
      <Field
        id="gumroad-token"
        label="Gumroad access token"
        error={errors.fields.access_token}
        hint="Gumroad → Settings → Advanced → Applications: create an application and generate an access token."
      >
        <Input id="gumroad-token" type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} />
      </Field>
      <FormError message={errors.form} />
      <div>
        <Button type="submit" size="small" isLoading={busy}>
          Connect Gumroad
        </Button>
      </div>
    </form>
  )
}

function ChannelCard({
  connection,
  isOwner,
  onChange,
}: {
  connection: ChannelConnection
  isOwner: boolean
  onChange: (connection: ChannelConnection) => void
}) {
  const prompt = usePrompt()
  const name = NAMES[connection.channel]
  const [message, setMessage] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState<"connect" | "import" | null>(null)
  const connected = connection.status === "connected"

  const run = async (action: "connect" | "import", work: () => Promise<void>) => {
    setBusy(action)
    setError(null)
    setMessage(null)
    try {
      await work()
    } catch (caught) {
      setError((caught as Error).message)
    } finally {
      setBusy(null)
    }
  }
  const connectEtsy = () =>
    run("connect", async () => {
      const { url } = await api.channels.etsyAuthorizationUrl()
      // Etsy's page, then Etsy sends the browser back to the server's callback, which returns here.
      window.location.assign(url)
    })
  const importListings = () =>
    run("import", async () => {
      const result = await api.channels.import(connection.channel)
      setMessage(
        `${result.created} ${result.created === 1 ? "product" : "products"} imported as drafts` +
          (result.already_imported ? ` (${result.already_imported} imported before)` : "") +
          "."
      )
    })
  const disconnect = async () => {
    const confirmed = await prompt({
      title: `Disconnect ${name}?`,
      description: `Atelier forgets the ${name} access. Products imported from it stay.`,
      confirmText: "Disconnect",
      cancelText: "Cancel",
    })
    if (!confirmed) return
    await run("connect", async () => {
      const answer = await api.channels.disconnect(connection.channel)
      onChange(answer.connection)
      if (answer.revocation === "failed") setMessage(`Revoke Atelier's access in your ${name} settings too: ${name} did not confirm it.`)
    })
  }

  return (
    <Container className="flex flex-col gap-4 p-6" data-channel={connection.channel}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <div className="flex items-center gap-2">
            <Heading level="h2">{name}</Heading>
            <Status status={connection.status} />
          </div>
          <Text size="small" className="text-ui-fg-subtle">
            {connection.shop_name ? `Shop: ${connection.shop_name}` : connected ? `Shop ${connection.shop_id}` : "Not connected"}
            {connection.connected_at && connection.status !== "not_connected" && ` · connected ${dateTime(connection.connected_at)}`}
          </Text>
        </div>
        <div className="flex gap-2">
          {connected && (
            <Button size="small" variant="secondary" onClick={importListings} isLoading={busy === "import"}>
              Import products
            </Button>
          )}
          {isOwner && connection.status !== "not_connected" && connection.status !== "disconnected" && (
            <Button size="small" variant="danger" onClick={disconnect} isLoading={busy === "connect" && connected}>
              Disconnect
            </Button>
          )}
          {isOwner && connection.channel === "etsy" && !connected && (
            <Button size="small" onClick={connectEtsy} isLoading={busy === "connect"}>
              {connection.status === "expired" ? "Reconnect Etsy" : "Connect Etsy"}
            </Button>
          )}
        </div>
      </div>
      {message && (
        <Text size="small" role="status" data-testid={`${connection.channel}-message`}>
          {message}
        </Text>
      )}
      <FormError message={error} />
      {isOwner && connection.channel === "gumroad" && !connected && <GumroadConnectForm onConnected={onChange} />}
    </Container>
  )
}

/** /channels (also /settings/channels, where Etsy's callback returns): the marketplaces' connections. */
export function ChannelsPage() {
  const { isOwner } = useOrganization()
  const { query } = useRouter()
  const connections = useAsync(() => api.channels.list().then((r) => r.connections), [])
  const returned = query.get("status") === "connected" && query.get("channel")
  const replace = (connection: ChannelConnection) =>
    connections.status === "success" && connections.setData(connections.data.map((c) => (c.channel === connection.channel ? connection : c)))
  return (
    <>
      <Container className="p-0">
        <PageHeader title="Channels" subtitle="Your shops on other marketplaces: connect them and import their listings as draft products." />
        {!isOwner && (
          <Text size="small" role="note" className="text-ui-fg-subtle px-6 pb-4">
            Only the organization's owners can connect and disconnect marketplaces; you can import from connected ones.
          </Text>
        )}
        {returned && (
          <Text size="small" role="status" className="px-6 pb-4">
            {NAMES[returned as Channel] ?? returned} is connected.
          </Text>
        )}
      </Container>
      {connections.status === "loading" && <LoadingState label="Loading channels" rows={2} />}
      {connections.status === "error" && <ErrorState title="Channels could not be loaded" error={connections.error} onRetry={connections.reload} />}
      {connections.status === "success" &&
        connections.data.map((connection) => (
          <ChannelCard key={connection.channel} connection={connection} isOwner={isOwner} onChange={replace} />
        ))}
    </>
  )
}
