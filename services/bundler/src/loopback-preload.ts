/**
 * alto 0.0.20 listens on 0.0.0.0 whatever it is told (rpc/server.js), which would put the bundler on every
 * interface behind the front's back. This module, loaded into alto's process with `node --import`, makes
 * a listen on 0.0.0.0 bind `host` instead. The host is written into the module (no environment to read).
 */
export function loopbackPreload(host: string): string {
  const source = `
import net from 'node:net'
const listen = net.Server.prototype.listen
net.Server.prototype.listen = function (...args) {
  const options = args[0]
  if (options && typeof options === 'object' && (options.host === '0.0.0.0' || options.host === '::')) {
    args[0] = { ...options, host: ${JSON.stringify(host)} }
  }
  return listen.apply(this, args)
}
`
  return `data:text/javascript,${encodeURIComponent(source)}`
}
