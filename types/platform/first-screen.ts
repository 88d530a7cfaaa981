/**
 * The H5 hand-over between the server's drawing of a first screen (server/first-screen.ts,
 * server/h5-index.ts) and the app (src/platform/first-screen.h5.ts; src/index.html boots the app under it).
 */
/** the element index.html carries the drawing in, before #app */
export const FIRST_SCREEN_ID = 'first-screen'
/** the app's language and country ("en-cn", "zh-in"), for the next drawing: the server cannot read the app's storage */
export const LOCALE_COOKIE = 'lab_locale'
