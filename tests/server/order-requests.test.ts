import { it, describe } from 'node:test'
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { buildApp } from '../../server/app'
import { createPgliteDb } from '../../server/db'
import {
  describeEachDb,
  PGLITE_HALF_ONLY,
  tokenFor,
  auth,
  pgliteTemplate,
  TEST_JWT_SECRET,
  type TestContext,
  userRow,
} from './helpers'

/**
 * After the order (issue 12). Spec §3 "Return request: category, sub category, contact name, phone,
 * email, remark, files." §5 "Return files: at most 2, size above 0, type and size limited." §8 "Upload:
 * wrong type, empty or too large, failed." §9 "Return and cancellation follow-up: 48 hours."
 */

const EN = { countrycode: 'cn', languagecode: 'en' }
const ZH = { countrycode: 'cn', languagecode: 'zh' }

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(2048)])
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(1024)])
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(4096)])

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer }
export function multipart(parts: Part[]) {
  const boundary = `----x12b${crypto.randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`))
    if ('value' in p) chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`))
    else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
        ),
      )
      chunks.push(p.data, Buffer.from('\r\n'))
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

const FIELDS = {
  category: 'return',
  subCategory: 'damaged',
  contactName: 'Li Lei',
  phone: '13800138000',
  email: 'li.lei@example.com',
  remark: 'Box crushed, two vials broken',
}
const fieldParts = (f: Record<string, string> = FIELDS): Part[] =>
  Object.entries(f).map(([name, value]) => ({ name, value }))
const file = (filename: string, data: Buffer, type = 'application/octet-stream'): Part => ({
  name: 'files',
  filename,
  type,
  data,
})

async function counts(ctx: TestContext) {
  const r = await sql<{
    q: number
    f: number
  }>`SELECT (SELECT count(*)::int FROM order_requests) AS q, (SELECT count(*)::int FROM order_request_files) AS f`.execute(
    ctx.db,
  )
  return r.rows[0]
}

describeEachDb('order requests (cancel, return with files)', (ctx) => {
  const orderOf = async (userName: string, n = 0) => {
    const u = await userRow(ctx(), userName)
    const rows = await ctx()
      .db.selectFrom('orders')
      .select(['id', 'order_number'])
      .where('account_id', '=', u.account_id)
      .orderBy('id')
      .execute()
    assert.ok(rows.length > n, `${userName} has at least ${n + 1} orders in the seed`)
    return rows[n]
  }
  const setStatus = (id: number, status: string) =>
    ctx().db.updateTable('orders').set({ status }).where('id', '=', id).execute()
  const postReturn = async (orderNumber: string, parts: Part[], token: string | null, headers = EN) => {
    const m = multipart(parts)
    const res = await ctx().app.inject({
      method: 'POST',
      url: `/api/order/${encodeURIComponent(orderNumber)}/return`,
      payload: m.payload,
      headers: { ...(token ? auth(token) : {}), ...headers, 'content-type': m.contentType },
    })
    return { status: res.statusCode, body: res.json() }
  }
  const cancel = async (orderNumber: string, body: unknown, token: string | null, headers = EN) => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: `/api/order/${encodeURIComponent(orderNumber)}/cancel`,
      payload: body as object,
      headers: { ...(token ? auth(token) : {}), ...headers },
    })
    return { status: res.statusCode, body: res.json() }
  }
  const CANCEL = {
    category: 'order_error',
    subCategory: 'wrong_quantity',
    contactName: 'Li Lei',
    phone: '+86-13800138000',
    email: 'li.lei@example.com',
    remark: 'Ordered 10, needed 1',
  }

  it('cancel-order request: a submitted order of the caller gets RR-number, pending, follow-up 48 h later; a second open one is 409', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const o = await orderOf('approved.cn', 0)
    await setStatus(o.id, 'SUBMITTED')
    const r = await cancel(o.order_number, CANCEL, t)
    assert.equal(r.status, 200, JSON.stringify(r.body))
    const d = r.body.data
    assert.match(d.requestNumber, /^RR-\d{6}$/)
    assert.equal(d.kind, 'cancel')
    assert.equal(d.status, 'pending')
    assert.equal(d.categoryLabel, 'Error in the order')
    // §9 "Return and cancellation follow-up: 48 hours."
    assert.equal(new Date(d.followUpBy).getTime() - new Date(d.createdAt).getTime(), 48 * 3600_000)
    const again = await cancel(o.order_number, CANCEL, t)
    assert.equal(again.status, 409)
    assert.equal(again.body.reason, 'CANCEL_REQUEST_OPEN')
  })

  it('cancel of an order already shipped or completed: 409 with a clear message, nothing stored', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const o = await orderOf('approved.cn', 1)
    const before = await counts(ctx())
    for (const status of ['SHIPPED', 'COMPLETED', 'CANCELLED', 'IN_PROGRESS']) {
      await setStatus(o.id, status)
      const r = await cancel(o.order_number, CANCEL, t)
      assert.equal(r.status, 409, status)
      assert.equal(r.body.reason, 'ORDER_NOT_CANCELLABLE')
      assert.match(r.body.message, /can no longer be cancelled/)
    }
    const zh = await cancel(o.order_number, CANCEL, t, ZH)
    assert.match(zh.body.message, /无法在线取消/)
    assert.deepEqual(await counts(ctx()), before)
  })

  it('cancel with a bad phone, a bad email or an unknown category: 400', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const o = await orderOf('approved.cn', 2)
    await setStatus(o.id, 'PENDING_REVIEW')
    assert.equal((await cancel(o.order_number, { ...CANCEL, phone: 'call me' }, t)).status, 400)
    assert.equal((await cancel(o.order_number, { ...CANCEL, email: 'li@' }, t)).status, 400)
    assert.equal(
      (await cancel(o.order_number, { ...CANCEL, subCategory: 'damaged' }, t)).body.reason,
      'CATEGORY_UNKNOWN',
    )
    assert.equal((await cancel(o.order_number, { ...CANCEL, contactName: 'x'.repeat(61) }, t)).status, 400)
    // spec §9 "Remark | max 100 characters" (issue 22: it took 500)
    assert.equal((await cancel(o.order_number, { ...CANCEL, remark: '备'.repeat(101) }, t)).status, 400)
  })

  it('return with 2 files (JPEG + PDF): stored, listed, and downloadable by the owner byte-identical with nosniff', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const o = await orderOf('approved.cn', 0)
    await setStatus(o.id, 'COMPLETED') // any placed order may be returned
    const r = await postReturn(
      o.order_number,
      [
        ...fieldParts(),
        file('damage photo.JPG', JPEG, 'image/jpeg'),
        file('delivery-note.pdf', PDF, 'application/pdf'),
      ],
      t,
    )
    assert.equal(r.status, 200, JSON.stringify(r.body))
    const d = r.body.data
    assert.equal(d.kind, 'return')
    assert.equal(d.subCategoryLabel, 'Damaged in transit')
    assert.deepEqual(
      d.files.map((f: { fileName: string; mime: string; size: number }) => [f.fileName, f.mime, f.size]),
      [
        ['damage photo.JPG', 'image/jpeg', JPEG.length],
        ['delivery-note.pdf', 'application/pdf', PDF.length],
      ],
    )
    for (const [i, bytes] of [JPEG, PDF].entries()) {
      const res = await ctx().app.inject({
        method: 'GET',
        url: `/api/order/request-file/${d.files[i].fileId}`,
        headers: { ...auth(t), ...EN },
      })
      assert.equal(res.statusCode, 200)
      assert.ok(res.rawPayload.equals(bytes), 'byte-identical')
      assert.equal(res.headers['content-type'], d.files[i].mime)
      assert.equal(res.headers['x-content-type-options'], 'nosniff')
      assert.match(String(res.headers['content-disposition']), /^attachment; /)
    }
    const list = await ctx().app.inject({
      method: 'GET',
      url: `/api/order/${o.order_number}/requests`,
      headers: { ...auth(t), ...EN },
    })
    assert.equal(list.statusCode, 200)
    assert.ok(
      list
        .json()
        .data.some(
          (x: { requestNumber: string; files: unknown[] }) =>
            x.requestNumber === d.requestNumber && x.files.length === 2,
        ),
    )
    const row = await ctx()
      .db.selectFrom('order_request_files')
      .select(['sha256'])
      .where('id', '=', d.files[1].fileId)
      .executeTakeFirstOrThrow()
    assert.equal(row.sha256, crypto.createHash('sha256').update(PDF).digest('hex'))
  })

  // Issue 22, item 21: "Stored upload names keep U+202E (right-to-left override) and other bidi controls; strip them."
  it('upload names are stored without bidi controls: "photo\\u202Egnp.jpg" is stored, listed and sent as "photognp.jpg"', async () => {
    const t = await tokenFor(ctx(), 'distributor.cn')
    const o = await orderOf('distributor.cn', 1)
    await setStatus(o.id, 'COMPLETED')
    const names = ['photo\u202Egnp.jpg', '\u2067proof\u2069\u200f.pdf']
    const r = await postReturn(
      o.order_number,
      [...fieldParts(), file(names[0], JPEG, 'image/jpeg'), file(names[1], PDF, 'application/pdf')],
      t,
    )
    assert.equal(r.status, 200, JSON.stringify(r.body))
    const expected = ['photognp.jpg', 'proof.pdf']
    assert.deepEqual(
      r.body.data.files.map((f: { fileName: string }) => f.fileName),
      expected,
    )
    const stored = await ctx()
      .db.selectFrom('order_request_files')
      .select('file_name')
      .where(
        'id',
        'in',
        r.body.data.files.map((f: { fileId: number }) => f.fileId),
      )
      .orderBy('id')
      .execute()
    assert.deepEqual(
      stored.map((f) => f.file_name),
      expected,
    )
    const dl = await ctx().app.inject({
      method: 'GET',
      url: `/api/order/request-file/${r.body.data.files[0].fileId}`,
      headers: { ...auth(t), ...EN },
    })
    assert.equal(dl.statusCode, 200)
    assert.doesNotMatch(
      decodeURIComponent(String(dl.headers['content-disposition'])),
      /[\u202a-\u202e\u2066-\u2069\u200e\u200f]/,
    )
  })

  it('return without files (the files are optional) and with a PNG', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const o = await orderOf('approved.cn', 0)
    assert.equal(
      (
        await postReturn(
          o.order_number,
          fieldParts({ ...FIELDS, category: 'after_sales', subCategory: 'documents' }),
          t,
        )
      ).status,
      200,
    )
    const png = await postReturn(o.order_number, [...fieldParts(), file('label.png', PNG)], t)
    assert.equal(png.status, 200)
    assert.equal(png.body.data.files[0].mime, 'image/png')
  })

  it('the five upload failures answer 400 in both languages (§8 wording) and store nothing', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const o = await orderOf('approved.cn', 0)
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024)]) // 5 MB + 9 bytes
    const cases: [string, Part[], string, RegExp, RegExp][] = [
      [
        'an empty file',
        [file('empty.pdf', Buffer.alloc(0))],
        'UPLOAD_EMPTY_OR_TOO_LARGE',
        /empty or too large/,
        /文件为空或过大/,
      ],
      [
        'the wrong type',
        [file('tool.exe', Buffer.from('MZ\x90\x00'))],
        'UPLOAD_WRONG_TYPE',
        /wrong file type/,
        /文件类型错误/,
      ],
      [
        'an oversized file',
        [file('scan.pdf', big)],
        'UPLOAD_EMPTY_OR_TOO_LARGE',
        /empty or too large/,
        /文件为空或过大/,
      ],
      [
        'a third file',
        [file('a.jpg', JPEG), file('b.png', PNG), file('c.pdf', PDF)],
        'UPLOAD_TOO_MANY_FILES',
        /at most 2 files/,
        /最多上传 2 个文件/,
      ],
      [
        'content not matching its extension',
        [file('photo.jpg', PDF)],
        'UPLOAD_WRONG_TYPE',
        /does not match/,
        /内容与扩展名不符/,
      ],
    ]
    const before = await counts(ctx())
    for (const [what, files, reason, en, zh] of cases) {
      // a valid first file too, where it fits: it must not be kept when the other fails
      const parts = files.length < 2 ? [...fieldParts(), file('ok.jpg', JPEG), ...files] : [...fieldParts(), ...files]
      const r = await postReturn(o.order_number, parts, t)
      assert.equal(r.status, 400, `${what}: ${JSON.stringify(r.body)}`)
      assert.equal(r.body.reason, reason, what)
      assert.match(r.body.message, /^Upload failed/, what)
      assert.match(r.body.message, en, what)
      const rz = await postReturn(o.order_number, parts, t, ZH)
      assert.match(rz.body.message, zh, what)
    }
    assert.deepEqual(await counts(ctx()), before, 'nothing stored on any failure')
  })

  it('a form that is not multipart, or a broken multipart body: 400 with the error envelope', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const o = await orderOf('approved.cn', 0)
    const json = await ctx().app.inject({
      method: 'POST',
      url: `/api/order/${o.order_number}/return`,
      payload: FIELDS,
      headers: { ...auth(t), ...EN },
    })
    assert.equal(json.statusCode, 400)
    assert.equal(json.json().success, false)
    const broken = await ctx().app.inject({
      method: 'POST',
      url: `/api/order/${o.order_number}/return`,
      payload: '--x\r\nnope',
      headers: { ...auth(t), ...EN, 'content-type': 'multipart/form-data; boundary=x' },
    })
    assert.equal(broken.statusCode, 400)
    const missing = await postReturn(o.order_number, fieldParts({ category: 'return', subCategory: 'damaged' }), t)
    assert.equal(missing.status, 400)
  })

  it('two files of exactly 5 MB are accepted (the limit is inclusive) and come back byte-identical', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const o = await orderOf('approved.cn', 0)
    const max = 5 * 1024 * 1024
    const a = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1]), crypto.randomBytes(max - 4)])
    const b = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(max - 9)])
    const started = Date.now()
    const r = await postReturn(o.order_number, [...fieldParts(), file('a.jpeg', a), file('b.pdf', b)], t)
    const ms = Date.now() - started
    assert.equal(r.status, 200, JSON.stringify(r.body))
    console.log(`[${ctx().kind}] return with 2 × 5 MB files: ${ms} ms`)
    const dl = await ctx().app.inject({
      method: 'GET',
      url: `/api/order/request-file/${r.body.data.files[1].fileId}`,
      headers: { ...auth(t), ...EN },
    })
    assert.ok(dl.rawPayload.equals(b))
  })

  it('"one open cancel request per order" holds under two requests at once: one 200, one 409', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const o = await orderOf('approved.cn', 4)
    await setStatus(o.id, 'PENDING_APPROVAL')
    const both = await Promise.all([cancel(o.order_number, CANCEL, t), cancel(o.order_number, CANCEL, t)])
    assert.deepEqual(both.map((x) => x.status).sort(), [200, 409])
    const n = await ctx()
      .db.selectFrom('order_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('order_id', '=', o.id)
      .where('kind', '=', 'cancel')
      .executeTakeFirstOrThrow()
    assert.equal(Number(n.n), 1)
  })

  it("IDOR matrix: another account's order number and file id answer 404 for cancel, return, list and download; anonymous 401", async () => {
    const owner = await tokenFor(ctx(), 'approved.cn')
    const other = await tokenFor(ctx(), 'distributor.cn')
    const india = await tokenFor(ctx(), 'approved.in')
    const mine = await orderOf('approved.cn', 3)
    await setStatus(mine.id, 'SUBMITTED')
    const r = await postReturn(mine.order_number, [...fieldParts(), file('p.jpg', JPEG)], owner)
    assert.equal(r.status, 200)
    const fileId = r.body.data.files[0].fileId
    const before = await counts(ctx())
    for (const attacker of [other, india]) {
      assert.equal((await cancel(mine.order_number, CANCEL, attacker)).status, 404)
      assert.equal((await postReturn(mine.order_number, [...fieldParts(), file('p.jpg', JPEG)], attacker)).status, 404)
      const list = await ctx().app.inject({
        method: 'GET',
        url: `/api/order/${mine.order_number}/requests`,
        headers: { ...auth(attacker), ...EN },
      })
      assert.equal(list.statusCode, 404)
      const dl = await ctx().app.inject({
        method: 'GET',
        url: `/api/order/request-file/${fileId}`,
        headers: { ...auth(attacker), ...EN },
      })
      assert.equal(dl.statusCode, 404)
      assert.equal(dl.json().reason, 'FILE_NOT_FOUND')
    }
    // a missing order / file reads the same as another account's
    assert.equal((await cancel('NO-SUCH-ORDER', CANCEL, owner)).status, 404)
    assert.equal(
      (
        await ctx().app.inject({
          method: 'GET',
          url: '/api/order/request-file/2147483647',
          headers: { ...auth(owner), ...EN },
        })
      ).statusCode,
      404,
    )
    // anonymous
    assert.equal((await cancel(mine.order_number, CANCEL, null)).status, 401)
    assert.equal((await postReturn(mine.order_number, [...fieldParts(), file('p.jpg', JPEG)], null)).status, 401)
    assert.equal(
      (await ctx().app.inject({ method: 'GET', url: `/api/order/${mine.order_number}/requests`, headers: EN }))
        .statusCode,
      401,
    )
    assert.equal(
      (await ctx().app.inject({ method: 'GET', url: `/api/order/request-file/${fileId}`, headers: EN })).statusCode,
      401,
    )
    assert.deepEqual(await counts(ctx()), before, 'no attempt stored anything')
  })
})

describe('order request files survive a restart (stored in the database)', { skip: PGLITE_HALF_ONLY }, () => {
  it('PGlite with a data folder: submit a return with a file, close the app and the database, reopen: the file downloads byte-identical', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'x12b-restart-'))
    const dataDir = path.join(dir, 'pg')
    try {
      let h = await createPgliteDb({ dataDir, loadDataDir: await pgliteTemplate() })
      let app = buildApp({ db: h.db, jwtSecret: TEST_JWT_SECRET })
      await app.ready()
      const u = await h.db
        .selectFrom('users')
        .select('account_id')
        .where('user_name', '=', 'approved.cn')
        .executeTakeFirstOrThrow()
      const o = await h.db
        .selectFrom('orders')
        .select('order_number')
        .where('account_id', '=', u.account_id)
        .orderBy('id')
        .limit(1)
        .executeTakeFirstOrThrow()
      const m = multipart([...fieldParts(), file('proof.pdf', PDF)])
      const t = await tokenFor(h.db, 'approved.cn')
      const res = await app.inject({
        method: 'POST',
        url: `/api/order/${o.order_number}/return`,
        payload: m.payload,
        headers: { ...auth(t), ...EN, 'content-type': m.contentType },
      })
      assert.equal(res.statusCode, 200, res.body)
      const fileId = res.json().data.files[0].fileId
      await app.close()
      await h.close()

      h = await createPgliteDb({ dataDir })
      app = buildApp({ db: h.db, jwtSecret: TEST_JWT_SECRET })
      await app.ready()
      const dl = await app.inject({
        method: 'GET',
        url: `/api/order/request-file/${fileId}`,
        headers: { ...auth(t), ...EN },
      })
      assert.equal(dl.statusCode, 200)
      assert.ok(dl.rawPayload.equals(PDF))
      await app.close()
      await h.close()
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
