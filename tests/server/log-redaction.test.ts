import { it } from 'node:test'
import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { buildApp } from '../../server/app'
import { isCredentialParam, redactUrl } from '../../server/lib/safe-url'
import { newPgliteDb, TEST_JWT_SECRET } from './helpers'

/** Issue 8: `?access_token=` was written to the request log in full. Every credential-bearing key is redacted. */
it('credential-bearing query keys are redacted, whatever their spelling; ordinary ones are kept', () => {
  for (const k of [
    'access_token', 'ACCESS_TOKEN', 'refresh_token', 'id_token', 'token', 'auth_token', 'accessToken', 'api_key', 'apiKey', 'api-key',
    'key', 'client_secret', 'secret', 'password', 'passwd', 'pwd', 'session_key', 'sessionid', 'X-Amz-Signature', 'X-Amz-Credential',
    'X-Amz-Security-Token', 'sig', 'signature', 'code', 'state', 'ticket', 'jwt', 'nonce', 'code_verifier', 'user[password]', 'auth',
  ]) assert.ok(isCredentialParam(k), k)
  for (const k of ['page', 'pageSize', 'q', 'catalogNumber', 'returnTo', 'openid', 'mode', 'lang', 'countryCode', 'categoryId', 'kind']) {
    assert.ok(!isCredentialParam(k), k)
  }
  assert.equal(redactUrl('/api/health?access_token=eyJ.abc.def&page=2'), '/api/health?access_token=[redacted]&page=2')
  assert.equal(redactUrl('/x?access%5Ftoken=s3cret&api%2Dkey=k'), '/x?access%5Ftoken=[redacted]&api%2Dkey=[redacted]')
  assert.equal(redactUrl('/x?token'), '/x?token')
})

it('the request log of a real app never holds the value of ?access_token=, ?refresh_token= or ?api_key=', async () => {
  const lines: string[] = []
  const stream = new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb() } })
  const h = await newPgliteDb()
  const app = buildApp({ db: h.db, jwtSecret: TEST_JWT_SECRET, logger: { level: 'info', stream } })
  try {
    await app.ready()
    await app.inject('/api/health?access_token=AT-SECRET-1&refresh_token=RT-SECRET-2&api_key=AK-SECRET-3&page=7')
    const log = lines.join('')
    assert.match(log, /\/api\/health\?access_token=\[redacted\]&refresh_token=\[redacted\]&api_key=\[redacted\]&page=7/)
    assert.doesNotMatch(log, /AT-SECRET-1|RT-SECRET-2|AK-SECRET-3/)
  } finally {
    await app.close()
    await h.close()
  }
})
