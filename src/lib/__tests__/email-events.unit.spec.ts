import { emailEventKind, parseEmailEvent, suppressionReasonOf } from "../email-events"

describe("email provider events", () => {
  it("knows the five kinds Atelier handles; others are ignored", () => {
    expect(["email.delivered", "email.opened", "email.clicked", "email.bounced", "email.complained"].map(emailEventKind)).toEqual([
      "delivered",
      "opened",
      "clicked",
      "bounced",
      "complained",
    ])
    for (const other of ["email.sent", "email.delivery_delayed", "email.failed", "contact.created", "delivered", "", 7, null]) {
      expect(emailEventKind(other)).toBeNull()
    }
  })

  it("suppresses the address after a bounce or a complaint only", () => {
    expect(suppressionReasonOf("bounced")).toBe("bounced")
    expect(suppressionReasonOf("complained")).toBe("complained")
    expect(suppressionReasonOf("opened")).toBeNull()
  })

  it("reads type, time and message id of an event body, nothing else", () => {
    expect(
      parseEmailEvent({ type: "email.opened", created_at: "2026-11-23T10:00:00.000Z", data: { email_id: "4ef9a417", to: ["a@b.test"] } })
    ).toEqual({ type: "email.opened", kind: "opened", messageId: "4ef9a417", occurredAt: new Date("2026-11-23T10:00:00.000Z") })
    expect(parseEmailEvent({ type: "email.sent", created_at: "not a date", data: {} })).toEqual({
      type: "email.sent",
      kind: null,
      messageId: null,
      occurredAt: null,
    })
    expect(parseEmailEvent({ type: "email.opened", data: { email_id: 12 } })?.messageId).toBeNull()
    for (const bad of [null, [], "x", {}, { type: "" }, { type: 3 }]) expect(parseEmailEvent(bad)).toBeNull()
  })
})
