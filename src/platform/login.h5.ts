import { loginFlowsFor, type LoginFlow } from '../rules/user-agent'

/** H5 picks the flows by user agent: messaging-app browser, mobile browser or desktop browser. */
export const loginFlows = (): LoginFlow[] => loginFlowsFor('h5', navigator.userAgent)
