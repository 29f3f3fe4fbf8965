import type { IEventBusModuleService, MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { GALLERY_OUTBOX_READY_EVENT, organizationPayoutsReadyMessage } from "../../lib/outbox"
import { connectedAccountIdempotencyKey, onboardingReturnUrls } from "../../lib/payout-onboarding"
import { publicUrls } from "../../lib/public-urls"
import { GALLERY_MODULE } from "../../modules/gallery"
import type GalleryModuleService from "../../modules/gallery/service"
import { ORGANIZATION_MODULE } from "../../modules/organization"
import type OrganizationModuleService from "../../modules/organization/service"
import { ORGANIZATION_NOT_FOUND, type RecordedAccountState } from "../../modules/organization/service"
import { PAYMENTS_MODULE, type ConnectedAccount, type PaymentsModuleService } from "../../modules/payments"
import { pendingPayoutsOfOrganization } from "../../queries/gallery-orders"
import { withLock } from "../../workflows/common/locks"

/** Seconds a second onboarding request of one organization waits for the first one's account. */
const ONBOARDING_LOCK_TIMEOUT_SECONDS = 30

export const payoutOnboardingLockKey = (organizationId: string) => `payout-onboarding:${organizationId}`

/**
 * Payout onboarding: the organization's Connect Express account (created once: the stored account is reused, racing
 * requests are serialised by a lock and share the provider's idempotency key) and a fresh onboarding link to it.
 */
export async function startPayoutOnboarding(
  container: Pick<MedusaContainer, "resolve">,
  organizationId: string
): Promise<{ url: string; accountId: string }> {
  const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
  const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
  const accountId = await withLock(
    container,
    payoutOnboardingLockKey(organizationId),
    ONBOARDING_LOCK_TIMEOUT_SECONDS,
    async () => {
      const [organization] = await organizations.listOrganizations(
        { id: organizationId },
        { take: 1, select: ["id", "stripe_account_id"] }
      )
      if (!organization) throw new MedusaError(MedusaError.Types.NOT_FOUND, ORGANIZATION_NOT_FOUND)
      if (organization.stripe_account_id) return organization.stripe_account_id
      const readAt = new Date()
      const account = await payments.createConnectedAccount({
        organizationId,
        idempotencyKey: connectedAccountIdempotencyKey(organizationId),
      })
      const stored = await organizations.attachConnectedAccount({ organizationId, accountId: account.id })
      if (!stored) throw new MedusaError(MedusaError.Types.NOT_FOUND, ORGANIZATION_NOT_FOUND)
      if (stored === account.id) {
        await organizations.recordConnectedAccountState({ ...accountState(account), syncedAt: readAt })
      }
      return stored
    }
  )

  const link = await payments.createAccountLink({ accountId, ...onboardingReturnUrls(publicUrls(process.env).appUrl) })
  return { url: link.url, accountId }
}

function accountState(account: ConnectedAccount) {
  return {
    accountId: account.id,
    chargesEnabled: account.chargesEnabled,
    payoutsEnabled: account.payoutsEnabled,
    detailsSubmitted: account.detailsSubmitted,
    transfersActive: account.transfersActive,
  }
}

export type AccountSyncOutcome = {
  /** Null when no organization holds the account (another platform's, or a stale report). */
  recorded: RecordedAccountState | null
  /** Whether the organization's pending payouts were handed to the outbox for an immediate transfer. */
  payoutsQueued: boolean
}

/**
 * What an `account.updated` event does (the webhook, and the sandbox onboarding page of the local gateway): the
 * account's state is read from the provider (authoritative and current, whatever order events arrive in) unless the
 * caller just received it from the provider itself, and recorded on its organization. An account created for an
 * organization that never stored it (a crash between creation and record) is attached through its
 * `metadata.organization_id`. When the account can receive payouts and the organization has payouts waiting, one
 * outbox message per report (`reportId`, the event id) transfers them at once. Idempotent: the caller acknowledges the
 * event only after this returned, so a crash in between is healed by the redelivery.
 */
export async function syncConnectedAccount(
  container: Pick<MedusaContainer, "resolve">,
  input: { accountId: string; reportId: string; account?: ConnectedAccount }
): Promise<AccountSyncOutcome> {
  const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
  const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
  // When the state was read: a read that started later is at least as recent, so it wins over this one.
  const readAt = new Date()
  let account = input.account
  if (!account) {
    try {
      account = await payments.retrieveConnectedAccount(input.accountId)
    } catch (error) {
      // Not an account of this platform: acknowledged and ignored, or the provider would resend it for days.
      if (error instanceof MedusaError && error.type === MedusaError.Types.NOT_FOUND) {
        return { recorded: null, payoutsQueued: false }
      }
      throw error
    }
  }

  const claimedBy = account.metadata.organization_id
  if (claimedBy) await organizations.attachConnectedAccount({ organizationId: claimedBy, accountId: account.id })

  const recorded = await organizations.recordConnectedAccountState({ ...accountState(account), syncedAt: readAt })
  if (!recorded?.canReceivePayouts) return { recorded, payoutsQueued: false }

  const pending = await pendingPayoutsOfOrganization(container, recorded.organizationId)
  if (!pending.count) return { recorded, payoutsQueued: false }
  const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
  await gallery.queueOutboxMessages([organizationPayoutsReadyMessage(recorded.organizationId, input.reportId)])
  // Only a nudge: the dispatch job delivers the message if it is lost.
  const eventBus: IEventBusModuleService = container.resolve(Modules.EVENT_BUS)
  await eventBus.emit({ name: GALLERY_OUTBOX_READY_EVENT, data: {} })
  return { recorded, payoutsQueued: true }
}
