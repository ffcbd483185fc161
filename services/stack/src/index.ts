export { readStackConfig, type StackConfig } from './stack-config.js'
export { type Stack, type StackUrls, startStack } from './start-stack.js'
export { type StaticSiteOptions, startStaticSite } from './static-site.js'
