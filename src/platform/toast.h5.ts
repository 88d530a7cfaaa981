// H5: Taro's toast comes with its whole interaction module (toast, modal, loading, action sheet:
// ~40 KB raw) that no first screen draws; it loads with the first toast (one small chunk, once).
export const presentToast = (title: string, duration: number): Promise<unknown> =>
  import(/* webpackChunkName: "taro-toast" */ './toast-taro').then((m) => m.presentToast(title, duration))
