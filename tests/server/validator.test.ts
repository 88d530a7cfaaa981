import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Type } from 'typebox'
import { validatorCompiler } from '../../server/lib/validator'
import { schemaFieldErrors, type SchemaError } from '../../server/lib/schema-errors'

/**
 * server/lib/validator.ts: the compiled TypeBox check first; querystring, params and headers converted only
 * when they fail as they are (issue 10: the conversion on every request was a fifth of a search's CPU).
 * What a route receives must not change: "2" for an integer still arrives as 2, a bad value is still
 * refused, and a body is never converted.
 */
const Query = Type.Object({
  q: Type.String(),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  exact: Type.Optional(Type.Boolean()),
})
const validate = (httpPart: string, value: unknown) =>
  (
    validatorCompiler({ schema: Query, httpPart, method: 'GET', url: '/x' }) as (v: unknown) => {
      value?: unknown
      error?: unknown
    }
  )(value)

test('a querystring that passes as it is arrives as it is (the same object)', () => {
  const value = { q: 'anti-cd3' }
  const r = validate('querystring', value)
  assert.equal(r.error, undefined)
  assert.equal(r.value, value)
})

test('strings for an integer and a boolean are converted, as before', () => {
  const r = validate('querystring', { q: 'anti-cd3', page: '2', exact: 'true' })
  assert.equal(r.error, undefined)
  assert.deepEqual(r.value, { q: 'anti-cd3', page: 2, exact: true })
})

test('a value no conversion makes valid is refused with the errors', () => {
  for (const bad of [{ q: 'x', page: 'two' }, { q: 'x', page: '0' }, { page: '1' }]) {
    const r = validate('querystring', bad)
    assert.equal(r.value, undefined, JSON.stringify(bad))
    assert.ok([...(r.error as Iterable<unknown>)].length > 0, JSON.stringify(bad))
  }
})

test('a body is never converted: "2" for an integer is refused', () => {
  const r = validate('body', { q: 'x', page: '2' })
  assert.equal(r.value, undefined)
  assert.ok([...(r.error as Iterable<unknown>)].length > 0)
  assert.equal(validate('body', { q: 'x', page: 2 }).error, undefined)
})

// issue 25: a refused body's errors by field (`fields` of the VALIDATION_ERROR envelope), for a form to show
test('schemaFieldErrors: each failing field by its path (nested a.b.0.c), in English or Chinese, without the path', () => {
  const Body = Type.Object(
    {
      reason: Type.String({ minLength: 1, maxLength: 5 }),
      lines: Type.Array(Type.Object({ quantity: Type.Integer({ minimum: 1 }) })),
    },
    { additionalProperties: false },
  )
  const check = validatorCompiler({ schema: Body, httpPart: 'body', method: 'POST', url: '/x' }) as (v: unknown) => {
    error?: Iterable<SchemaError>
  }
  const errors = [...check({ reason: 'too long', lines: [{ quantity: 0 }], extra: true }).error!]
  const en = schemaFieldErrors(errors, 'en')
  assert.equal(en.reason, 'At most 5 characters')
  assert.equal(en['lines.0.quantity'], 'At least 1')
  assert.equal(en.extra, 'Not an accepted field')
  const zh = schemaFieldErrors(errors, 'zh')
  assert.equal(zh.reason, '不能超过 5 个字符')
  assert.equal(zh['lines.0.quantity'], '不能小于 1')
  assert.equal(schemaFieldErrors([...check({ lines: [] }).error!], 'zh').reason, '必填')
  // fields named like an object's own members (the fuzz test sent "constructor") are fields like any other
  const odd = JSON.parse('{"reason":"ok","lines":[],"constructor":1,"__proto__":2,"toString":3}')
  const named = schemaFieldErrors([...check(odd).error!], 'en')
  assert.deepEqual(Object.keys(named).sort(), ['__proto__', 'constructor', 'toString'])
  assert.equal(named.constructor, 'Not an accepted field')
  assert.equal(Object.getPrototypeOf(named), Object.prototype)
})
