import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startStack, type StackUrls } from '@portico/stack'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackUrls
  }
}

/** Starts the real stack once for all end-to-end tests, on free ports and a throw-away data folder. */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'portico-e2e-'))
  const stack = await startStack({
    host: '127.0.0.1',
    ports: { demo: 0, explorer: 0, wallet: 0, devnet: 0 },
    dataDir,
    clean: true,
    testWallet: true,
  })
  project.provide('stack', stack.urls)
  return async () => {
    await stack.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}
