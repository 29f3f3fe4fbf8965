import { Button, Container, Heading, Input, Text } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import { PASSWORD_MIN_LENGTH, PASSWORD_RESET_TTL_MINUTES, passwordProblem } from "../../../../src/lib/passwords"
import { formErrorsOf, noErrors, type FormErrors } from "../../../shared/form-errors"
import { Link, useRouter } from "../../../shared/router"
import { authApi } from "../api"
import { Field, FormError } from "../components/field"
import { AuthLayout } from "../components/layout"
import { useSession } from "../session"

/** The email a reset token is for (its payload's `entity_id`): read, not verified — the server verifies the token. */
function emailOfToken(token: string): string | null {
  try {
    const payload = token.split(".")[1]
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(payload.length / 4) * 4, "="))
    const entityId = (JSON.parse(json) as { entity_id?: unknown }).entity_id
    return typeof entityId === "string" ? entityId : null
  } catch {
    return null
  }
}

/** Step one: the email the link goes to (Medusa's reset-password route answers the same whether or not it exists). */
function RequestReset() {
  const [email, setEmail] = useState("")
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const [busy, setBusy] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!email.trim()) return setErrors({ fields: { email: "Enter the email you log in with" }, form: null })
    setBusy(true)
    setErrors(noErrors)
    try {
      await authApi.resetPassword("member", "emailpass", { identifier: email.trim() })
      setSentTo(email.trim())
    } catch (error) {
      setErrors(formErrorsOf(error, ["email"], { identifier: "email" }))
    } finally {
      setBusy(false)
    }
  }

  if (sentTo) {
    return (
      <Container className="flex flex-col gap-3 p-6" data-testid="reset-requested">
        <Text weight="plus">Check your inbox</Text>
        <Text size="small" className="text-ui-fg-subtle">
          If {sentTo} has an Atelier account, an email with a link to choose a new password is on its way. The link works
          once, for {PASSWORD_RESET_TTL_MINUTES} minutes.
        </Text>
      </Container>
    )
  }
  return (
    <Container className="p-6">
      <form onSubmit={submit} noValidate aria-label="Reset password" className="flex flex-col gap-4">
        <Field id="email" label="Email" error={errors.fields.email}>
          <Input id="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <FormError message={errors.form} />
        <Button type="submit" isLoading={busy} className="w-full">
          Email me a reset link
        </Button>
      </form>
    </Container>
  )
}

/** Step two, from the email's link: the new password, set with the link's token, then a login with it. */
function ChooseNewPassword({ token }: { token: string }) {
  const { login } = useSession()
  const { go } = useRouter()
  const email = emailOfToken(token)
  const [password, setPassword] = useState("")
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const problem = passwordProblem(password)
    if (problem) return setErrors({ fields: { password: problem }, form: null })
    setBusy(true)
    setErrors(noErrors)
    try {
      await authApi.updateProvider("member", "emailpass", { password }, token)
    } catch (error) {
      const status = (error as { status?: number }).status
      setErrors(
        status === 401
          ? { fields: {}, form: "This link has expired or was already used: ask for a new one." }
          : formErrorsOf(error, ["password"])
      )
      setBusy(false)
      return
    }
    if (email) {
      // Straight into the dashboard with the new password; should that fail, the login page is one click away.
      await login(email, password).catch(() => undefined)
    }
    go("/", { replace: true })
  }

  return (
    <Container className="p-6">
      <form onSubmit={submit} noValidate aria-label="Choose a new password" className="flex flex-col gap-4">
        {email && (
          <Text size="small" className="text-ui-fg-subtle">
            For {email}
          </Text>
        )}
        <Field id="password" label="New password" error={errors.fields.password} hint={`At least ${PASSWORD_MIN_LENGTH} characters`}>
          <Input
            id="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <FormError message={errors.form} />
        <Button type="submit" isLoading={busy} className="w-full">
          Set new password
        </Button>
      </form>
    </Container>
  )
}

/** /reset-password: ask for a reset link, or (with the link's `?token=`) choose the new password. */
export function ResetPasswordPage() {
  const { query } = useRouter()
  const token = query.get("token")
  return (
    <AuthLayout>
      <div className="flex flex-col gap-1 text-center">
        <Heading level="h1">{token ? "Choose a new password" : "Reset your password"}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {token ? "Then you are logged in with it." : "We email you a link to choose a new one."}
        </Text>
      </div>
      {token ? <ChooseNewPassword token={token} /> : <RequestReset />}
      <Text size="small" className="text-ui-fg-subtle text-center">
        <Link to="/login" className="text-ui-fg-interactive">
          Back to the login
        </Link>
      </Text>
    </AuthLayout>
  )
}
