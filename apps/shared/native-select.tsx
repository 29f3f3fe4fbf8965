import type { SelectHTMLAttributes } from "react"

/**
 * A native <select> dressed as Medusa UI's inputs. Medusa UI's own Select brings a popover stack (Radix, Floating UI,
 * about 130 kB of JavaScript before compression): too much for a storefront's first page. Native, it is also the
 * platform's own picker on phones. Refused (aria-invalid), it wears the error border as Medusa UI's inputs do.
 */
export function NativeSelect({ className = "", children, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select
      {...props}
      className={`bg-ui-bg-field hover:bg-ui-bg-field-hover shadow-borders-base text-ui-fg-base txt-compact-small focus-visible:shadow-borders-interactive-with-active aria-[invalid=true]:!shadow-borders-error h-8 w-full appearance-none rounded-md bg-[length:16px] bg-[right_8px_center] bg-no-repeat px-2 pr-8 outline-none ${className}`}
      style={{
        // A chevron drawn in the field's muted foreground colour.
        backgroundImage:
          "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16' fill='none' stroke='%23a1a1aa' stroke-width='1.5'%3E%3Cpath d='M4 6l4 4 4-4'/%3E%3C/svg%3E\")",
        ...props.style,
      }}
    >
      {children}
    </select>
  )
}
