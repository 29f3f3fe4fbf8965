import { errorMessage } from "../error-message"

describe("errorMessage", () => {
  it("takes an error's message, else the value's string form", () => {
    expect(errorMessage(new Error("connection reset"))).toBe("connection reset")
    expect(errorMessage({ message: "from a plain object" })).toBe("from a plain object")
    expect(errorMessage("a string")).toBe("a string")
    expect(errorMessage(null)).toBe("null")
    expect(errorMessage(undefined)).toBe("undefined")
    expect(errorMessage({ message: 42 })).toBe("[object Object]")
  })
})
