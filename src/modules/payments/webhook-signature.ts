import { MedusaError } from "@medusajs/framework/utils"
import Stripe from "stripe"
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
  if (
    !isRecord(parsed) ||
    typeof parsed.id !== "string" ||
    typeof parsed.type !== "string" ||
    !isRecord(data) ||
    !isRecord(data.object)
  ) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "Invalid webhook payload")
  }
  return { id: parsed.id, type: parsed.type, object: data.object }
}
