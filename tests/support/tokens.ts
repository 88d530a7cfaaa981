/** Builds JWT-shaped tokens for client-side tests (the app reads, never verifies, the claims). */
const b64url = (s: string) =>
  Buffer.from(s, 'utf8').toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')

export function fakeToken(claims: { sub: string; name?: string; exp: number }): string {
  return `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}.c2lnbmF0dXJl`
}

export const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s
