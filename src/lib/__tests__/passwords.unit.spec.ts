import {
  isPasswordResetActor,
  PASSWORD_MESSAGES,
  passwordProblem,
  passwordResetEmail,
  passwordResetUrl,
} from "../passwords"

describe("the password rule", () => {
  it("takes 10 characters or more", () => {
    expect(passwordProblem("atelier-demo")).toBeNull()
    expect(passwordProblem("0123456789")).toBeNull()
    expect(passwordProblem("x".repeat(256))).toBeNull()
  })

  it("refuses a short, missing, non-text or endless password with a message for people", () => {
    expect(passwordProblem("abc")).toBe("Use at least 10 characters for your password")
    expect(passwordProblem("012345678")).toBe(PASSWORD_MESSAGES.tooShort)
    expect(passwordProblem("")).toBe("Enter a password of at least 10 characters")
    expect(passwordProblem(undefined)).toBe(PASSWORD_MESSAGES.required)
    expect(passwordProblem(1234567890)).toBe(PASSWORD_MESSAGES.required)
    expect(passwordProblem("x".repeat(257))).toBe(PASSWORD_MESSAGES.tooLong)
  })

  it("counts characters as a person sees them", () => {
    // Five emoji are ten UTF-16 units but five characters.
    expect(passwordProblem("🎨🎨🎨🎨🎨")).toBe(PASSWORD_MESSAGES.tooShort)
    expect(passwordProblem("🎨".repeat(10))).toBeNull()
  })
})

describe("the password reset email", () => {
  const urls = { appUrl: "https://atelier.example/dashboard", adminUrl: "https://atelier.example/app" }

  it("links artists to the dashboard and administrators to Medusa's admin, the token encoded", () => {
    expect(passwordResetUrl(urls, "member", "a.b+c")).toBe("https://atelier.example/dashboard/reset-password?token=a.b%2Bc")
    expect(passwordResetUrl(urls, "user", "tok")).toBe("https://atelier.example/app/reset-password?token=tok")
    expect(isPasswordResetActor("member")).toBe(true)
    expect(isPasswordResetActor("customer")).toBe(false)
  })

  it("says where to go, for how long, and what to do when nobody asked", () => {
    const url = "https://atelier.example/dashboard/reset-password?token=a&b"
    const email = passwordResetEmail({ actor: "member", url })
    expect(email.subject).toBe("Reset your Atelier password")
    expect(email.text).toBe(
      "Someone asked to reset the password of your Atelier artist account. Choose a new password with this link:\n\n" +
        `${url}\n\n` +
        "It works once, for 15 minutes. If you did not ask for it, ignore this email: your password stays as it is."
    )
    expect(email.html).toContain('<a href="https://atelier.example/dashboard/reset-password?token=a&amp;b">Choose a new password</a>')
    expect(passwordResetEmail({ actor: "user", url }).text).toContain("your Atelier administrator account")
  })
})
