import { Button, Code, Text } from "@medusajs/ui"
import { useState, type ReactNode } from "react"

/**
 * A secret the API shows only once (a new API key, a webhook endpoint's signing secret), with a copy button. The
 * clipboard needs a secure context (https or localhost) and the page's focus; where the browser refuses, the value
 * stays selectable and the panel says so. `testId` and `valueTestId` name the panel and the value for tests.
 */
export function ShownOnce({
  value,
  noun,
  children,
  testId,
  valueTestId,
  onDone,
}: {
  value: string
  /** What the value is, in the refusal's words: "key", "secret". */
  noun: string
  /** The heading: what to do with the value. */
  children: ReactNode
  testId: string
  valueTestId: string
  onDone: () => void
}) {
  const [copied, setCopied] = useState<boolean | null>(null)
  const copy = async () => {
    setCopied(await navigator.clipboard?.writeText(value).then(() => true, () => false) ?? false)
  }
  return (
    <div className="bg-ui-bg-subtle flex flex-col gap-3 px-6 py-4" data-testid={testId}>
      <Text size="small" weight="plus">
        {children}
      </Text>
      <div className="flex flex-wrap items-center gap-2">
        <Code className="break-all" data-testid={valueTestId}>
          {value}
        </Code>
        <Button size="small" variant="secondary" onClick={copy}>
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      {copied === false && (
        <Text size="xsmall" role="alert" className="text-ui-fg-subtle">
          This browser did not allow copying: select the {noun} and copy it.
        </Text>
      )}
      <div>
        <Button size="small" variant="transparent" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </div>
  )
}
