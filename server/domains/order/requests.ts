import crypto from 'node:crypto'
import { sendDownload } from '../../lib/file-download'
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify'
import fastifyMultipart from '@fastify/multipart'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { validatorCompiler } from '../../lib/validator'
import type { TSchema } from 'typebox'
import { Value } from 'typebox/value'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { isUniqueViolation } from '../../db/errors'
import {
  OrderRequestFieldsSchema,
  type OrderRequest,
  type OrderRequestFields,
} from '../../../types/order/request-schemas'
import {
  RETURN_FILE_MAX_BYTES,
  RETURN_FILES_MAX,
  categoryLabel,
  checkRequestFields,
  checkReturnFile,
  followUpBy,
  isCancellable,
  isKnownCategory,
  safeFileName,
  typeOfName,
  type FileError,
  type OrderRequestKind,
} from '../../../types/order/return-rules'
import { ApiError, ok } from '../../errors'
import { localized as msg } from '../../locale'
import { routeOf } from '../../lib/openapi'
import { serveEndpoint } from '../../lib/endpoint-route'
import { callerOrder } from '../../lib/account-rows'
import { orderEndpoints } from '../../../types/order/endpoints'
import { isStorableText } from '../../lib/storable-text'
import { refusal } from '../../lib/localized-refusal'
import { emitEvent } from '../platform'

/**
 * After the order (issue 12; spec §2 "return or after-sales form, cancel-order request", §3 "Return
 * request: category, sub category, contact name, phone, email, remark, files", §5 "Return files: at
 * most 2, size above 0, type and size limited", §9 "Return and cancellation follow-up: 48 hours").
 *
 * - POST /order/:orderNumber/cancel   JSON; the caller's account's order in a cancellable status; one open cancel request per order
 * - POST /order/:orderNumber/return   multipart/form-data: the fields + up to 2 parts `files` (JPEG, PNG, PDF; 1 B..5 MB;
 *                                     the first bytes must match the extension). Everything is read and checked
 *                                     before anything is written; the request and its files commit in one transaction.
 * - GET  /order/:orderNumber/requests the requests of that order
 * - GET  /order/request-file/:fileId  the bytes, as an attachment, with the stored type and nosniff
 * Another account's order number or file id answers 404, exactly like a missing one.
 * Files are kept in the database (bytea): they survive restarts and move with backups.
 */

const FIELD_NAMES = ['category', 'subCategory', 'contactName', 'phone', 'email', 'remark'] as const

/** §8 "Upload: wrong type, empty or too large, failed." */
function uploadError(req: FastifyRequest, e: FileError | 'failed', name?: string): ApiError {
  const f = name ? ` (${name})` : ''
  const fz = name ? `（${name}）` : ''
  switch (e) {
    case 'wrongType':
      return new ApiError(
        400,
        'BAD_REQUEST',
        msg(
          req,
          `Upload failed: wrong file type${f}. JPEG, PNG or PDF only`,
          `上传失败：文件类型错误${fz}，仅支持 JPEG、PNG 或 PDF`,
        ),
        'UPLOAD_WRONG_TYPE',
      )
    case 'mismatch':
      return new ApiError(
        400,
        'BAD_REQUEST',
        msg(
          req,
          `Upload failed: wrong file type${f}. The content does not match the file extension`,
          `上传失败：文件类型错误${fz}，文件内容与扩展名不符`,
        ),
        'UPLOAD_WRONG_TYPE',
      )
    case 'empty':
    case 'tooLarge':
      return new ApiError(
        400,
        'BAD_REQUEST',
        msg(
          req,
          `Upload failed: the file is empty or too large${f}. Each file must be above 0 bytes and at most 5 MB`,
          `上传失败：文件为空或过大${fz}，每个文件须大于 0 字节且不超过 5 MB`,
        ),
        'UPLOAD_EMPTY_OR_TOO_LARGE',
      )
    case 'tooMany':
      return new ApiError(
        400,
        'BAD_REQUEST',
        msg(req, 'Upload failed: at most 2 files', '上传失败：最多上传 2 个文件'),
        'UPLOAD_TOO_MANY_FILES',
      )
    default:
      return new ApiError(
        400,
        'BAD_REQUEST',
        msg(req, 'Upload failed. Please try again', '上传失败，请重试'),
        'UPLOAD_FAILED',
      )
  }
}

function fieldsError(req: FastifyRequest, kind: OrderRequestKind, f: OrderRequestFields): ApiError | null {
  if (!isKnownCategory(kind, f.category, f.subCategory)) {
    return new ApiError(
      400,
      'VALIDATION_ERROR',
      msg(req, 'Please choose a category and a sub-category from the list', '请从列表中选择类别和子类别'),
      'CATEGORY_UNKNOWN',
    )
  }
  const errs = checkRequestFields(f)
  if (errs.contactName)
    return new ApiError(
      400,
      'VALIDATION_ERROR',
      msg(req, 'Please enter the contact name (at most 60 characters)', '请输入联系人姓名（最多 60 个字符）'),
    )
  if (errs.phone)
    return new ApiError(400, 'VALIDATION_ERROR', msg(req, 'Please enter a valid phone number', '请输入有效的电话号码'))
  if (errs.email)
    return new ApiError(400, 'VALIDATION_ERROR', msg(req, 'Please enter a valid email address', '请输入有效的电子邮箱'))
  if (errs.remark)
    return new ApiError(
      400,
      'VALIDATION_ERROR',
      msg(req, 'The remark is at most 500 characters', '备注最多 500 个字符'),
    )
  return null
}

interface ReadFile {
  name: string
  mime: string
  bytes: Buffer
}

/** Reads the whole multipart body (at most 2 files of 5 MB), checking as it goes; throws a 400 on the first problem. */
async function readReturnForm(req: FastifyRequest): Promise<{ fields: OrderRequestFields; files: ReadFile[] }> {
  if (!req.isMultipart()) {
    throw new ApiError(
      400,
      'BAD_REQUEST',
      msg(req, 'The return form is sent as multipart/form-data', '退货表单须以 multipart/form-data 提交'),
      'UPLOAD_FAILED',
    )
  }
  const raw: Record<string, string> = {}
  const files: ReadFile[] = []
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'files') {
          part.file.resume()
          throw uploadError(req, 'failed')
        }
        if (files.length >= RETURN_FILES_MAX) {
          part.file.resume()
          throw uploadError(req, 'tooMany')
        }
        const name = safeFileName(part.filename ?? '')
        if (!typeOfName(name)) {
          part.file.resume()
          throw uploadError(req, 'wrongType', name)
        }
        const bytes = await part.toBuffer() // throws FST_REQ_FILE_TOO_LARGE above the limit
        const e = checkReturnFile({ name, size: bytes.length, head: bytes.subarray(0, 8) })
        if (e) throw uploadError(req, e, name)
        files.push({ name, mime: typeOfName(name)!.mime, bytes })
      } else {
        if (
          (FIELD_NAMES as readonly string[]).includes(part.fieldname) &&
          !part.valueTruncated &&
          typeof part.value === 'string'
        ) {
          if (!isStorableText(part.value))
            throw new ApiError(
              400,
              'VALIDATION_ERROR',
              msg(
                req,
                `${part.fieldname} contains characters that cannot be stored`,
                `${part.fieldname} 含有无法保存的字符`,
              ),
            )
          raw[part.fieldname] = part.value
        } else if (part.valueTruncated) {
          throw new ApiError(
            400,
            'VALIDATION_ERROR',
            msg(req, `${part.fieldname} is too long`, `${part.fieldname} 过长`),
          )
        }
      }
    }
  } catch (err) {
    if (err instanceof ApiError) throw err
    const code = (err as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw uploadError(req, 'tooLarge')
    if (code === 'FST_FILES_LIMIT') throw uploadError(req, 'tooMany')
    throw uploadError(req, 'failed')
  }
  const fields = {
    category: raw.category ?? '',
    subCategory: raw.subCategory ?? '',
    contactName: raw.contactName ?? '',
    phone: raw.phone ?? '',
    email: raw.email ?? '',
    ...(raw.remark !== undefined ? { remark: raw.remark } : {}),
  }
  if (!Value.Check(OrderRequestFieldsSchema, fields)) {
    const missing = FIELD_NAMES.filter((k) => k !== 'remark' && !fields[k])
    throw new ApiError(
      400,
      'VALIDATION_ERROR',
      msg(req, `Please fill in: ${missing.join(', ') || 'the form'}`, `请填写：${missing.join('、') || '表单'}`),
    )
  }
  return { fields, files }
}

export async function orderRequestRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const db = opts.db
  // multipart parsing in this scope only: 2 files of 5 MB, a few short fields
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: RETURN_FILE_MAX_BYTES,
      files: RETURN_FILES_MAX,
      fields: 10,
      fieldSize: 4096,
      parts: 12,
      headerPairs: 100,
    },
  })
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const required = { preHandler: app.requireUser }

  const toApi = async (req: FastifyRequest, orderNumber: string, ids: number[]): Promise<OrderRequest[]> => {
    if (!ids.length) return []
    const [rows, files] = await Promise.all([
      db
        .selectFrom('order_requests')
        .selectAll()
        .where('id', 'in', ids)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),
      db
        .selectFrom('order_request_files')
        .select(['id', 'request_id', 'file_name', 'mime', 'size'])
        .where('request_id', 'in', ids)
        .orderBy('id')
        .execute(),
    ])
    const lang = req.locale.language === 'en' ? 'en' : 'zh'
    return rows.map((x) => {
      const l = categoryLabel(x.kind, x.category, x.sub_category, lang)
      return {
        requestNumber: x.request_number,
        kind: x.kind,
        orderNumber,
        category: x.category,
        subCategory: x.sub_category,
        categoryLabel: l.category,
        subCategoryLabel: l.subCategory,
        contactName: x.contact_name,
        phone: x.phone,
        email: x.email,
        remark: x.remark,
        status: x.status,
        createdAt: new Date(x.created_at).toISOString(),
        followUpBy: new Date(x.follow_up_by).toISOString(),
        files: files
          .filter((f) => f.request_id === x.id)
          .map((f) => ({ fileId: f.id, fileName: f.file_name, mime: f.mime, size: f.size })),
      }
    })
  }

  const insertRequest = async (
    req: FastifyRequest,
    kind: OrderRequestKind,
    order: { id: number; account_id: number; order_number: string },
    f: OrderRequestFields,
    files: ReadFile[],
  ) => {
    const now = new Date()
    try {
      return await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('order_requests')
          .values({
            kind,
            order_id: order.id,
            account_id: order.account_id,
            user_id: req.user!.id,
            category: f.category,
            sub_category: f.subCategory,
            contact_name: f.contactName.trim(),
            phone: f.phone.trim(),
            email: f.email.trim(),
            remark: f.remark?.trim() || null,
            created_at: now,
            follow_up_by: followUpBy(now),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        for (const file of files) {
          await trx
            .insertInto('order_request_files')
            .values({
              request_id: row.id,
              file_name: file.name,
              mime: file.mime,
              size: file.bytes.length,
              sha256: crypto.createHash('sha256').update(file.bytes).digest('hex'),
              content: file.bytes,
            })
            .execute()
        }
        // issue 24: the ERP hears of the cancel or return request in its transaction (the outbox)
        await emitEvent(trx, 'order_request.created', {
          requestId: row.id,
          kind,
          orderId: order.id,
          orderNumber: order.order_number,
          accountId: order.account_id,
          userId: req.user!.id,
          category: f.category,
          subCategory: f.subCategory,
          files: files.length,
          followUpBy: followUpBy(now).toISOString(),
        })
        return row.id
      })
    } catch (err) {
      if (isUniqueViolation(err)) throw openCancelExists(req)
      throw err
    }
  }

  const openCancelExists = refusal(409, 'CONFLICT', 'CANCEL_REQUEST_OPEN', [
    'A cancellation request for this order is already being handled',
    '该订单的取消申请正在处理中',
  ])

  // ---- POST /order/:orderNumber/cancel
  serveEndpoint(app, orderEndpoints.requestCancel, app.requireUser, async (req) => {
    const o = await callerOrder(db, req, req.params.orderNumber)
    const bad = fieldsError(req, 'cancel', req.body)
    if (bad) throw bad
    if (!isCancellable(o.status)) {
      throw new ApiError(
        409,
        'CONFLICT',
        msg(
          req,
          'This order can no longer be cancelled online: it is already being processed. Please contact customer service',
          '该订单已在处理中，无法在线取消，请联系客服',
        ),
        'ORDER_NOT_CANCELLABLE',
      )
    }
    const open = await db
      .selectFrom('order_requests')
      .select('id')
      .where('order_id', '=', o.id)
      .where('kind', '=', 'cancel')
      .where('status', 'in', ['pending', 'in_progress'])
      .executeTakeFirst()
    if (open) throw openCancelExists(req)
    const id = await insertRequest(req, 'cancel', o, req.body, [])
    return ok((await toApi(req, o.order_number, [id]))[0])
  })

  // ---- POST /order/:orderNumber/return (multipart)
  // the body is a stream read by the handler (readReturnForm): the table's body schema documents it and validates nothing
  const streamedBody: FastifySchemaCompiler<TSchema> = (c) =>
    c.httpPart === 'body' ? () => true : validatorCompiler(c)
  r.route({
    ...routeOf(orderEndpoints.requestReturn, { consumes: ['multipart/form-data'] }),
    ...required,
    validatorCompiler: streamedBody,
    handler: async (req) => {
      const o = await callerOrder(db, req, req.params.orderNumber) // before reading any byte of the files
      const { fields, files } = await readReturnForm(req)
      const bad = fieldsError(req, 'return', fields)
      if (bad) throw bad
      const id = await insertRequest(req, 'return', o, fields, files)
      return ok((await toApi(req, o.order_number, [id]))[0])
    },
  })

  // ---- GET /order/:orderNumber/requests
  serveEndpoint(app, orderEndpoints.orderRequests, app.requireUser, async (req) => {
    const o = await callerOrder(db, req, req.params.orderNumber)
    const rows = await db
      .selectFrom('order_requests')
      .select('id')
      .where('order_id', '=', o.id)
      .where('account_id', '=', req.user!.accountId)
      .limit(100)
      .execute()
    return ok(
      await toApi(
        req,
        o.order_number,
        rows.map((x) => x.id),
      ),
    )
  })

  // ---- GET /order/request-file/:fileId
  serveEndpoint(app, orderEndpoints.requestFile, app.requireUser, async (req, reply) => {
    const f = await db
      .selectFrom('order_request_files as f')
      .innerJoin('order_requests as q', 'q.id', 'f.request_id')
      .select(['f.file_name', 'f.mime', 'f.content'])
      .where('f.id', '=', req.params.fileId)
      .where('q.account_id', '=', req.user!.accountId)
      .executeTakeFirst()
    if (!f) throw new ApiError(404, 'NOT_FOUND', msg(req, 'File not found', '未找到该文件'), 'FILE_NOT_FOUND')
    return sendDownload(reply, f)
  })
}
