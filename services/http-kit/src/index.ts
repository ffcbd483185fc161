export { isAllowedOrigin } from './cors-origins.js'
export { flag, optionalText } from './env-schemas.js'
export { privateLoggerOptions } from './private-logger.js'
