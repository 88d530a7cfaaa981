// The mini-program registers every screen's messages at launch (catalogues.ts): nothing to wait for.
// H5: screens.h5.ts.
export {}
