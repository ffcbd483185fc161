/** The frame origin's localStorage, or the in-memory stand-in used where the browser denies it. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
