import { Badge, Button, Heading, Input, Text } from "@medusajs/ui"
import { useState, type FormEvent, type ReactNode } from "react"
import { formErrorsOf, noErrors, type FormErrors } from "../../../shared/form-errors"
import { Link } from "../../../shared/router"
import { useCart } from "../cart-context"
import { sdk } from "../sdk"
import { Field } from "./field"

function NewsletterForm() {
  const [email, setEmail] = useState("")
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const [done, setDone] = useState(false)
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    try {
      await sdk.gallery.newsletter.subscribe({ email })
      setDone(true)
      setErrors(noErrors)
    } catch (error) {
      // The newsletter form has one field: every message is about it.
      setErrors({ fields: { email: formErrorsOf(error, ["email"]).fields.email ?? (error as Error).message }, form: null })
    } finally {
      setBusy(false)
    }
  }
  if (done) return <Text size="small">Thank you: you are subscribed.</Text>
  return (
    <form onSubmit={submit} noValidate className="flex items-start gap-2" aria-label="Newsletter">
      <div className="w-64">
        <Field id="newsletter-email" label="Newsletter" error={errors.fields.email}>
          <Input id="newsletter-email" type="email" placeholder="you@example.com" value={email} onChange={(e) => setEmail(e.target.value)} size="small" />
        </Field>
      </div>
      <Button type="submit" size="small" variant="secondary" isLoading={busy} className="mt-6">
        Subscribe
      </Button>
    </form>
  )
}

export function Layout({ children }: { children: ReactNode }) {
  const { cart } = useCart()
  const count = cart?.itemCount ?? 0
  return (
    <div className="flex min-h-screen flex-col">
      <header className="bg-ui-bg-base border-ui-border-base border-b">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-6 py-4">
          <Link to="/" className="flex items-baseline gap-2">
            <Heading level="h1" className="text-ui-fg-base">
              Atelier
            </Heading>
            <Text size="small" className="text-ui-fg-subtle">
              Gallery
            </Text>
          </Link>
          <nav className="flex items-center gap-5 txt-compact-small-plus">
            <Link to="/" className="text-ui-fg-subtle hover:text-ui-fg-base">
              Browse
            </Link>
            <Link to="/orders" className="text-ui-fg-subtle hover:text-ui-fg-base">
              Track an order
            </Link>
            <Link to="/cart" className="text-ui-fg-subtle hover:text-ui-fg-base flex items-center gap-1.5" aria-label={`Cart, ${count} items`}>
              Cart
              <Badge size="2xsmall" color={count ? "blue" : "grey"} data-testid="cart-count">
                {count}
              </Badge>
            </Link>
          </nav>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-6 py-8">{children}</main>
      <footer className="bg-ui-bg-base border-ui-border-base border-t">
        <div className="mx-auto flex max-w-6xl flex-wrap items-end justify-between gap-4 px-6 py-6">
          <Text size="small" className="text-ui-fg-subtle">
            Work by independent artists. One cart, one payment; each artist ships their own pieces.
          </Text>
          <NewsletterForm />
        </div>
      </footer>
    </div>
  )
}
