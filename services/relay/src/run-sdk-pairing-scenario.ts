import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { PairingScenarioInput, PairingScenarioResult } from './sdk-pairing-scenario.js'

const SCENARIO = fileURLToPath(new URL('./sdk-pairing-scenario.ts', import.meta.url))
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** Runs sdk-pairing-scenario.ts in a plain Node process (tsx, default export conditions) and returns its result. */
export function runSdkPairingScenario(input: PairingScenarioInput, timeoutMs = 40_000) {
  return new Promise<PairingScenarioResult>((resolve, reject) => {
    const env = { ...process.env }
    delete env.NODE_OPTIONS
    const child = spawn(process.execPath, ['--import', 'tsx', SCENARIO, JSON.stringify(input)], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const line = stdout.split('\n').find((text) => text.startsWith('RESULT '))
      if (code === 0 && line) resolve(JSON.parse(line.slice('RESULT '.length)) as PairingScenarioResult)
      else reject(new Error(`SDK scenario exited with ${signal ?? code}:\n${stderr.slice(-4_000)}`))
    })
  })
}
