import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { REFERRALS_MODULE } from "../../../modules/referrals"
import type ReferralsModuleService from "../../../modules/referrals/service"
import type { RecordConversionsInput, RecordedConversion } from "../../../modules/referrals/service"

/** The module's input, as a workflow carries it: no session means nothing to record; `at` is the ISO time of the
 * purchase (payment). */
export type RecordReferralConversionsStepInput = Omit<RecordConversionsInput, "sessionId" | "at"> & {
  sessionId: string | null
  at: string
}

export type RecordedReferralConversion = Omit<RecordedConversion, "converted_at"> & { converted_at: string }

/**
 * Credits a purchase to the buyer's live referrals (spec 4.6), idempotently: a replay records nothing more.
 * Compensation deletes only the conversions this run created.
 */
export const recordReferralConversionsStep = createStep(
  "record-referral-conversions",
  async (input: RecordReferralConversionsStepInput, { container }) => {
    if (!input.sessionId) return new StepResponse([] as RecordedReferralConversion[], [] as string[])
    const referrals: ReferralsModuleService = container.resolve(REFERRALS_MODULE)
    const created = await referrals.recordConversions({
      sessionId: input.sessionId,
      orderId: input.orderId,
      orderType: input.orderType,
      amountsByOrganization: input.amountsByOrganization,
      at: new Date(input.at),
    })
    const conversions: RecordedReferralConversion[] = created.map((c) => ({
      ...c,
      converted_at: c.converted_at.toISOString(),
    }))
    return new StepResponse(
      conversions,
      conversions.map((c) => c.id)
    )
  },
  async (createdIds, { container }) => {
    if (!createdIds?.length) return
    const referrals: ReferralsModuleService = container.resolve(REFERRALS_MODULE)
    await referrals.deleteReferralConversions(createdIds)
  }
)
