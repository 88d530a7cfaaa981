import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import {
  IDEMPOTENCY_KEY_PATTERN,
  idempotencyKey,
  once,
  priorOf,
  replayOrRefuse,
  requestHash,
} from '../../server/lib/idempotency'

/**
 * The one Idempotency-Key helper (server/lib/idempotency.ts) on its own; the endpoints that use it
 * are tested through their routes (order-idempotency, flashbuy-place, gifts, member-play).
 */

const sha = (s: string) => crypto.createHash('sha256').update(s).digest('hex')
const reqWith = (key?: string | string[]) =>
  ({ headers: key === undefined ? {} : { 'idempotency-key': key } }) as unknown as FastifyRequest
class Invalid extends Error {}
class Reused extends Error {}
const unique = Object.assign(new Error('duplicate key value'), { code: '23505' })

describe('Idempotency-Key', () => {
  it('the key: 8–128 letters, digits, _ : . -; the first of repeated headers', () => {
    assert.equal(
      idempotencyKey(reqWith('abc-DEF_1:2.3'), () => new Invalid()),
      'abc-DEF_1:2.3',
    )
    assert.equal(
      idempotencyKey(reqWith(['first-key-1', 'second-key']), () => new Invalid()),
      'first-key-1',
    )
    for (const bad of [undefined, '', 'short', 'x'.repeat(129), 'with space 1', 'ünïcode-key']) {
      assert.throws(() => idempotencyKey(reqWith(bad), () => new Invalid()), Invalid, String(bad))
    }
    assert.ok(IDEMPOTENCY_KEY_PATTERN.test('x'.repeat(128)))
  })

  it("the body's hash: sha256 of its JSON with sorted keys, the same string the placements stored before (a stored key still replays)", () => {
    // the bodies of the endpoints, as the tests send them, and the canonical JSON they were hashed from
    const cases: [unknown, string][] = [
      [
        {
          termsAccepted: true,
          addressKey: 'ST-3000001-01',
          skuList: [{ quantity: 2, cartItemId: 7 }],
          poNumber: 'PO-2026-00999',
        },
        '{"addressKey":"ST-3000001-01","poNumber":"PO-2026-00999","skuList":[{"cartItemId":7,"quantity":2}],"termsAccepted":true}',
      ],
      [
        {
          quantity: 2,
          flashBuyId: 'FS-1',
          addressKey: 'k',
          receiver: { phone: '13800138000', name: '张三' },
          expectedUnitPrice: 12.5,
          remark: undefined,
        },
        '{"addressKey":"k","expectedUnitPrice":12.5,"flashBuyId":"FS-1","quantity":2,"receiver":{"name":"张三","phone":"13800138000"}}',
      ],
      [
        { giftId: 'G1', quantity: 1, contact: { name: 'a', phone: '+86 1' }, addressKey: 'k', remark: '' },
        '{"addressKey":"k","contact":{"name":"a","phone":"+86 1"},"giftId":"G1","quantity":1,"remark":""}',
      ],
      [{ activityId: 'draw-1' }, '{"activityId":"draw-1"}'],
      [{ a: [1, null, 'x'], b: {} }, '{"a":[1,null,"x"],"b":{}}'],
    ]
    for (const [body, canonical] of cases) assert.equal(requestHash(body), sha(canonical))
    assert.equal(requestHash({ b: 1, a: 2 }), requestHash({ a: 2, b: 1 }))
    assert.notEqual(requestHash({ a: 1 }), requestHash({ a: 2 }))
  })

  it('an earlier answer: replayed for the same hash, refused for another, nothing when none', () => {
    const stored = { hash: 'h1', answer: { n: 1 } }
    assert.deepEqual(priorOf(stored, 'h1'), { kind: 'replay', answer: { n: 1 } })
    assert.deepEqual(priorOf(stored, 'h2'), { kind: 'reused' })
    assert.equal(priorOf(null, 'h1'), null)
    assert.deepEqual(
      replayOrRefuse(stored, 'h1', () => new Reused()),
      { n: 1 },
    )
    assert.throws(() => replayOrRefuse(stored, 'h2', () => new Reused()), Reused)
    assert.equal(
      replayOrRefuse(undefined, 'h2', () => new Reused()),
      null,
    )
  })

  it('once: runs when nothing is stored; replays or refuses a stored answer without running', async () => {
    let runs = 0
    const run = async () => {
      runs++
      return { n: 2 }
    }
    assert.deepEqual(await once({ key: 'k', hash: 'h', reused: () => new Reused(), find: async () => null, run }), {
      n: 2,
    })
    assert.deepEqual(
      await once({
        key: 'k',
        hash: 'h',
        reused: () => new Reused(),
        find: async () => ({ hash: 'h', answer: { n: 1 } }),
        run,
      }),
      { n: 1 },
    )
    await assert.rejects(
      once({
        key: 'k',
        hash: 'h',
        reused: () => new Reused(),
        find: async () => ({ hash: 'x', answer: { n: 1 } }),
        run,
      }),
      Reused,
    )
    assert.equal(runs, 1)
  })

  it('once: a twin that committed first (23505) is replayed, or refused when its body differs; other failures pass through', async () => {
    const committed = (hash: string) => {
      let reads = 0
      return async () => (reads++ === 0 ? null : { hash, answer: { n: 1 } })
    }
    const clash = async (): Promise<{ n: number }> => {
      throw unique
    }
    assert.deepEqual(
      await once({ key: 'k', hash: 'h', reused: () => new Reused(), find: committed('h'), run: clash }),
      { n: 1 },
    )
    await assert.rejects(
      once({ key: 'k', hash: 'h', reused: () => new Reused(), find: committed('x'), run: clash }),
      Reused,
    )
    // a unique violation with nothing stored under the key (another unique index) is not a replay
    await assert.rejects(
      once({ key: 'k', hash: 'h', reused: () => new Reused(), find: async () => null, run: clash }),
      (e) => e === unique,
    )
    const boom = new Error('boom')
    await assert.rejects(
      once({
        key: 'k',
        hash: 'h',
        reused: () => new Reused(),
        find: committed('h'),
        run: async () => {
          throw boom
        },
      }),
      (e) => e === boom,
    )
  })
})
