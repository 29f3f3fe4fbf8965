import { ABSENT, dateTime, money, statusColor, statusLabel } from "../display-format"

describe("display-format", () => {
  it("shows USD amounts, and a dash for none", () => {
    expect(money(19.99)).toBe("$19.99")
    expect(money(0)).toBe("$0.00")
    expect(money(null)).toBe(ABSENT)
    expect(money(undefined)).toBe(ABSENT)
  })

  it("shows timestamps, and a dash for none or for what is not a time", () => {
    expect(dateTime("2026-11-28T15:00:00Z")).toMatch(/Nov 28, 2026/)
    expect(dateTime(null)).toBe(ABSENT)
    expect(dateTime("not a date")).toBe(ABSENT)
  })

  it("labels and colours statuses alike on every screen", () => {
    expect(statusLabel("partially_shipped")).toBe("Partially shipped")
    expect(statusColor("paid")).toBe("green")
    expect(statusColor("transferred")).toBe("green")
    expect(statusColor("partially_shipped")).toBe("blue")
    expect(statusColor("processing")).toBe("purple")
    expect(statusColor("draft")).toBe("orange")
    expect(statusColor("disabled")).toBe("red")
    expect(statusColor("reversed")).toBe("grey")
  })
})
