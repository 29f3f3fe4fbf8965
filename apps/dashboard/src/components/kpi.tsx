import { Container, Heading, Text } from "@medusajs/ui"

/** One figure in a card, as the admin's overview cards show them. */
export function Kpi({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Container className="flex flex-col gap-1 px-6 py-4">
      <Text size="small" className="text-ui-fg-subtle">
        {label}
      </Text>
      <Heading level="h2" data-testid={testId}>
        {value}
      </Heading>
    </Container>
  )
}
