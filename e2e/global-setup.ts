import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FREE_PORTS, type StackUrls, startStack } from '@portico/stack'
import type { TestProject } from 'vitest/node'

/** A short wallet time-out so the hanging-wallet test does not wait the default 10 s. */
export const E2E_RPC_TIMEOUT_MS = 3_000

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackUrls
  }
}

/** Starts the real stack once for all end-to-end tests, on free ports and a throw-away data folder. */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'portico-e2e-'))
  const stack = await startStack(
    {
      host: '127.0.0.1',
      ports: FREE_PORTS,
      dataDir,
      clean: true,
      testWallet: true,
    },
    { demoEnv: { rpcTimeoutMs: E2E_RPC_TIMEOUT_MS } },
  )
  project.provide('stack', stack.urls)
  return async () => {
    await stack.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}
