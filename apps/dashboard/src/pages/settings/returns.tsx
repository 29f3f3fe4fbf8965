import { Input, Text } from "@medusajs/ui"
import { useState } from "react"
import { ReturnWindowSchema } from "../../../../../src/lib/form-schemas"
import type { ReturnSettings } from "../../../../../src/sdk"
import { useAsync } from "../../../../shared/use-async"
import { useForm } from "../../../../shared/use-form"
import { api } from "../../api"
import { Field, FormError, SaveBar } from "../../components/field"
import { useOrganization } from "../../session"
import { LoadedSettings } from "./settings-layout"

// Settings -> Shipping -> Returns (docs/returns.md): how many days after shipping a customer may ask for a return of a
// gallery order (0: no returns). Every member reads it; owners change it.

const FIELDS = ["return_window_days"] as const

function ReturnWindowForm({ initial }: { initial: ReturnSettings }) {
  const { isOwner } = useOrganization()
  const [days, setDays] = useState(String(initial.return_window_days))
  const [saved, setSaved] = useState(false)
  const { errors, busy, onSubmit } = useForm(FIELDS)
  const value = () => ({ return_window_days: days.trim() === "" ? Number.NaN : Number(days) })
  const submit = onSubmit(
    async () => {
      const { settings } = await api.settings.returns.update(value())
      setDays(String(settings.return_window_days))
      setSaved(true)
    },
    () => ({ checks: [ReturnWindowSchema.safeParse(value())] })
  )
  return (
    <form onSubmit={submit} noValidate aria-label="Returns" className="flex flex-col gap-4 px-6 py-4">
      <div className="flex flex-col gap-1">
        <Text size="small" weight="plus">
          Returns
        </Text>
        <Text size="small" className="text-ui-fg-subtle">
          Gallery customers may ask you to take items back from their order's tracking page for this many days after you
          ship. You accept or refuse each request on the order's page; 0 takes no returns.
        </Text>
      </div>
      <fieldset disabled={!isOwner} className="w-60">
        <Field id="return_window_days" label="Return window (days)" error={errors.fields.return_window_days}>
          <Input
            id="return_window_days"
            type="number"
            min={0}
            max={365}
            inputMode="numeric"
            aria-invalid={errors.fields.return_window_days ? true : undefined}
            aria-describedby={errors.fields.return_window_days ? "return_window_days-error" : undefined}
            value={days}
            onChange={(e) => {
              setDays(e.target.value)
              setSaved(false)
            }}
          />
        </Field>
      </fieldset>
      <FormError message={errors.form} />
      {isOwner && <SaveBar saved={saved} busy={busy} />}
    </form>
  )
}

/** The return window section of the shipping settings. */
export function ReturnWindowSection() {
  const settings = useAsync(() => api.settings.returns.retrieve().then((r) => r.settings), [])
  return (
    <LoadedSettings state={settings} loadingLabel="Loading your return window" errorTitle="The return window could not be loaded">
      {(data) => <ReturnWindowForm initial={data} />}
    </LoadedSettings>
  )
}
