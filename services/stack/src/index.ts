export { FREE_PORTS, readStackConfig, type StackConfig } from './stack-config.js'
export {
  type DemoEnv,
  type Stack,
  type StackUrls,
  type StartStackOptions,
  startStack,
} from './start-stack.js'
export { type StaticSiteOptions, startStaticSite } from './static-site.js'
