import { Hint, Label } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A labelled form field with the API's message about it underneath. */
export function Field({ id, label, error, children, optional }: { id: string; label: string; error?: string; children: ReactNode; optional?: boolean }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} size="small" weight="plus">
        {label}
        {optional && <span className="text-ui-fg-muted font-normal"> (optional)</span>}
      </Label>
      {children}
      {error && (
        <Hint id={`${id}-error`} variant="error" data-field-error={id}>
          {error}
        </Hint>
      )}
    </div>
  )
}

/** A message about the whole form (or a part without its own field). */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null
  return (
    <div role="alert" className="bg-ui-bg-base border-ui-border-error text-ui-fg-error txt-compact-small rounded-md border px-3 py-2">
      {message}
    </div>
  )
}
