// Worker-thread entry: Node 20 loads a worker's first file before `--import` hooks apply, so tsx is
// registered here and the TypeScript worker imported after it.
import { register } from 'tsx/esm/api'

register()
await import('./load-worker.ts')
