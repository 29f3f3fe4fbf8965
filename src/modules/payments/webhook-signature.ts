import { MedusaError } from "@medusajs/framework/utils"
import Stripe from "stripe"
import { findUnsafeText, isSafeText } from "../../lib/safe-text"
import type { WebhookEvent } from "./types"

/**
 * Produces a `Stripe-Signature` header (`t=...,v1=<HMAC-SHA256>`) for a payload, exactly as Stripe signs its
 * webhooks. Both providers verify this format, so tests (and the sandbox) sign local events the same way.
 * `timestamp` is in seconds and defaults to now.
 */
export function signWebhookPayload(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp })
}

function invalidSignature(): MedusaError {
  return new MedusaError(MedusaError.Types.INVALID_DATA, "Invalid signature")
}

/** An event id or type: a non-empty string of at most 255 characters, with no NUL or unpaired surrogate. */
function isEventName(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= 255 && isSafeText(value)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

/**
 * Verifies a Stripe-format signature over the raw body with the SDK's own verifier (HMAC-SHA256 with the signing
 * secret, constant-time comparison, 5 minutes of timestamp tolerance) and returns the event's essentials.
 * `webhooks` is the SDK's webhook helper: a client's (`stripe.webhooks`) or the static one, which needs no API key.
 */
export function verifyWebhookEvent(
  rawBody: Buffer,
  signatureHeader: string | undefined,
  secret: string | undefined,
  webhooks: Stripe["webhooks"] = Stripe.webhooks
): WebhookEvent {
  if (!signatureHeader || !Buffer.isBuffer(rawBody) || !secret) {
    throw invalidSignature()
  }
  let event: Stripe.Event
  try {
    event = webhooks.constructEvent(rawBody, signatureHeader, secret)
  } catch (error) {
    // The signature was checked before the body was parsed: a SyntaxError means a signed but malformed body.
    if (error instanceof SyntaxError) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "Invalid webhook payload")
    }
    throw invalidSignature()
  }
  const parsed: unknown = event
  const data = isRecord(parsed) ? parsed.data : undefined
  // A signed event is still refused (400, nothing recorded or applied) when it could not be stored or matched as
  // it is: ids and types that are not short plain strings, or text PostgreSQL refuses (a NUL) anywhere in its object.
  if (
    !isRecord(parsed) ||
    !isEventName(parsed.id) ||
    !isEventName(parsed.type) ||
    !isRecord(data) ||
    !isRecord(data.object) ||
    findUnsafeText(data.object) !== null
  ) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "Invalid webhook payload")
  }
  return { id: parsed.id, type: parsed.type, object: data.object }
}
