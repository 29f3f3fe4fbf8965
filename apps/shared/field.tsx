import { Hint, Label } from "@medusajs/ui"
import type { ReactNode } from "react"

// The form field of both apps (apps/shared: written once); `data-field-error` and `data-form-error` name what the
// browser journeys look for.

/** A labelled form field with the message about it underneath (`data-field-error` names the field for tests). */
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
