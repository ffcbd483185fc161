import type { Kernel } from '../../kernel/kernel.js'
import { createNamesClient } from './names-client.js'
import { createNamesController, type NamesController } from './names-controller.js'

/**
 * Account names (`<name>.wcn.id`): any connected EVM wallet registers one by signing a message; the
 * button and the Account view show it through the account's profile. A new account starts clean.
 */
export function installNames(kernel: Kernel): NamesController {
  const client = createNamesClient({ baseUrl: kernel.config.chainApiUrl, projectId: kernel.config.projectId })
  const names = createNamesController(kernel, client)
  kernel.events.on('disconnected', () => names.reset())
  kernel.events.on('accountChanged', () => names.reset())
  return names
}
