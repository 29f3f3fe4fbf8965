import { Button, Container, Heading, Input, Text } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { slugify } from "../../../../src/lib/slug"
import { useForm } from "../../../shared/use-form"
import { api } from "../api"
import { Field, FormError } from "../components/field"
import { AuthLayout } from "../components/layout"
import { useSession } from "../session"

type Availability = { slug: string; available: boolean } | null

/** Where the studio's page in the gallery will be (the gallery is served beside the dashboard). */
const galleryPage = (slug: string) => `${window.location.origin}/gallery/artists/${slug}`

/** A member without an organization opens one (and becomes its owner): its name and its gallery address, the slug. */
export function OrganizationNewPage() {
  const { refresh, logout, session } = useSession()
  const [name, setName] = useState("")
  const [slug, setSlug] = useState("")
  const [slugEdited, setSlugEdited] = useState(false)
  const [availability, setAvailability] = useState<Availability>(null)
  const { errors, busy, onSubmit } = useForm(["name", "slug"] as const)
  const shownSlug = slugEdited ? slug : slugify(name)

  // Tells whether the slug is free while it is typed (the create call checks again).
  useEffect(() => {
    if (!shownSlug) return setAvailability(null)
    let stale = false
    const timer = setTimeout(() => {
      api.organizations.checkSlug({ slug: shownSlug }).then(
        (answer) => !stale && setAvailability(answer),
        () => !stale && setAvailability(null)
      )
    }, 250)
    return () => {
      stale = true
      clearTimeout(timer)
    }
  }, [shownSlug])

  const submit = onSubmit(
    async () => {
      await api.organizations.create({ name, slug: shownSlug })
      await refresh()
    },
    { keepBusy: true }
  )

  const taken = availability?.slug === shownSlug && !availability.available
  return (
    <AuthLayout>
      <div className="flex flex-col gap-1 text-center">
        <Heading level="h1">Create your studio</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Your organization holds your works, orders and payouts. You can invite others later.
        </Text>
      </div>
      <Container className="p-6">
        <form onSubmit={submit} noValidate aria-label="Create organization" className="flex flex-col gap-4">
          <Field id="name" label="Studio name" error={errors.fields.name}>
            <Input id="name" value={name} onChange={(e) => setName(e.target.value)} placeholder="Studio West" />
          </Field>
          <Field
            id="slug"
            label="Gallery address (slug)"
            error={errors.fields.slug ?? (taken ? "This address is taken" : undefined)}
            hint={
              shownSlug ? (
                <span data-testid="slug-url" className="break-all">
                  {availability?.slug === shownSlug && availability.available ? `${shownSlug} is available. ` : ""}
                  Your page in the gallery: {galleryPage(shownSlug)}
                </span>
              ) : (
                "Lowercase letters, digits and hyphens: your page's address in the gallery"
              )
            }
          >
            <Input
              id="slug"
              value={shownSlug}
              onChange={(e) => {
                setSlugEdited(true)
                setSlug(e.target.value)
              }}
            />
          </Field>
          <FormError message={errors.form} />
          <Button type="submit" isLoading={busy} className="w-full">
            Create studio
          </Button>
        </form>
      </Container>
      <Text size="small" className="text-ui-fg-subtle text-center">
        Signed in as {session.status === "no-organization" ? session.profile.member.email : ""} ·{" "}
        <button type="button" className="text-ui-fg-interactive" onClick={() => void logout()}>
          Log out
        </button>
      </Text>
    </AuthLayout>
  )
}
