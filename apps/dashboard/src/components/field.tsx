import { Button, Checkbox, Hint, Label, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A labelled form field with the API's message about it underneath (`data-field-error` names the field for tests). */
export function Field({
  id,
  label,
  error,
  hint,
  optional,
  children,
}: {
  id: string
  label: string
  error?: string
  hint?: ReactNode
  optional?: boolean
  children: ReactNode
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} size="small" weight="plus">
        {label}
        {optional && <span className="text-ui-fg-muted font-normal"> (optional)</span>}
      </Label>
      {children}
      {hint && !error && <Hint>{hint}</Hint>}
      {error && (
        <Hint id={`${id}-error`} variant="error" data-field-error={id}>
          {error}
        </Hint>
      )}
    </div>
  )
}

/** A message about the whole form (or about a part without its own field). */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null
  return (
    <div role="alert" data-form-error className="bg-ui-bg-base border-ui-border-error text-ui-fg-error txt-compact-small rounded-md border px-3 py-2">
      {message}
    </div>
  )
}

/**
 * Checkboxes choosing some of `options` (each `<idPrefix>-<option>`), with the API's message about field `name`
 * underneath (`<errorId>`, `data-field-error`).
 */
export function CheckboxGroup({
  legend,
  name,
  idPrefix,
  errorId,
  options,
  selected,
  onChange,
  error,
}: {
  legend: string
  name: string
  idPrefix: string
  errorId: string
  options: readonly string[]
  selected: string[]
  onChange: (selected: string[]) => void
  error?: string
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="txt-compact-small-plus mb-1">{legend}</legend>
      <div className="flex flex-wrap gap-4">
        {options.map((option) => (
          <div key={option} className="flex items-center gap-2">
            <Checkbox
              id={`${idPrefix}-${option}`}
              checked={selected.includes(option)}
              onCheckedChange={(checked) => onChange(checked === true ? [...selected, option] : selected.filter((o) => o !== option))}
            />
            <Label htmlFor={`${idPrefix}-${option}`} size="small">
              {option}
            </Label>
          </div>
        ))}
      </div>
      {error && (
        <Text size="xsmall" id={errorId} className="text-ui-fg-error" data-field-error={name}>
          {error}
        </Text>
      )}
    </fieldset>
  )
}

/** A settings form's Save button, with "Saved." beside it after a successful save. */
export function SaveBar({ saved, busy }: { saved: boolean; busy: boolean }) {
  return (
    <div className="flex items-center justify-end gap-3">
      {saved && (
        <Text size="small" role="status" className="text-ui-fg-subtle">
          Saved.
        </Text>
      )}
      <Button type="submit" size="small" isLoading={busy}>
        Save
      </Button>
    </div>
  )
}
