import { Label, Switch, Text } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import { EMAIL_DIGEST_FREQUENCIES } from "../../../../../src/lib/organization-settings"
import type { NotificationSettings } from "../../../../../src/sdk"
import { formErrorsOf, noErrors, type FormErrors } from "../../../../shared/form-errors"
import { statusLabel } from "../../../../shared/format"
import { NativeSelect } from "../../../../shared/native-select"
import { useAsync } from "../../../../shared/use-async"
import { api } from "../../api"
import { Field, FormError, SaveBar } from "../../components/field"
import { useOrganization } from "../../session"
import { LoadedSettings, SettingsLayout } from "./settings-layout"

const TOGGLES = [
  ["email_orders", "New orders", "An email to the owners for every paid order."],
  ["email_marketing", "Marketing", "News and tips from Atelier."],
] as const

function NotificationsForm({ initial }: { initial: NotificationSettings }) {
  const { isOwner } = useOrganization()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState(false)
  const edit = (change: Partial<NotificationSettings>) => {
    setValues((current) => ({ ...current, ...change }))
    setSaved(false)
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    try {
      setValues((await api.settings.notifications.update(values)).settings)
      setErrors(noErrors)
      setSaved(true)
    } catch (error) {
      setErrors(formErrorsOf(error, ["email_orders", "email_marketing", "email_digest"]))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Notification settings" className="flex flex-col gap-5 px-6 py-4">
      <fieldset disabled={!isOwner} className="flex flex-col gap-4">
        {TOGGLES.map(([field, label, description]) => (
          <div key={field} className="flex items-start gap-3">
            <Switch id={field} checked={values[field]} disabled={!isOwner} onCheckedChange={(checked) => edit({ [field]: checked })} />
            <div className="flex flex-col">
              <Label htmlFor={field} size="small" weight="plus">
                {label}
              </Label>
              <Text size="xsmall" className="text-ui-fg-subtle">
                {description}
              </Text>
              {errors.fields[field] && (
                <Text size="xsmall" className="text-ui-fg-error" data-field-error={field}>
                  {errors.fields[field]}
                </Text>
              )}
            </div>
          </div>
        ))}
        <div className="w-60">
          <Field id="email_digest" label="Sales digest" error={errors.fields.email_digest}>
            <NativeSelect id="email_digest" value={values.email_digest} onChange={(e) => edit({ email_digest: e.target.value as NotificationSettings["email_digest"] })}>
              {EMAIL_DIGEST_FREQUENCIES.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {frequency === "none" ? "Never" : statusLabel(frequency)}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
      </fieldset>
      <FormError message={errors.form} />
      {isOwner && <SaveBar saved={saved} busy={busy} />}
    </form>
  )
}

export function NotificationSettingsPage() {
  const settings = useAsync(() => api.settings.notifications.retrieve().then((r) => r.settings), [])
  return (
    <SettingsLayout>
      <LoadedSettings state={settings} loadingLabel="Loading the notification settings" errorTitle="The settings could not be loaded">
        {(data) => <NotificationsForm initial={data} />}
      </LoadedSettings>
    </SettingsLayout>
  )
}
