// The mini-program's toast is native: call it directly. H5: toast.h5.ts.
export { presentToast } from './toast-taro'
