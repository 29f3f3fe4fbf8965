import { Label, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A labelled input with the API's message for it underneath. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string
  label: string
  error?: string | null
  hint?: string
  children: ReactNode
}) {
  return (
    <div className="flex flex-col gap-y-1.5">
      <Label htmlFor={id} size="small" weight="plus">
        {label}
      </Label>
      {children}
      {hint && !error && (
        <Text size="xsmall" className="text-ui-fg-subtle">
          {hint}
        </Text>
      )}
      {error && (
        <Text size="xsmall" className="text-ui-fg-error" role="alert" id={`${id}-error`} data-testid={`${id}-error`}>
          {error}
        </Text>
      )}
    </div>
  )
}
