import { Input } from "@medusajs/ui"
import { useState } from "react"
import type { AccountSettings } from "../../../../../src/sdk"
import { useForm } from "../../../../shared/use-form"
import { useAsync } from "../../../../shared/use-async"
import { api } from "../../api"
import { Field, FormError, SaveBar } from "../../components/field"
import { Thumbnail } from "../../components/thumbnail"
import { useOrganization } from "../../session"
import { LoadedSettings, SettingsLayout } from "./settings-layout"

const FIELDS = ["display_name", "email", "avatar_url"] as const
type Values = Record<(typeof FIELDS)[number], string>

function AccountForm({ initial }: { initial: AccountSettings }) {
  const organization = useOrganization()
  const [values, setValues] = useState<Values>({
    display_name: initial.display_name ?? "",
    email: initial.email ?? "",
    avatar_url: initial.avatar_url ?? "",
  })
  const { errors, busy, onSubmit } = useForm(FIELDS)
  const [saved, setSaved] = useState(false)

  const submit = onSubmit(async () => {
    // A blank field puts the setting back to its default (null).
    const blankIsNull = (value: string) => (value.trim() ? value : null)
    const { settings } = await api.settings.account.update({
      display_name: blankIsNull(values.display_name),
      email: blankIsNull(values.email),
      avatar_url: blankIsNull(values.avatar_url),
    })
    setValues({ display_name: settings.display_name ?? "", email: settings.email ?? "", avatar_url: settings.avatar_url ?? "" })
    setSaved(true)
  })
  const input = (field: keyof Values) => ({
    id: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => {
      setValues({ ...values, [field]: e.target.value })
      setSaved(false)
    },
  })

  return (
    <form onSubmit={submit} noValidate aria-label="Account settings" className="flex flex-col gap-5 px-6 py-4">
      <fieldset disabled={!organization.isOwner} className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Field id="display_name" label="Display name" optional error={errors.fields.display_name} hint="The artist name your customers see.">
          <Input {...input("display_name")} placeholder={organization.name} />
        </Field>
        <Field id="email" label="Contact email" optional error={errors.fields.email} hint="Where customers and Atelier reach your studio.">
          <Input {...input("email")} type="email" />
        </Field>
        <Field id="avatar_url" label="Avatar URL" optional error={errors.fields.avatar_url}>
          <div className="flex items-center gap-3">
            <Thumbnail src={values.avatar_url || undefined} title={values.display_name || organization.name} className="size-8" />
            <Input {...input("avatar_url")} placeholder="https://…" />
          </div>
        </Field>
      </fieldset>
      <FormError message={errors.form} />
      {organization.isOwner && <SaveBar saved={saved} busy={busy} />}
    </form>
  )
}

export function AccountSettingsPage() {
  const settings = useAsync(() => api.settings.account.retrieve().then((r) => r.settings), [])
  return (
    <SettingsLayout>
      <LoadedSettings state={settings} loadingLabel="Loading the account settings" errorTitle="The settings could not be loaded">
        {(data) => <AccountForm initial={data} />}
      </LoadedSettings>
    </SettingsLayout>
  )
}
