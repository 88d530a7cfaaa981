import { Type, type Static } from 'typebox'
import { endpoint, post } from '../endpoint'
import { Closed, Literals } from '../common'
import { OidcCallbackQuerySchema } from '../auth'

/**
 * Staff sign-in (issue 24): outside /admin/ (no permission needed to sign in), never with a buyer's login.
 *
 *   GET  /api/staff-auth/authorize?lang=      → 302 to the issuer's staff sign-in (client staff-console, PKCE S256)
 *   GET  /api/staff-auth/callback?code&state  → 302 to {STAFF_CONSOLE_URL}/signin-callback?ticket=…&secondFactor=totp|enrol
 *                                               (or ?error=access_denied|state|exchange|rate_limited)
 *   POST /api/staff-auth/totp/enrol {ticket}  → the new TOTP secret as an otpauth:// URI, shown once (not enrolled yet)
 *   POST /api/staff-auth/token {ticket, code | recoveryCode} → the staff token (and, at enrolment, the recovery codes)
 *   POST /api/staff-auth/signout {} (staff bearer) → every staff token of the caller ends
 *
 * The ticket proves the first factor only: no staff token without a TOTP code or a recovery code.
 */

export const StaffSigninAuthorizeQuerySchema = Closed({
  /** the console's language: the sign-in page follows it */
  lang: Type.Optional(Literals(['zh', 'en'])),
})

/** What the callback hands the console (query of its redirect): which second factor comes next. */
export type StaffSecondFactor = 'totp' | 'enrol'
/** Error codes of the callback's redirect (?error=…). */
export type StaffSigninErrorCode = 'access_denied' | 'state' | 'exchange' | 'rate_limited'

const TicketSchema = Type.String({ minLength: 16, maxLength: 200 })

export const StaffTotpEnrolBodySchema = Closed({ ticket: TicketSchema })

/** A new TOTP secret: show the URI as a QR code (or the secret to type in) once; confirmed by the first valid code. */
export const StaffTotpEnrolmentSchema = Type.Object({
  otpauthUri: Type.String({ description: 'otpauth://totp/… (SHA1, 6 digits, 30 s)' }),
  secret: Type.String({ description: 'the same secret in base32, to type into an authenticator by hand' }),
})
export type StaffTotpEnrolment = Static<typeof StaffTotpEnrolmentSchema>

export const StaffSigninTokenBodySchema = Closed({
  ticket: TicketSchema,
  /** the authenticator's current code */
  code: Type.Optional(Type.String({ pattern: '^[0-9]{6}$' })),
  /** or one of the recovery codes (single use) */
  recoveryCode: Type.Optional(Type.String({ minLength: 8, maxLength: 32 })),
})
export type StaffSigninTokenBody = Static<typeof StaffSigninTokenBodySchema>

export const StaffSigninTokenSchema = Type.Object({
  /** the staff bearer token of /api/admin (one hour) */
  token: Type.String(),
  /** seconds */
  expiresIn: Type.Integer(),
  /** at enrolment only: ten single-use recovery codes, shown this once */
  recoveryCodes: Type.Optional(Type.Array(Type.String())),
})
export type StaffSigninToken = Static<typeof StaffSigninTokenSchema>

export const StaffSignOutSchema = Type.Object({ signedOut: Type.Literal(true) })

export const staffSigninEndpoints = {
  staffSigninAuthorize: {
    ...endpoint('GET', '/staff-auth/authorize', {
      query: StaffSigninAuthorizeQuerySchema,
      redirect: "the issuer's staff sign-in page, or {STAFF_CONSOLE_URL}/signin-callback?error=",
    }),
    summary: "Start a staff sign-in: to the issuer's staff sign-in page",
  },
  staffSigninCallback: {
    ...endpoint('GET', '/staff-auth/callback', {
      query: OidcCallbackQuerySchema,
      redirect: '{STAFF_CONSOLE_URL}/signin-callback?ticket=&secondFactor=totp|enrol or ?error=',
    }),
    summary: "The issuer's answer: to the staff console with a one-time sign-in ticket",
  },
  staffSigninTotpEnrol: {
    ...post('/staff-auth/totp/enrol', StaffTotpEnrolmentSchema, { body: StaffTotpEnrolBodySchema }),
    summary: 'A new TOTP secret for a member without one (shown once)',
  },
  staffSigninToken: {
    ...post('/staff-auth/token', StaffSigninTokenSchema, { body: StaffSigninTokenBodySchema }),
    summary: 'The second factor (TOTP or a recovery code): the staff token',
  },
  staffSignOut: {
    ...post('/staff-auth/signout', StaffSignOutSchema, { body: Closed({}) }),
    summary: 'Sign out: every staff token of the caller ends',
  },
}
export type StaffSigninEndpoints = typeof staffSigninEndpoints
