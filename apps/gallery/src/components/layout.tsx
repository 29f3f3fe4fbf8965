import { BarsThree, XMark } from "@medusajs/icons"
import { Badge, Button, Heading, IconButton, Input, Text } from "@medusajs/ui"
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react"
import { formErrorsOf, noErrors, type FormErrors } from "../../../shared/form-errors"
import { Link, useRouter } from "../../../shared/router"
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
    <form onSubmit={submit} noValidate className="flex w-full items-start gap-2 sm:w-auto" aria-label="Newsletter">
      <div className="min-w-0 flex-1 sm:w-64 sm:flex-none">
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

/** The gallery's pages, in the header (in its menu on a phone). */
const NAV: Array<{ to: string; label: string }> = [
  { to: "/", label: "Browse" },
  { to: "/collections", label: "Collections" },
  { to: "/orders", label: "Track an order" },
]

/**
 * Below Tailwind's `md` (768 px) the links of the header fold into a menu: a button (`aria-expanded`) that opens them
 * under the header, focus on the first; Escape closes it and gives the focus back to the button, as do leaving it
 * (a click or the focus elsewhere) and going to a page. The cart stays in the header at every width.
 */
function useHeaderMenu() {
  const { path } = useRouter()
  const [open, setOpen] = useState(false)
  const header = useRef<HTMLElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLElement>(null)
  useEffect(() => setOpen(false), [path])
  useEffect(() => {
    if (!open) return
    menu.current?.querySelector("a")?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return
      setOpen(false)
      button.current?.focus()
    }
    const onOutside = (event: Event) => {
      if (event.target instanceof Node && !header.current?.contains(event.target)) setOpen(false)
    }
    document.addEventListener("keydown", onKey)
    document.addEventListener("pointerdown", onOutside)
    document.addEventListener("focusin", onOutside)
    return () => {
      document.removeEventListener("keydown", onKey)
      document.removeEventListener("pointerdown", onOutside)
      document.removeEventListener("focusin", onOutside)
    }
  }, [open])
  return { open, toggle: () => setOpen((was) => !was), header, button, menu }
}

export function Layout({ children }: { children: ReactNode }) {
  const { cart } = useCart()
  const count = cart?.itemCount ?? 0
  const { path } = useRouter()
  const menu = useHeaderMenu()
  return (
    <div className="flex min-h-screen flex-col">
      <header ref={menu.header} className="bg-ui-bg-base border-ui-border-base border-b">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 md:px-6 md:py-4">
          <Link to="/" className="flex items-baseline gap-2">
            <Heading level="h1" className="text-ui-fg-base">
              Atelier
            </Heading>
            <Text size="small" className="text-ui-fg-subtle">
              Gallery
            </Text>
          </Link>
          <div className="flex items-center gap-5 txt-compact-small-plus">
            <nav aria-label="Gallery" className="hidden items-center gap-5 md:flex">
              {NAV.map(({ to, label }) => (
                <Link key={to} to={to} className="text-ui-fg-subtle hover:text-ui-fg-base" aria-current={path === to ? "page" : undefined}>
                  {label}
                </Link>
              ))}
            </nav>
            <Link to="/cart" className="text-ui-fg-subtle hover:text-ui-fg-base flex items-center gap-1.5" aria-label={`Cart, ${count} items`}>
              Cart
              <Badge size="2xsmall" color={count ? "blue" : "grey"} data-testid="cart-count">
                {count}
              </Badge>
            </Link>
            <IconButton
              ref={menu.button}
              variant="transparent"
              className="md:hidden"
              aria-label="Menu"
              aria-expanded={menu.open}
              aria-controls="gallery-menu"
              onClick={menu.toggle}
            >
              {menu.open ? <XMark /> : <BarsThree />}
            </IconButton>
          </div>
        </div>
        {menu.open && (
          <nav ref={menu.menu} id="gallery-menu" aria-label="Gallery" className="border-ui-border-base flex flex-col border-t px-2 py-2 md:hidden">
            {NAV.map(({ to, label }) => (
              <Link
                key={to}
                to={to}
                aria-current={path === to ? "page" : undefined}
                className={`txt-compact-medium-plus rounded-md px-2 py-3 ${path === to ? "bg-ui-bg-subtle text-ui-fg-base" : "text-ui-fg-subtle hover:bg-ui-bg-subtle-hover"}`}
              >
                {label}
              </Link>
            ))}
          </nav>
        )}
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">{children}</main>
      <footer className="bg-ui-bg-base border-ui-border-base border-t">
        <div className="mx-auto flex max-w-6xl flex-wrap items-end justify-between gap-4 px-4 py-6 sm:px-6">
          <Text size="small" className="text-ui-fg-subtle">
            Work by independent artists. One cart, one payment; each artist ships their own pieces.
          </Text>
          <NewsletterForm />
        </div>
      </footer>
    </div>
  )
}
