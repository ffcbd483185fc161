// Apart from normalize-error.ts, which names the codes it maps in its own table: the modal's opening
// carries that file, and only the sign-in and swap code need these names.

/** EIP-1193 and JSON-RPC error codes (spec §8). */
export const ProviderErrorCode = {
  UserRejectedRequest: 4001,
  Unauthorized: 4100,
  UnsupportedMethod: 4200,
  Disconnected: 4900,
  ChainDisconnected: 4901,
  UnrecognizedChain: 4902,
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
} as const
