import { Button, Checkbox, Label, Text } from "@medusajs/ui"

export { Field, FormError } from "../../../shared/field"

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
