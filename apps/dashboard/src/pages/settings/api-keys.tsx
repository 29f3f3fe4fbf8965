import { Badge, Button, Input, Text, usePrompt } from "@medusajs/ui"
import { useState } from "react"
import { API_SCOPES } from "../../../../../src/lib/api-scopes"
import { ApiKeyFormSchema } from "../../../../../src/lib/form-schemas"
import type { ApiKey, CreateApiKeyRequest } from "../../../../../src/sdk"
import { dateTime } from "../../../../shared/format"
import { NativeSelect } from "../../../../shared/native-select"
import { useAsync } from "../../../../shared/use-async"
import { useForm } from "../../../../shared/use-form"
import { api } from "../../api"
import { CheckboxGroup, Field, FormError } from "../../components/field"
import { ShownOnce } from "../../components/shown-once"
import { EmptyState, ErrorState, LoadingState } from "../../components/states"
import { Table } from "../../components/table"
import { useOrganization } from "../../session"
import { SettingsLayout } from "./settings-layout"

function CreateKeyForm({ onCreated }: { onCreated: (created: { api_key: ApiKey; key: string }) => void }) {
  const [name, setName] = useState("")
  const [scopes, setScopes] = useState<string[]>(["read:products", "read:orders"])
  const [environment, setEnvironment] = useState("live")
  const { errors, busy, onSubmit } = useForm(["name", "scopes", "environment"] as const)
  // Name and scopes checked as the server checks them (src/lib/form-schemas.ts); what was chosen goes as chosen.
  const submit = onSubmit(
    async () => {
      onCreated(await api.settings.apiKeys.create({ name, scopes, environment } as CreateApiKeyRequest))
      setName("")
    },
    { checks: [ApiKeyFormSchema.safeParse({ name, scopes })] }
  )
  return (
    <form onSubmit={submit} noValidate aria-label="Create API key" className="flex flex-col gap-4 px-6 py-4">
      <Text size="small" weight="plus">
        Create a key
      </Text>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Field id="key-name" label="Name" error={errors.fields.name} hint="What uses it: your site, a script, an integration.">
          <Input id="key-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="My website" />
        </Field>
        <Field id="key-environment" label="Environment" error={errors.fields.environment}>
          <NativeSelect id="key-environment" value={environment} onChange={(e) => setEnvironment(e.target.value)}>
            <option value="live">Live (atl_live_…)</option>
            <option value="sandbox">Sandbox (atl_test_…)</option>
          </NativeSelect>
        </Field>
      </div>
      <CheckboxGroup
        legend="Scopes"
        name="scopes"
        idPrefix="scope"
        errorId="key-scopes-error"
        options={API_SCOPES}
        selected={scopes}
        onChange={setScopes}
        error={errors.fields.scopes}
      />
      <FormError message={errors.form} />
      <div className="flex justify-end">
        <Button type="submit" size="small" isLoading={busy}>
          Create key
        </Button>
      </div>
    </form>
  )
}

export function ApiKeysPage() {
  const { isOwner } = useOrganization()
  const prompt = usePrompt()
  // Only owners may list keys (a plain member's request would be refused).
  const keys = useAsync(() => (isOwner ? api.settings.apiKeys.list().then((r) => r.api_keys) : Promise.resolve(null)), [isOwner])
  const [created, setCreated] = useState<{ api_key: ApiKey; key: string } | null>(null)
  const [revokeError, setRevokeError] = useState<string | null>(null)

  const revoke = async (key: ApiKey) => {
    const confirmed = await prompt({
      title: `Revoke ${key.name}?`,
      description: "Requests with this key are refused from now on. This cannot be undone.",
      confirmText: "Revoke",
      cancelText: "Cancel",
    })
    if (!confirmed) return
    try {
      await api.settings.apiKeys.revoke(key.id)
      setRevokeError(null)
      keys.reload()
    } catch (error) {
      setRevokeError((error as Error).message)
    }
  }

  return (
    <SettingsLayout ownerOnlyNote={false}>
      <div className="flex flex-col gap-1 px-6 py-4">
        <Text size="small" className="text-ui-fg-subtle">
          Keys let your own site, scripts and integrations use the platform API (<code>/v1</code>) for your organization.
        </Text>
      </div>
      {!isOwner && (
        <Text size="small" role="note" className="text-ui-fg-subtle px-6 py-4">
          Only the organization's owners can see and manage API keys.
        </Text>
      )}
      {isOwner && keys.status === "loading" && (
        <div className="p-6">
          <LoadingState label="Loading API keys" />
        </div>
      )}
      {isOwner && keys.status === "error" && <ErrorState title="API keys could not be loaded" error={keys.error} onRetry={keys.reload} inline />}
      {isOwner && created && (
        <ShownOnce value={created.key} noun="key" testId="new-api-key" valueTestId="api-key-value" onDone={() => setCreated(null)}>
          {created.api_key.name}: copy this key now. It is shown only once.
        </ShownOnce>
      )}
      {isOwner && keys.status === "success" && keys.data && (
        <>
          {keys.data.length === 0 ? (
            <EmptyState title="No API keys yet">
              <Text size="small" className="text-ui-fg-subtle">
                Create one below; it is shown once.
              </Text>
            </EmptyState>
          ) : (
            <Table>
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>Name</Table.HeaderCell>
                  <Table.HeaderCell>Key</Table.HeaderCell>
                  <Table.HeaderCell>Scopes</Table.HeaderCell>
                  <Table.HeaderCell>Created</Table.HeaderCell>
                  <Table.HeaderCell>Last used</Table.HeaderCell>
                  <Table.HeaderCell />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {keys.data.map((key) => (
                  <Table.Row key={key.id} data-api-key={key.name}>
                    <Table.Cell>
                      <div className="flex items-center gap-2">
                        {key.name}
                        <Badge size="2xsmall" color={key.environment === "live" ? "green" : "orange"}>
                          {key.environment}
                        </Badge>
                      </div>
                    </Table.Cell>
                    <Table.Cell>
                      <code className="txt-compact-small">{key.prefix}…</code>
                    </Table.Cell>
                    <Table.Cell>
                      <Text size="xsmall">{key.scopes.join(", ")}</Text>
                    </Table.Cell>
                    <Table.Cell>{dateTime(key.created_at)}</Table.Cell>
                    <Table.Cell>{key.last_used_at ? dateTime(key.last_used_at) : "Never"}</Table.Cell>
                    <Table.Cell className="text-right">
                      {key.revoked_at ? (
                        <Badge size="2xsmall" color="red" data-revoked>
                          Revoked
                        </Badge>
                      ) : (
                        <Button size="small" variant="transparent" onClick={() => revoke(key)}>
                          Revoke
                        </Button>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          )}
          <FormError message={revokeError} />
          <CreateKeyForm
            onCreated={(answer) => {
              setCreated(answer)
              keys.reload()
            }}
          />
        </>
      )}
    </SettingsLayout>
  )
}
