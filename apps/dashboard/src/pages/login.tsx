import { Button, Container, Heading, Input, Text } from "@medusajs/ui"
import { useState } from "react"
import { LoginSchema } from "../../../../src/lib/form-schemas"
import { useForm } from "../../../shared/use-form"
import { Link } from "../../../shared/router"
import { Field, FormError } from "../components/field"
import { AuthLayout } from "../components/layout"
import { useSession } from "../session"

export function LoginPage({ notice }: { notice: string | null }) {
  const { login } = useSession()
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  // Medusa's auth route names no field: "Invalid email or password" is about both, so it shows above the form.
  const { errors, busy, onSubmit } = useForm(["email", "password"] as const)
  const submit = onSubmit(() => login(email, password), { checks: [LoginSchema.safeParse({ email, password })], keepBusy: true })

  return (
    <AuthLayout>
      <div className="flex flex-col gap-1 text-center">
        <Heading level="h1">Welcome to Atelier</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Log in to manage your works, orders and payouts.
        </Text>
      </div>
      <Container className="flex flex-col gap-4 p-6">
        {notice && (
          <Text size="small" role="status" className="text-ui-fg-subtle">
            {notice}
          </Text>
        )}
        <form onSubmit={submit} noValidate aria-label="Log in" className="flex flex-col gap-4">
          <Field id="email" label="Email" error={errors.fields.email}>
            <Input id="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Field id="password" label="Password" error={errors.fields.password}>
            <Input id="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          <FormError message={errors.form} />
          <Button type="submit" isLoading={busy} className="w-full">
            Log in
          </Button>
          <Link to="/reset-password" className="txt-compact-small text-ui-fg-interactive self-center">
            Forgot your password?
          </Link>
        </form>
      </Container>
      <Text size="small" className="text-ui-fg-subtle text-center">
        New to Atelier?{" "}
        <Link to="/signup" className="text-ui-fg-interactive">
          Create an account
        </Link>
      </Text>
    </AuthLayout>
  )
}
