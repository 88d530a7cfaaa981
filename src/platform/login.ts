import { loginFlowsFor, type LoginFlow } from '../rules/user-agent'

/** The mini-program logs in with WeChat's code (Taro.login). The flow itself comes with the login issue. */
export const loginFlows = (): LoginFlow[] => loginFlowsFor('weapp', '')
