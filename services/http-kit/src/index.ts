export { isAllowedOrigin } from './cors-origins.js'
export { flag, type LogLevel, logLevel, optionalText, originList, port, positiveInt } from './env-schemas.js'
export { parseEnv } from './parse-env.js'
export { privateLoggerOptions } from './private-logger.js'
