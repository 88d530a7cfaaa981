import { it } from 'node:test'
import assert from 'node:assert/strict'
import { Value } from 'typebox/value'
import { AddressMutationResultSchema, PhoneDictionaryEntrySchema, ShipToSchema, SuccessEnvelope } from '../../types'
import { DEMO_USERS } from '../../server/db/seed'
import { MAX_PENDING_SHIP_TOS, MAX_SHIP_TOS_PER_ACCOUNT } from '../../types/account/address-rules'
import { describeEachDb, tokenFor, auth, userRow, type TestContext } from './helpers'

const EN = { languagecode: 'en' }
const PHONE_MSG = 'Please enter a valid mobile or phone number (" numbers "and "-" are allowed)'

const validCn = {
  isoCountryCode: 'CN' as const,
  contactName: '孙丽',
  contactPhone: '+86 13912345678',
  mobile: '13912345678',
  email: 'sun.li@example.edu.cn',
  deptOrLab: '免疫学实验室',
  companyOrInstitution: '上海交通大学医学院',
  stateOrProvince: '上海市',
  city: '上海市',
  streetAddress: '黄浦区重庆南路 227 号',
  buildingOrRoom: '科研楼 6 楼',
  zipCode: '200025',
}
const validIn = {
  isoCountryCode: 'IN' as const,
  contactName: 'Arjun Rao',
  contactPhone: '091-9876543210',
  mobile: '9876543210',
  email: 'arjun.rao@example.ac.in',
  companyOrInstitution: 'National Centre for Biological Sciences',
  stateOrProvince: 'Karnataka',
  city: 'Bengaluru',
  streetAddress: 'GKVK, Bellary Road',
  zipCode: '560065',
}

async function shipTos(ctx: TestContext, accountId: number) {
  return ctx.db.selectFrom('ship_tos').selectAll().where('account_id', '=', accountId).orderBy('id').execute()
}

describeEachDb('account: addresses (spec sections 2, 4, 5, 7)', (ctx) => {
  it('POST /address/changeDefault moves the default to another ACTIVE ship-to; /users/info shows it and exactly one default remains', async () => {
    const u = await userRow(ctx(), DEMO_USERS.approvedCn)
    const token = await tokenFor(ctx(), u.user_name)
    const before = await shipTos(ctx(), u.account_id)
    const oldDefault = before.find((s) => s.is_default)!
    const target = before.find((s) => !s.is_default && s.address_status === 'ACTIVE')!
    assert.ok(oldDefault && target, 'seed: one ACTIVE default and another ACTIVE ship-to')
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/address/changeDefault',
      headers: auth(token),
      payload: { addresskey: target.address_key, userid: u.id, username: u.user_name },
    })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.json().data, null)
    // "then the user is revalidated": /users/info reflects the change
    const info = (await ctx().app.inject({ url: '/api/users/info', headers: auth(token) })).json().data
    const defaults = info.allShipToBillToAddresses.filter((x: { shipTo: { isDefault: boolean } }) => x.shipTo.isDefault)
    assert.deepEqual(
      defaults.map((x: { shipTo: { addressKey: string } }) => x.shipTo.addressKey),
      [target.address_key],
    )
    // back to the seeded default
    const back = await ctx().app.inject({
      method: 'POST',
      url: '/api/address/changeDefault',
      headers: auth(token),
      payload: { addresskey: oldDefault.address_key, userid: u.id, username: u.user_name },
    })
    assert.equal(back.statusCode, 200)
    const after = await shipTos(ctx(), u.account_id)
    assert.deepEqual(
      after.filter((s) => s.is_default).map((s) => s.address_key),
      [oldDefault.address_key],
    )
  })

  it('issue 22 #15: 30 concurrent "Set as Default" changes alternating two ship-tos all succeed (no 5xx, no deadlock) and exactly one default remains', async () => {
    // spec section 4: "Click 'Set as Default', confirm Yes or No, post the change" — a user tapping two addresses
    // quickly (or two devices) must never get a server error, and the account keeps exactly one default.
    const u = await userRow(ctx(), DEMO_USERS.approvedCn)
    const token = await tokenFor(ctx(), u.user_name)
    const before = await shipTos(ctx(), u.account_id)
    const a = before.find((s) => s.is_default)!
    const b = before.find((s) => !s.is_default && s.address_status === 'ACTIVE')!
    assert.ok(a && b, 'seed: one ACTIVE default and another ACTIVE ship-to')
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        ctx().app.inject({
          method: 'POST',
          url: '/api/address/changeDefault',
          headers: auth(token),
          payload: { addresskey: (i % 2 ? b : a).address_key, userid: u.id, username: u.user_name },
        }),
      ),
    )
    const failed = answers.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.body}`)
    assert.deepEqual(failed, [], 'every concurrent change is answered 200')
    const defaults = (await shipTos(ctx(), u.account_id)).filter((s) => s.is_default).map((s) => s.address_key)
    assert.equal(defaults.length, 1, `exactly one default after the race: ${defaults.join(', ')}`)
    assert.ok([a.address_key, b.address_key].includes(defaults[0]))
    // back to the seeded default for the tests below
    const back = await ctx().app.inject({
      method: 'POST',
      url: '/api/address/changeDefault',
      headers: auth(token),
      payload: { addresskey: a.address_key, userid: u.id, username: u.user_name },
    })
    assert.equal(back.statusCode, 200, back.body)
  })

  it('"Only ACTIVE addresses can be edited or set as default": a PENDING ship-to is refused with 409 and nothing changes', async () => {
    const u = await userRow(ctx(), DEMO_USERS.approvedCn)
    const token = await tokenFor(ctx(), u.user_name)
    const before = await shipTos(ctx(), u.account_id)
    const pending = before.find((s) => s.address_status === 'PENDING')!
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/address/changeDefault',
      headers: auth(token, EN),
      payload: { addresskey: pending.address_key, userid: u.id, username: u.user_name },
    })
    assert.equal(res.statusCode, 409)
    assert.equal(res.json().code, 'CONFLICT')
    assert.match(res.json().message, /Only active addresses can be edited or set as default/)
    assert.deepEqual(await shipTos(ctx(), u.account_id), before)
    // the same refusal in Chinese for a Chinese request
    const zh = await ctx().app.inject({
      method: 'POST',
      url: '/api/address/changeDefault',
      headers: auth(token, { languagecode: 'cn' }),
      payload: { addresskey: pending.address_key, userid: u.id, username: u.user_name },
    })
    assert.match(zh.json().message, /只有已生效的地址才能编辑或设为默认/)
  })

  it('GET /address/getPhoneDictionary: CN +86 and IN +91, labelled in the request language', async () => {
    const token = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    const en = (await ctx().app.inject({ url: '/api/address/getPhoneDictionary', headers: auth(token, EN) })).json()
    assert.ok(Value.Check(SuccessEnvelope(PhoneDictionaryEntrySchema), { ...en, data: en.data[0] }))
    assert.deepEqual(
      en.data.map((e: { dialCode: string; label: string }) => [e.dialCode, e.label]),
      [
        ['+86', 'China'],
        ['+91', 'India'],
      ],
    )
    const zh = (
      await ctx().app.inject({ url: '/api/address/getPhoneDictionary', headers: auth(token, { languagecode: 'cn' }) })
    ).json()
    assert.deepEqual(
      zh.data.map((e: { label: string }) => e.label),
      ['中国', '印度'],
    )
  })

  it("GET /address/detail returns the caller's ship-to in the /users/info shape", async () => {
    const token = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    const res = await ctx().app.inject({ url: '/api/address/detail?addressKey=ST-1000001-01', headers: auth(token) })
    assert.equal(res.statusCode, 200)
    const d = res.json().data
    assert.ok(Value.Check(ShipToSchema, d), JSON.stringify(d))
    assert.equal(d.accountNumber, '1000001')
    assert.deepEqual(d.relatedBillTo, ['2000001', '2000002'])
    const info = (await ctx().app.inject({ url: '/api/users/info', headers: auth(token) })).json().data
    assert.deepEqual(
      d,
      info.allShipToBillToAddresses.find(
        (x: { shipTo: { addressKey: string } }) => x.shipTo.addressKey === 'ST-1000001-01',
      ).shipTo,
    )
  })

  it('POST /address/add: valid CN and IN phones are stored with the dial prefix; the new address is PENDING with a web reference', async () => {
    const cnUser = await userRow(ctx(), DEMO_USERS.approvedCn)
    const cnToken = await tokenFor(ctx(), cnUser.user_name)
    const beforeDefault = (await shipTos(ctx(), cnUser.account_id)).find((s) => s.is_default)!
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/address/add',
      headers: auth(cnToken),
      payload: { ...validCn, isDefault: true },
    })
    assert.equal(res.statusCode, 200, res.body)
    const body = res.json()
    assert.ok(Value.Check(SuccessEnvelope(AddressMutationResultSchema), body), res.body)
    const st = body.data.shipTo
    assert.equal(st.addressStatus, 'PENDING')
    assert.match(st.webReference ?? '', /^WEB-\d{4}-\d{6}$/)
    assert.match(st.addressKey, /^ST-PENDING-\d{6}$/)
    assert.equal(st.accountNumber, null)
    assert.equal(st.phoneNumber, '+86-13912345678')
    assert.equal(st.attentionTo, '孙丽,+86-13912345678')
    // a PENDING address does not take the default from an ACTIVE one
    assert.equal(st.isDefault, false)
    const row = await ctx()
      .db.selectFrom('ship_tos')
      .selectAll()
      .where('address_key', '=', st.addressKey)
      .executeTakeFirstOrThrow()
    assert.equal(row.account_id, cnUser.account_id)
    assert.equal(row.phone_number, '+86-13912345678')
    assert.equal((await shipTos(ctx(), cnUser.account_id)).find((s) => s.is_default)!.id, beforeDefault.id)

    const inToken = await tokenFor(ctx(), DEMO_USERS.approvedIn)
    const r2 = await ctx().app.inject({
      method: 'POST',
      url: '/api/address/add',
      headers: auth(inToken),
      payload: validIn,
    })
    assert.equal(r2.statusCode, 200, r2.body)
    assert.equal(r2.json().data.shipTo.phoneNumber, '+91-9876543210')
    assert.equal(r2.json().data.shipTo.country, 'India')
    assert.notEqual(r2.json().data.shipTo.webReference, st.webReference)
    await ctx()
      .db.deleteFrom('ship_tos')
      .where('address_key', 'in', [st.addressKey, r2.json().data.shipTo.addressKey])
      .execute()
  })

  it('POST /address/add: each invalid field is named in the 400 message and nothing is stored', async () => {
    const u = await userRow(ctx(), DEMO_USERS.approvedCn)
    const token = await tokenFor(ctx(), u.user_name)
    const before = await shipTos(ctx(), u.account_id)
    const cases: { name: string; patch: Record<string, unknown>; field: string; text: string | RegExp; iso?: 'IN' }[] =
      [
        { name: 'phone pattern', patch: { contactPhone: '138-abc-0000' }, field: 'contactPhone', text: PHONE_MSG },
        {
          name: 'CN prefix length (+86 with 12 digits)',
          patch: { contactPhone: '+86 1391234567' },
          field: 'contactPhone',
          text: /13 digits in total/,
        },
        {
          name: 'IN prefix length (+91 with 13 digits)',
          patch: { contactPhone: '+91 98765432101' },
          field: 'contactPhone',
          text: /12 digits in total/,
          iso: 'IN',
        },
        { name: 'bad email', patch: { email: 'sun.li@' }, field: 'email', text: 'Please enter valid email id' },
        {
          name: '10-digit CN mobile',
          patch: { mobile: '1391234567' },
          field: 'mobile',
          text: 'Please enter a valid 11-digit mobile number',
        },
        {
          name: 'blank contact name',
          patch: { contactName: '   ' },
          field: 'contactName',
          text: 'Contact name is a required field',
        },
        { name: 'missing contact name', patch: { contactName: undefined }, field: 'contactName', text: /required/ },
        {
          name: 'markup in a text field',
          patch: { streetAddress: '<script>x</script>' },
          field: 'streetAddress',
          text: /must not contain/,
        },
      ]
    for (const c of cases) {
      const base = c.iso === 'IN' ? validIn : validCn
      const payload = { ...base, ...c.patch }
      const res = await ctx().app.inject({ method: 'POST', url: '/api/address/add', headers: auth(token, EN), payload })
      assert.equal(res.statusCode, 400, `${c.name}: ${res.body}`)
      const body = res.json()
      assert.equal(body.code, 'VALIDATION_ERROR')
      assert.ok(body.message.includes(`body/${c.field}`), `${c.name}: ${body.message}`)
      if (typeof c.text === 'string') assert.ok(body.message.includes(c.text), `${c.name}: ${body.message}`)
      else assert.match(body.message, c.text, c.name)
    }
    // several bad fields at once: every one is named
    const many = await ctx().app.inject({
      method: 'POST',
      url: '/api/address/add',
      headers: auth(token, EN),
      payload: { ...validCn, email: 'x', mobile: '123', contactPhone: 'abc' },
    })
    assert.equal(many.statusCode, 400)
    for (const f of ['contactPhone', 'mobile', 'email'])
      assert.ok(many.json().message.includes(`body/${f}`), many.json().message)
    // in Chinese for a Chinese request
    const zh = await ctx().app.inject({
      method: 'POST',
      url: '/api/address/add',
      headers: auth(token, { languagecode: 'cn' }),
      payload: { ...validCn, email: 'x' },
    })
    assert.match(zh.json().message, /请输入有效的邮箱地址/)
    assert.deepEqual(await shipTos(ctx(), u.account_id), before)
  })

  it(`POST /address/add: at most ${MAX_PENDING_SHIP_TOS} new addresses under review and ${MAX_SHIP_TOS_PER_ACCOUNT} ship-tos per account (409), and a Partially Registered user's new address becomes the default and an onboarding request`, async () => {
    const dist = await userRow(ctx(), DEMO_USERS.distributorCn)
    const token = await tokenFor(ctx(), dist.user_name)
    const start = (await shipTos(ctx(), dist.account_id)).length
    const added: string[] = []
    const add = async (i: number) => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/address/add',
        headers: auth(token, EN),
        payload: { ...validCn, nickName: `仓库 ${i}` },
      })
      if (res.statusCode === 200) added.push(res.json().data.shipTo.addressKey)
      return res
    }
    for (let i = 0; i < MAX_PENDING_SHIP_TOS; i++) assert.equal((await add(i)).statusCode, 200)
    const waiting = await add(99)
    assert.equal(waiting.statusCode, 409)
    assert.match(waiting.json().message, /already under review/)
    // the review approves them: more can be added, up to the account limit
    const review = () =>
      ctx().db.updateTable('ship_tos').set({ address_status: 'ACTIVE' }).where('address_key', 'in', added).execute()
    await review()
    for (let i = start + MAX_PENDING_SHIP_TOS; i < MAX_SHIP_TOS_PER_ACCOUNT; i++) {
      const res = await add(i)
      assert.equal(res.statusCode, 200, res.body)
      await review()
    }
    const over = await add(100)
    assert.equal(over.statusCode, 409)
    assert.match(over.json().message, new RegExp(`at most ${MAX_SHIP_TOS_PER_ACCOUNT}`))
    assert.equal((await shipTos(ctx(), dist.account_id)).length, MAX_SHIP_TOS_PER_ACCOUNT)
    await ctx().db.deleteFrom('ship_tos').where('address_key', 'in', added).execute()

    // lite.cn: its only ship-to is a PENDING default ("counts as no usable address"), so the new one may take the default
    const lite = await userRow(ctx(), DEMO_USERS.liteCn)
    const liteToken = await tokenFor(ctx(), lite.user_name)
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/address/add',
      headers: auth(liteToken),
      payload: { ...validCn, isDefault: true },
    })
    assert.equal(res.statusCode, 200, res.body)
    const key = res.json().data.shipTo.addressKey
    assert.equal(res.json().data.shipTo.isDefault, true)
    const defaults = (await shipTos(ctx(), lite.account_id)).filter((s) => s.is_default)
    assert.deepEqual(
      defaults.map((s) => s.address_key),
      [key],
    )
    const status = (await ctx().app.inject({ url: '/api/onboarding/status', headers: auth(liteToken) })).json().data
    assert.equal(status.requests[0].kind, 'address')
    assert.equal(status.requests[0].status, 'PENDING')
    // restore the seeded default
    await ctx().db.deleteFrom('ship_tos').where('address_key', '=', key).execute()
    await ctx()
      .db.updateTable('ship_tos')
      .set({ is_default: true })
      .where('address_key', '=', 'ST-PENDING-000456')
      .execute()
  })

  it('POST /address/update edits an ACTIVE ship-to (phone re-normalised); PENDING → 409; missing addressKey → 400', async () => {
    const u = await userRow(ctx(), DEMO_USERS.approvedCn)
    const token = await tokenFor(ctx(), u.user_name)
    const original = await ctx()
      .db.selectFrom('ship_tos')
      .selectAll()
      .where('address_key', '=', 'ST-1000002-01')
      .executeTakeFirstOrThrow()
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/address/update',
      headers: auth(token),
      payload: { ...validCn, addressKey: 'ST-1000002-01', contactName: '陈静', contactPhone: '8613900139000' },
    })
    assert.equal(res.statusCode, 200, res.body)
    const st = res.json().data.shipTo
    assert.equal(st.attentionTo, '陈静,+86-13900139000')
    assert.equal(st.streetAddress, validCn.streetAddress)
    assert.equal(st.accountNumber, '1000002', 'the account number is kept')
    assert.equal(st.addressStatus, 'ACTIVE')

    const before = await shipTos(ctx(), u.account_id)
    const pending = await ctx().app.inject({
      method: 'POST',
      url: '/api/address/update',
      headers: auth(token, EN),
      payload: { ...validCn, addressKey: 'ST-PENDING-000123' },
    })
    assert.equal(pending.statusCode, 409)
    assert.match(pending.json().message, /Only active addresses can be edited/)
    const noKey = await ctx().app.inject({
      method: 'POST',
      url: '/api/address/update',
      headers: auth(token, EN),
      payload: validCn,
    })
    assert.equal(noKey.statusCode, 400)
    assert.match(noKey.json().message, /body\/addressKey/)
    const bad = await ctx().app.inject({
      method: 'POST',
      url: '/api/address/update',
      headers: auth(token, EN),
      payload: { ...validCn, addressKey: 'ST-1000002-01', contactPhone: '+86 139' },
    })
    assert.equal(bad.statusCode, 400)
    assert.deepEqual(await shipTos(ctx(), u.account_id), before)
    const { id: _id, ...restore } = original
    await ctx().db.updateTable('ship_tos').set(restore).where('id', '=', original.id).execute()
  })
})
