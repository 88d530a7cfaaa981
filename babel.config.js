// babel-preset-taro: one preset for both targets (weapp, h5) and for jest.
module.exports = {
  presets: [
    [
      'taro',
      {
        framework: 'react',
        ts: true,
        compiler: 'webpack5',
      },
    ],
  ],
}
