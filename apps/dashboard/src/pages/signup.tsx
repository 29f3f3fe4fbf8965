import { Button, Container, Heading, Input, Text } from "@medusajs/ui"
import { useState } from "react"
import { SignupSchema } from "../../../../src/lib/form-schemas"
import { PASSWORD_MIN_LENGTH } from "../../../../src/lib/passwords"
import { useForm } from "../../../shared/use-form"
import { Link } from "../../../shared/router"
import { api, authApi } from "../api"
import { Field, FormError } from "../components/field"
import { AuthLayout } from "../components/layout"
import { useSession } from "../session"

const FIELDS = ["first_name", "last_name", "email", "password"] as const

/**
 * Registration in Medusa's three steps: the login identity (`POST /auth/member/emailpass/register`), the member
 * (`POST /api/members` with that identity's token), then a fresh login whose token carries the member.
 */
export function SignupPage() {
  const { refresh } = useSession()
  const [values, setValues] = useState({ first_name: "", last_name: "", email: "", password: "" })
  const { errors, busy, onSubmit } = useForm(FIELDS)
  // The identity registered on an earlier try (the member step was refused): registering it again would fail.
  const [registered, setRegistered] = useState<string | null>(null)
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [field]: e.target.value })

  // The server's rules (src/lib/form-schemas.ts), every field's message at once before anything is sent.
  const submit = onSubmit(
    async () => {
      const identity = `${values.email}\n${values.password}`
      if (registered !== identity) {
        await authApi.register("member", "emailpass", { email: values.email, password: values.password })
        setRegistered(identity)
      }
      await api.members.create({ email: values.email, first_name: values.first_name, last_name: values.last_name })
      await authApi.login("member", "emailpass", { email: values.email, password: values.password })
      await refresh()
    },
    { checks: [SignupSchema.safeParse(values)], keepBusy: true }
  )

  return (
    <AuthLayout>
      <div className="flex flex-col gap-1 text-center">
        <Heading level="h1">Create your Atelier account</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Sell your originals and prints in your own store and in the gallery.
        </Text>
      </div>
      <Container className="p-6">
        <form onSubmit={submit} noValidate aria-label="Sign up" className="flex flex-col gap-4">
          <div className="grid grid-cols-2 gap-3">
            <Field id="first_name" label="First name" error={errors.fields.first_name}>
              <Input id="first_name" autoComplete="given-name" value={values.first_name} onChange={set("first_name")} />
            </Field>
            <Field id="last_name" label="Last name" error={errors.fields.last_name}>
              <Input id="last_name" autoComplete="family-name" value={values.last_name} onChange={set("last_name")} />
            </Field>
          </div>
          <Field id="email" label="Email" error={errors.fields.email}>
            <Input id="email" type="email" autoComplete="email" value={values.email} onChange={set("email")} />
          </Field>
          <Field id="password" label="Password" error={errors.fields.password} hint={`At least ${PASSWORD_MIN_LENGTH} characters`}>
            <Input id="password" type="password" autoComplete="new-password" value={values.password} onChange={set("password")} />
          </Field>
          <FormError message={errors.form} />
          <Button type="submit" isLoading={busy} className="w-full">
            Create account
          </Button>
        </form>
      </Container>
      <Text size="small" className="text-ui-fg-subtle text-center">
        Already have an account?{" "}
        <Link to="/login" className="text-ui-fg-interactive">
          Log in
        </Link>
      </Text>
    </AuthLayout>
  )
}
