// The mini-program draws its first screen itself: no server-drawn first screen to hand over, no cookie.
// H5: first-screen.h5.ts.
export function firstScreenReady(): void {}
export function rememberLocaleForFirstScreen(_language: string, _country: string): void {}
