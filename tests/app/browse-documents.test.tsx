import TestUtils from '../support/taro4-test-utils'
import { useLocale } from '../../src/store/locale'
import { useDocumentResults, documentQuery } from '../../src/store/catalog/documents'
import { stubApi, flush, type Handler, browseTests } from './browse-stub'

/**
 * Document search (spec section 2: "document search (manuals, certificates of analysis, safety
 * sheets)"). A certificate of analysis is per lot: catalogue number AND lot number. Taro.request
 * stubbed at the API boundary only.
 */
const doc = (id: string, type: string, over: object = {}) => ({
  id,
  type,
  title: `Doc ${id}`,
  catalogNumber: 'MA1-10175',
  lotNumber: type === 'coa' ? 'L2456789' : null,
  language: 'en',
  fileUrl: `/api/document/file/${id}`,
  fileName: `${id}.pdf`,
  updatedAt: '2026-05-01T10:00:00Z',
  ...over,
})
const searchHandler: Handler = (c) => {
  const type = c.query.get('type')
  const items =
    type === 'coa'
      ? c.query.get('lotNumber') === 'L2456789'
        ? [doc('coa-1', 'coa', { title: 'Certificate of Analysis MA1-10175 lot L2456789' })]
        : []
      : [doc(`${type}-1`, type ?? 'manual', { title: `${type} for ${c.query.get('q')}` })]
  return { items, total: items.length, page: 1, pageSize: 20 }
}

async function open(hash = '#/packages/catalog/documents/index') {
  window.history.replaceState(null, '', hash)
  const utils = new TestUtils()
  await utils.createApp('packages/catalog/documents/index')
  const end = Date.now() + 15000
  while (!document.querySelector('.docs__submit') && Date.now() < end) await flush(20)
  await fields(1)
  return utils
}
/** Taro's H5 <Input> draws its input a moment after the page: wait for the form's fields */
async function fields(n: number) {
  const end = Date.now() + 10000
  while (document.querySelectorAll('.docs__form input').length < n && Date.now() < end) await flush(20)
}
/** the certificates tab (`tabName`, its lot field `lotLabel`) searched with a catalogue number and no lot: `message` shows */
async function coaWithoutLot(utils: TestUtils, tabName: string, lotLabel: string, message: string) {
  await utils.act(async () => {
    utils.fireEvent.click(tab(tabName))
  })
  await utils.waitForText(lotLabel)
  await fill(utils, 0, 'MA1-10175')
  await submit(utils)
  await utils.waitForText(message)
}
async function fill(utils: TestUtils, index: number, value: string) {
  await fields(index + 1)
  await utils.act(async () => {
    const input = document.querySelectorAll('.docs__form input')[index] as HTMLInputElement
    input.value = value
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}
const tab = (label: string) =>
  Array.from(document.querySelectorAll('.docs__tab')).find((e) => e.textContent === label) as HTMLElement
const submit = (utils: TestUtils) =>
  utils.act(async () => {
    utils.fireEvent.click(document.querySelector('.docs__submit') as HTMLElement)
  })

jest.setTimeout(30000)

describe('Document search', () => {
  browseTests(() => {
    useDocumentResults.getState().reset()
  })

  it("a certificate of analysis needs the catalogue number AND the lot number: a missing lot says so in the user's language and sends nothing", async () => {
    const api = stubApi({ '/document/search': searchHandler })
    const utils = await open()
    expect(Array.from(document.querySelectorAll('.docs__tab')).map((e) => e.textContent)).toEqual([
      'Manuals',
      'Certificates of analysis',
      'Safety data sheets',
    ])
    await coaWithoutLot(
      utils,
      'Certificates of analysis',
      'Lot number',
      'Please enter the lot number: certificates of analysis are issued per lot.',
    )
    expect(api.to('/document/search')).toHaveLength(0)

    await fill(utils, 1, 'L2456789')
    expect(utils.pageText()).not.toContain('Please enter the lot number')
    await submit(utils)
    await utils.waitForText('Certificate of Analysis MA1-10175 lot L2456789')
    const q = api.to('/document/search')[0].query
    expect([q.get('type'), q.get('catalogNumber'), q.get('lotNumber'), q.get('q')]).toEqual([
      'coa',
      'MA1-10175',
      'L2456789',
      null,
    ])
    expect(utils.pageText()).toContain('Lot L2456789')
    expect(utils.pageText()).toContain('View / Download')
  })

  it('says the same in Chinese, and a wrong lot finds nothing with a hint to check the label', async () => {
    useLocale.setState({ language: 'zh', country: 'cn' })
    stubApi({ '/document/search': searchHandler })
    const utils = await open()
    await coaWithoutLot(utils, '分析证书', '批号', '请输入批号：分析证书按批次签发。')
    await fill(utils, 1, 'WRONG-LOT')
    await submit(utils)
    await utils.waitForText('未找到该货号和批号的分析证书')
  })

  it('manuals and safety data sheets are found by catalogue number or text; the result opens the server-served file in a new tab', async () => {
    const api = stubApi({ '/document/search': searchHandler })
    const open_ = jest.spyOn(window, 'open').mockImplementation((() => ({})) as never)
    const utils = await open()
    await submit(utils)
    await utils.waitForText('Please enter a catalogue number or a keyword.')
    await fill(utils, 0, 'Trypsin')
    await submit(utils)
    await utils.waitForText('manual for Trypsin')
    await utils.act(async () => {
      utils.fireEvent.click(tab('Safety data sheets'))
    })
    expect(utils.pageText()).not.toContain('manual for Trypsin')
    await fill(utils, 0, 'MA1-10175')
    await submit(utils)
    await utils.waitForText('sds for MA1-10175')
    expect(api.to('/document/search').map((c) => [c.query.get('type'), c.query.get('q')])).toEqual([
      ['manual', 'Trypsin'],
      ['sds', 'MA1-10175'],
    ])
    await utils.act(async () => {
      utils.fireEvent.click(document.querySelector('.doc-row__open') as HTMLElement)
    })
    await flush(10)
    expect(open_).toHaveBeenCalledWith('http://api.test/api/document/file/sds-1', '_blank', 'noopener')
  })

  it('validates without the screen too: what each tab sends', () => {
    expect(documentQuery('coa', { text: '', catalogNumber: ' MA1-10175 ', lotNumber: '' })).toEqual({
      error: 'browse.docs.needLot',
    })
    expect(documentQuery('coa', { text: '', catalogNumber: '', lotNumber: 'L1' })).toEqual({
      error: 'browse.docs.needCatalog',
    })
    expect(documentQuery('coa', { text: 'x', catalogNumber: 'MA1-10175', lotNumber: ' L1 ' })).toEqual({
      query: { type: 'coa', catalogNumber: 'MA1-10175', lotNumber: 'L1' },
    })
    expect(documentQuery('manual', { text: ' CD3 ', catalogNumber: '', lotNumber: '' })).toEqual({
      query: { type: 'manual', q: 'CD3' },
    })
  })
})
