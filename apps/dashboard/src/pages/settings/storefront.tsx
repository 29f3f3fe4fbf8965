import { Input, Text, Textarea } from "@medusajs/ui"
import { useState } from "react"
import { CUSTOM_COLOR_NAMES, SOCIAL_NETWORKS, STOREFRONT_THEMES } from "../../../../../src/lib/organization-settings"
import type { StorefrontSettings } from "../../../../../src/sdk"
import { useForm } from "../../../../shared/use-form"
import { statusLabel } from "../../../../shared/format"
import { NativeSelect } from "../../../../shared/native-select"
import { useAsync } from "../../../../shared/use-async"
import { api } from "../../api"
import { Field, FormError, SaveBar } from "../../components/field"
import { useOrganization } from "../../session"
import { LoadedSettings, SettingsLayout } from "./settings-layout"

const FIELDS = [
  "bio",
  "theme",
  "social_links",
  "custom_colors",
  ...SOCIAL_NETWORKS.map((network) => `social_links.${network}`),
  ...CUSTOM_COLOR_NAMES.map((name) => `custom_colors.${name}`),
]

/** The entries that were filled in (an emptied link is removed: the API replaces the whole object). */
const filled = (entries: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(entries).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim())))

function StorefrontForm({ initial, onSaved }: { initial: StorefrontSettings; onSaved: (settings: StorefrontSettings) => void }) {
  const { isOwner } = useOrganization()
  const [values, setValues] = useState(initial)
  const { errors, busy, onSubmit } = useForm(FIELDS)
  const [saved, setSaved] = useState(false)
  const edit = (change: Partial<StorefrontSettings>) => {
    setValues((current) => ({ ...current, ...change }))
    setSaved(false)
  }

  const submit = onSubmit(async () => {
    const { settings } = await api.settings.storefront.update({
      bio: values.bio,
      theme: values.theme,
      social_links: filled(values.social_links),
      custom_colors: filled(values.custom_colors),
    })
    setSaved(true)
    onSaved(settings)
  })

  return (
    <form onSubmit={submit} noValidate aria-label="Storefront settings" className="flex flex-col gap-5 px-6 py-4">
      <fieldset disabled={!isOwner} className="flex flex-col gap-5">
        <Field id="bio" label="Bio" optional error={errors.fields.bio} hint="Shown on your storefront's about section.">
          <Textarea id="bio" rows={4} value={values.bio} onChange={(e) => edit({ bio: e.target.value })} />
        </Field>
        <div className="w-60">
          <Field id="theme" label="Theme" error={errors.fields.theme}>
            <NativeSelect id="theme" value={values.theme} onChange={(e) => edit({ theme: e.target.value as StorefrontSettings["theme"] })}>
              {STOREFRONT_THEMES.map((theme) => (
                <option key={theme} value={theme}>
                  {statusLabel(theme)}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <div className="flex flex-col gap-2">
          <Text size="small" weight="plus">
            Social links
          </Text>
          {errors.fields.social_links && (
            <Text size="small" className="text-ui-fg-error" data-field-error="social_links">
              {errors.fields.social_links}
            </Text>
          )}
          <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
            {SOCIAL_NETWORKS.map((network) => (
              <Field key={network} id={`social_links.${network}`} label={statusLabel(network)} error={errors.fields[`social_links.${network}`]}>
                <Input
                  id={`social_links.${network}`}
                  size="small"
                  placeholder="https://…"
                  value={values.social_links[network] ?? ""}
                  onChange={(e) => edit({ social_links: { ...values.social_links, [network]: e.target.value } })}
                />
              </Field>
            ))}
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <Text size="small" weight="plus">
            Colours
          </Text>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
            {CUSTOM_COLOR_NAMES.map((name) => {
              const value = values.custom_colors[name] ?? ""
              return (
                <Field key={name} id={`custom_colors.${name}`} label={statusLabel(name)} error={errors.fields[`custom_colors.${name}`]}>
                  <div className="flex items-center gap-2">
                    <span className="shadow-borders-base size-6 shrink-0 rounded" style={{ background: /^#[0-9a-f]{3,6}$/i.test(value) ? value : "transparent" }} />
                    <Input
                      id={`custom_colors.${name}`}
                      size="small"
                      placeholder="#rrggbb"
                      value={value}
                      onChange={(e) => edit({ custom_colors: { ...values.custom_colors, [name]: e.target.value } })}
                    />
                  </div>
                </Field>
              )
            })}
          </div>
        </div>
      </fieldset>
      <FormError message={errors.form} />
      {isOwner && <SaveBar saved={saved} busy={busy} />}
    </form>
  )
}

export function StorefrontSettingsPage() {
  const settings = useAsync(() => api.settings.storefront.retrieve().then((r) => r.settings), [])
  return (
    <SettingsLayout>
      <LoadedSettings state={settings} loadingLabel="Loading the storefront settings" errorTitle="The settings could not be loaded">
        {(data) => <StorefrontForm initial={data} onSaved={settings.setData} />}
      </LoadedSettings>
    </SettingsLayout>
  )
}
