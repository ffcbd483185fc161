import type { ModalFlow } from '../flow/modal-flow.js'
import type { Kernel } from '../kernel/kernel-types.js'

/**
 * Everything a feature can be given: the kernel's state, events and actions, and the modal's flow (whose
 * `disconnect` and `switchNetwork` are the visitor's, with their views and toasts). Each feature's
 * install takes a `Pick` of it, so what a feature may touch is its parameter's type.
 */
export type FeatureContext = Omit<Kernel, keyof ModalFlow> & ModalFlow
