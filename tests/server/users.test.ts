import { it } from 'node:test'
import assert from 'node:assert/strict'
import { Value } from 'typebox/value'
import { SuccessEnvelope, UserInfoSchema, PersonaSchema, type UserInfo } from '../../types'
import { DEMO_USERS } from '../../server/db/seed'
import { signAccessToken } from '../../server/domains/auth/tokens'
import { describeEachDb, tokenFor, auth, TEST_JWT_SECRET, okData, assertErrorAnswer } from './helpers'

describeEachDb('users, auth, persona, errorTracking', (ctx) => {
  async function info(userName: string): Promise<UserInfo> {
    return okData(
      await ctx().app.inject({ url: '/api/users/info', headers: auth(await tokenFor(ctx(), userName)) }),
      UserInfoSchema,
    )
  }

  it('approved.cn: Siebel Approved customer, account 1000001, not black-listed, zh/cn', async () => {
    const d = await info(DEMO_USERS.approvedCn)
    assert.equal(d.userProfile.userName, 'approved.cn')
    assert.equal(d.userRoles.registrationStatus, 'Siebel Approved')
    assert.equal(d.userRoles.accountType, 'customer')
    assert.equal(d.userRoles.blackListed, false)
    assert.equal(d.accountNumber, '1000001')
    assert.equal(d.country, 'cn')
    assert.equal(d.language, 'zh')
    assert.equal(d.userProfile.contactInfo.country.isoCode, 'CN')
  })

  it('approved.cn ship-tos: one ACTIVE default, one ACTIVE prepaid bill-to, one PENDING with a web reference and no account number', async () => {
    const d = await info(DEMO_USERS.approvedCn)
    const list = d.allShipToBillToAddresses
    assert.equal(list.length, 3)
    const defaults = list.filter((x) => x.shipTo.isDefault)
    assert.equal(defaults.length, 1)
    assert.equal(defaults[0].shipTo.addressStatus, 'ACTIVE')
    const prepaid = list.find((x) => x.billTos.some((b) => b.prePaymentAccount))
    assert.ok(prepaid)
    assert.equal(prepaid.shipTo.addressStatus, 'ACTIVE')
    assert.equal(prepaid.shipTo.isDefault, false)
    const pending = list.find((x) => x.shipTo.addressStatus === 'PENDING')!
    assert.ok(pending)
    assert.equal(pending.shipTo.accountNumber, null)
    assert.match(pending.shipTo.webReference!, /^WEB-\d{4}-\d{6}$/)
    for (const x of list) {
      assert.ok(x.billTos.length >= 1 && x.billTos.length <= 2)
      assert.match(x.shipTo.attentionTo!, /^[^,]+,\+?\d+$/) // "name,phone"
    }
  })

  it('approved.cn: credit records include an overdue bill-to; default supply centre is Normal', async () => {
    const d = await info(DEMO_USERS.approvedCn)
    assert.ok(d.creditRecords.some((c) => c.overdue))
    assert.ok(d.allShipToBillToAddresses.some((x) => x.billTos.some((b) => b.overdue)))
    assert.deepEqual(d.spCenter.defaultSC, {
      supplyCenterId: 'SC-SH-001',
      shipToNum: '1000001',
      operationStatus: 'Normal',
    })
  })

  it('lite.cn: Partially Registered, single default ship-to in PENDING status, no supply centre', async () => {
    const d = await info(DEMO_USERS.liteCn)
    assert.equal(d.userRoles.registrationStatus, 'Partially Registered')
    assert.equal(d.userRoles.blackListed, false)
    assert.equal(d.allShipToBillToAddresses.length, 1)
    assert.equal(d.allShipToBillToAddresses[0].shipTo.isDefault, true)
    assert.equal(d.allShipToBillToAddresses[0].shipTo.addressStatus, 'PENDING')
    assert.equal(d.spCenter.defaultSC, null)
  })

  it('spec §6 "distributor, agent and special accounts are blocked from the membership centre": distributor.cn is blackListed', async () => {
    const d = await info(DEMO_USERS.distributorCn)
    assert.equal(d.userRoles.registrationStatus, 'Siebel Approved')
    assert.equal(d.userRoles.accountType, 'distributor')
    assert.equal(d.userRoles.blackListed, true)
  })

  it('approved.in: India, English', async () => {
    const d = await info(DEMO_USERS.approvedIn)
    assert.equal(d.country, 'in')
    assert.equal(d.language, 'en')
    assert.equal(d.userRoles.registrationStatus, 'Siebel Approved')
    assert.equal(d.allShipToBillToAddresses[0].shipTo.isoCountryCode, 'IN')
  })

  it("one user never sees another user's addresses", async () => {
    const keys = async (u: string) =>
      new Set(
        (await info(u)).allShipToBillToAddresses.flatMap((x) => [
          x.shipTo.addressKey,
          ...x.billTos.map((b) => b.addressKey),
        ]),
      )
    const all = await Promise.all(Object.values(DEMO_USERS).map(keys))
    for (let i = 0; i < all.length; i++)
      for (let j = i + 1; j < all.length; j++)
        for (const k of all[i]) assert.ok(!all[j].has(k), `address ${k} leaked across users`)
    // username/userid headers cannot switch the account: the token decides
    const t = await tokenFor(ctx(), DEMO_USERS.liteCn)
    const res = await ctx().app.inject({
      url: '/api/users/info',
      headers: auth(t, { username: 'approved.cn', userid: 'U-7f3a9c21' }),
    })
    assert.equal(res.json().data.userProfile.userName, 'lite.cn')
  })

  it('401 TOKEN_INVALID with no token', async () => {
    const res = await ctx().app.inject('/api/users/info')
    assertErrorAnswer(res, 401, 'TOKEN_INVALID', 'Missing bearer token')
  })

  it('401 TOKEN_INVALID with a tampered token or one signed with another secret', async () => {
    const t = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    const [h, p, s] = t.split('.')
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString())
    payload.sub = 'U-2b8d4e60'
    const tampered = [h, Buffer.from(JSON.stringify(payload)).toString('base64url'), s].join('.')
    for (const bad of [
      tampered,
      t.slice(0, -3) + 'abc',
      'not-a-jwt',
      await tokenFor(ctx(), DEMO_USERS.approvedCn, { secret: 'another-secret-another-secret-xx' }),
    ]) {
      const res = await ctx().app.inject({ url: '/api/users/info', headers: auth(bad) })
      assert.equal(res.statusCode, 401)
      assert.equal(res.json().code, 'TOKEN_INVALID')
    }
  })

  it('spec §4 "a token whose expiry is in the past is discarded": expired token → 401 TOKEN_EXPIRED', async () => {
    const now = Math.floor(Date.now() / 1000)
    const t = await tokenFor(ctx(), DEMO_USERS.approvedCn, { nowSeconds: now - 7300, ttlSeconds: 7200 })
    const res = await ctx().app.inject({ url: '/api/users/info', headers: auth(t) })
    assert.equal(res.statusCode, 401)
    assert.equal(res.json().code, 'TOKEN_EXPIRED')
  })

  it('a valid token for a user that does not exist → 401', async () => {
    const t = await signAccessToken(TEST_JWT_SECRET, { userId: 'U-nobody', userName: 'nobody' })
    const res = await ctx().app.inject({ url: '/api/users/info', headers: auth(t) })
    assert.equal(res.statusCode, 401)
  })

  it('GET /persona: labels follow languagecode (en vs cn)', async () => {
    const t = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    const en = (await ctx().app.inject({ url: '/api/persona', headers: auth(t, { languagecode: 'en' }) })).json()
    assert.ok(Value.Check(SuccessEnvelope(PersonaSchema), en))
    assert.deepEqual(en.data, {
      roles: ['Scientist / Researcher', 'Lab Manager'],
      industries: ['Academic & Government Research'],
      interestAreas: ['Cell Biology', 'Flow Cytometry'],
    })
    const cn = (await ctx().app.inject({ url: '/api/persona', headers: auth(t, { languagecode: 'cn' }) })).json()
    assert.deepEqual(cn.data.roles, ['科研人员', '实验室主管'])
    assert.equal((await ctx().app.inject('/api/persona')).statusCode, 401)
  })

  it('GET /persona/getDSPersona: fallback persona derived from the account', async () => {
    const t = await tokenFor(ctx(), DEMO_USERS.distributorCn)
    const res = await ctx().app.inject({ url: '/api/persona/getDSPersona', headers: auth(t, { languagecode: 'en' }) })
    assert.equal(res.statusCode, 200)
    assert.ok(Value.Check(SuccessEnvelope(PersonaSchema), res.json()))
    assert.deepEqual(res.json().data.roles, ['Purchasing / Procurement'])
    assert.equal((await ctx().app.inject('/api/persona/getDSPersona')).statusCode, 401)
  })

  it('POST /users/errorTracking stores a row (anonymous or logged in) and never stores tokens', async () => {
    const t = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/users/errorTracking',
      headers: auth(t, { source: 'h5' }),
      payload: {
        error: `GET /users/info failed with Bearer ${t}`,
        response: { status: 401, headers: { authorization: `Bearer ${t}` }, data: { token: t, note: `tok=${t}` } },
        tokens: { hasCookieToken: true, hasStoredToken: false, expiresAt: 1767225600 },
      },
    })
    assert.equal(res.statusCode, 200, res.body)
    const id = res.json().data.id
    assert.equal(typeof id, 'number')
    const row = await ctx().db.selectFrom('error_reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    const stored = JSON.stringify(row)
    assert.ok(!stored.includes(t), 'raw token stored')
    assert.ok(!stored.includes(t.split('.')[2]), 'token signature stored')
    assert.equal(row.user_id, 'U-7f3a9c21')
    assert.equal(row.source, 'h5')
    assert.deepEqual(row.payload.tokens, { hasCookieToken: true, hasStoredToken: false, expiresAt: 1767225600 })

    // a bad token on an optional route is treated as anonymous
    const anon = await ctx().app.inject({
      method: 'POST',
      url: '/api/users/errorTracking',
      headers: auth('garbage'),
      payload: { error: 'x' },
    })
    assert.equal(anon.statusCode, 200)
    const arow = await ctx()
      .db.selectFrom('error_reports')
      .select('user_id')
      .where('id', '=', anon.json().data.id)
      .executeTakeFirstOrThrow()
    assert.equal(arow.user_id, null)
  })

  it('errorTracking rejects a raw token field and unknown properties (400)', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/users/errorTracking',
      payload: { tokens: { hasCookieToken: true, hasStoredToken: true, accessToken: 'eyJ.x.y' } },
    })
    assert.equal(res.statusCode, 400)
    assert.match(res.json().message, /body\/tokens\/accessToken/)
    const res2 = await ctx().app.inject({ method: 'POST', url: '/api/users/errorTracking', payload: { token: 'abc' } })
    assert.equal(res2.statusCode, 400)
  })

  it('errorTracking caps the stored size', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/users/errorTracking',
      payload: { response: Array.from({ length: 100 }, (_, i) => ({ i, s: 'z'.repeat(500) })) },
    })
    assert.equal(res.statusCode, 200)
    const row = await ctx()
      .db.selectFrom('error_reports')
      .selectAll()
      .where('id', '=', res.json().data.id)
      .executeTakeFirstOrThrow()
    assert.ok(JSON.stringify(row.payload).length <= 17 * 1024)
  })
})
