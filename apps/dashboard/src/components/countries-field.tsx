import { XMarkMini } from "@medusajs/icons"
import { Button, IconButton, Text } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { countryChoices, countryName } from "../../../../src/lib/countries"
import { NativeSelect } from "../../../shared/native-select"
import { Field } from "./field"

const locale = () => (typeof navigator === "undefined" ? "en" : navigator.language || "en")

/**
 * Several countries chosen from the list of ISO countries by name, their codes behind them (`value`, in the order
 * chosen): a select of the countries not chosen yet (the platform's own picker: typing a name's first letters jumps
 * to it) with an "Add" button (or Enter), and the chosen ones as chips, each with its remove button. The select has
 * the field's `id` and label, and the message about the field sits underneath (`data-field-error`).
 */
export function CountriesField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  disabled,
}: {
  id: string
  label: string
  hint?: string
  error?: string
  value: string[]
  onChange: (codes: string[]) => void
  disabled?: boolean
}) {
  const choices = useMemo(() => countryChoices(locale()), [])
  const [pick, setPick] = useState("")
  // Said by screen readers after a country is added or removed (the list itself changes silently).
  const [said, setSaid] = useState("")
  const chosen = new Set(value)
  // Back to the list after adding (the next country) or removing (the chip's button goes).
  const focusList = () => document.getElementById(id)?.focus()

  const add = () => {
    if (!pick || chosen.has(pick)) return
    onChange([...value, pick])
    setSaid(`${countryName(pick, locale())} added`)
    setPick("")
    focusList()
  }
  const remove = (code: string) => {
    onChange(value.filter((chosenCode) => chosenCode !== code))
    setSaid(`${countryName(code, locale())} removed`)
    focusList()
  }

  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <div className="flex gap-2">
        <NativeSelect
          id={id}
          className="min-w-0"
          value={pick}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setPick(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault()
              add()
            }
          }}
        >
          <option value="">Choose a country to add</option>
          {choices
            .filter((choice) => !chosen.has(choice.code))
            .map((choice) => (
              <option key={choice.code} value={choice.code}>
                {choice.name}
              </option>
            ))}
        </NativeSelect>
        <Button type="button" variant="secondary" size="small" className="h-8 shrink-0" disabled={disabled || !pick} onClick={add}>
          Add
        </Button>
      </div>
      {value.length > 0 ? (
        <ul aria-label={`${label} chosen`} className="flex flex-wrap gap-1.5" data-countries={value.join(",")}>
          {value.map((code) => {
            const name = countryName(code, locale())
            return (
              <li
                key={code}
                data-country={code}
                className={`bg-ui-bg-component border-ui-border-base txt-compact-small inline-flex items-center gap-1 rounded-full border py-0.5 pl-2.5 pr-0.5 ${disabled ? "text-ui-fg-disabled" : ""}`}
              >
                <span>
                  {name}
                  {name !== code && <span className="text-ui-fg-muted"> {code}</span>}
                </span>
                <IconButton
                  type="button"
                  size="2xsmall"
                  variant="transparent"
                  className="rounded-full"
                  aria-label={`Remove ${name}`}
                  disabled={disabled}
                  onClick={() => remove(code)}
                >
                  <XMarkMini />
                </IconButton>
              </li>
            )
          })}
        </ul>
      ) : (
        !disabled && (
          <Text size="xsmall" className="text-ui-fg-muted">
            No country chosen yet.
          </Text>
        )
      )}
      <span role="status" className="sr-only">
        {said}
      </span>
    </Field>
  )
}
