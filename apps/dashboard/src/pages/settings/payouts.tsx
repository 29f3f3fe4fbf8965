import { Button, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useState } from "react"
import { money } from "../../../../shared/format"
import { useRouter } from "../../../../shared/router"
import { useAsync } from "../../../../shared/use-async"
import { api } from "../../api"
import { FormError } from "../../components/field"
import { useOrganization } from "../../session"
import { LoadedSettings, SettingsLayout } from "./settings-layout"

function Check({ label, done }: { label: string; done: boolean }) {
  return (
    <div className="flex items-center justify-between" data-check={label}>
      <Text size="small">{label}</Text>
      <StatusBadge color={done ? "green" : "orange"}>{done ? "Done" : "Not yet"}</StatusBadge>
    </div>
  )
}

/**
 * Payout onboarding: the organization's Stripe Connect account (the sandbox's stand-in with the local gateway).
 * Stripe sends the artist back here with `?onboarding=return` (finished, or left) or `=refresh` (the link expired).
 */
export function PayoutSettingsPage() {
  const { isOwner } = useOrganization()
  const { query } = useRouter()
  const returned = query.get("onboarding")
  const status = useAsync(() => api.payouts.status(), [])
  const [starting, setStarting] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const start = async () => {
    setStarting(true)
    setError(null)
    try {
      const { url } = await api.payouts.startOnboarding()
      window.location.assign(url)
    } catch (failure) {
      setError((failure as Error).message)
      setStarting(false)
    }
  }

  return (
    <SettingsLayout ownerOnlyNote={false}>
      <LoadedSettings state={status} loadingLabel="Loading the payout status" errorTitle="The payout status could not be loaded">
        {(payouts) => (
          <div className="flex flex-col gap-5 px-6 py-4" data-payouts={payouts.payouts_enabled ? "enabled" : "pending"}>
            <div className="flex flex-col gap-1">
              <Heading level="h2">Payouts</Heading>
              <Text size="small" className="text-ui-fg-subtle">
                Gallery sales are paid to your Stripe account: 88 % of each order's subtotal, transferred when the order is paid.
              </Text>
            </div>
            {returned === "return" && (
              <Text size="small" role="status" className="text-ui-fg-interactive">
                Welcome back. {payouts.payouts_enabled ? "Your account can receive payouts." : "Stripe is still checking your details; this page shows the account as Stripe reports it."}
              </Text>
            )}
            {returned === "refresh" && (
              <Text size="small" role="status" className="text-ui-fg-subtle">
                The onboarding link expired. Continue with a new one below.
              </Text>
            )}
            <div className="flex max-w-md flex-col gap-2">
              <Check label="Account created" done={payouts.connected} />
              <Check label="Details submitted" done={payouts.details_submitted} />
              <Check label="Payouts enabled" done={payouts.payouts_enabled} />
            </div>
            <Text size="small" data-testid="pending-payouts">
              {payouts.pending_payouts.count > 0
                ? `${money(payouts.pending_payouts.amount)} in ${payouts.pending_payouts.count} pending ${payouts.pending_payouts.count === 1 ? "payout" : "payouts"}: paid as soon as your account can receive them.`
                : "No payouts waiting."}
            </Text>
            <FormError message={error} />
            {isOwner ? (
              !payouts.payouts_enabled && (
                <div>
                  <Button size="small" isLoading={starting} onClick={start}>
                    {payouts.connected ? "Continue onboarding" : "Set up payouts"}
                  </Button>
                </div>
              )
            ) : (
              <Text size="small" className="text-ui-fg-subtle">
                Only an owner of the organization can set up payouts.
              </Text>
            )}
          </div>
        )}
      </LoadedSettings>
    </SettingsLayout>
  )
}
