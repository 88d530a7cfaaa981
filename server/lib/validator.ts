import type { FastifySchemaCompiler } from 'fastify'
import type { TSchema } from 'typebox'
import { Compile } from 'typebox/compile'
import { Value } from 'typebox/value'

/**
 * The route schemas' validator: @fastify/type-provider-typebox's TypeBoxValidatorCompiler with a fast
 * path. That compiler passes every querystring, params and headers object through TypeBox's
 * `Value.Convert` (a schema walk at run time) before the compiled check, on every request; with the
 * locale headers schema on every /api route that walk was a fifth of a search request's CPU (issue 10's
 * profile). Here the compiled check runs first: a value that already passes is used as it is (Convert
 * leaves a value of the right type unchanged), and only one that fails is converted ("2" for an integer,
 * "true" for a boolean) and checked again, as before. Bodies are never converted, as before.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = Compile(schema)
  return (value: unknown) => {
    if (check.Check(value)) return { value }
    if (httpPart === 'body') return { error: check.Errors(value) as never }
    const converted = Value.Convert(schema, value)
    if (check.Check(converted)) return { value: converted }
    return { error: check.Errors(converted) as never }
  }
}
