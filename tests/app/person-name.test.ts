import { displayName } from '../../src/rules/account/person-name'

describe('how a name reads (issue 8: "Chinese names read family name first, without a space")', () => {
  it('a Chinese name: family name first, no space', () => {
    expect(displayName('小明', '王')).toBe('王小明')
    expect(displayName(' 小明 ', '欧阳')).toBe('欧阳小明')
  })
  it('other names: "first last"; a missing part leaves no stray space', () => {
    expect(displayName('Priya', 'Sharma')).toBe('Priya Sharma')
    expect(displayName('Xiaoming', 'Wang')).toBe('Xiaoming Wang')
    expect(displayName('Priya', '')).toBe('Priya')
    expect(displayName(null, 'Sharma')).toBe('Sharma')
  })
})
