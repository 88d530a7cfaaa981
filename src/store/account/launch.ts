// What the app starts at launch for a signed-in user (launch-tasks.ts). The mini-program loads
// it with the app. H5: launch.h5.ts loads it once a user is signed in, so a visitor's first
// load carries none of it.
export { startAll as startAccountTasks } from './launch-tasks'
