import { senderFor } from "../service"

describe("the Resend provider's sender", () => {
  it("shows the store's name with the configured address", () => {
    expect(senderFor("Atelier <mail@atelier.test>", "Studio North")).toBe(`"Studio North" <mail@atelier.test>`)
    expect(senderFor("mail@atelier.test", "Studio North")).toBe(`"Studio North" <mail@atelier.test>`)
  })

  it("drops what could break the header, and keeps the configured sender without a name", () => {
    expect(senderFor("Atelier <mail@atelier.test>", `Evil"\r\nBcc: x@y.test <z>`)).toBe(`"EvilBcc: x@y.test z" <mail@atelier.test>`)
    expect(senderFor("Atelier <mail@atelier.test>", "  ")).toBe("Atelier <mail@atelier.test>")
    expect(senderFor("Atelier <mail@atelier.test>", undefined)).toBe("Atelier <mail@atelier.test>")
    expect(senderFor("Atelier <mail@atelier.test>", `"<>"`)).toBe("Atelier <mail@atelier.test>")
  })
})
