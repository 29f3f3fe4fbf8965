import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { GALLERY_OUTBOX_READY_EVENT } from "../lib/outbox"
import { requestGalleryOutboxDispatch } from "../processes/outbox/dispatch"

/**
 * A commit queued outbox messages: deliver them now rather than at the next dispatch job. Runs where background work
 * runs (the worker, or the single shared process); the event is only a nudge, the job finds whatever it misses.
 */
export default async function galleryOutboxReadyHandler({ container }: SubscriberArgs<Record<string, never>>) {
  await requestGalleryOutboxDispatch(container)
}

export const config: SubscriberConfig = {
  event: GALLERY_OUTBOX_READY_EVENT,
  context: { subscriberId: "gallery-outbox-dispatch" },
}
