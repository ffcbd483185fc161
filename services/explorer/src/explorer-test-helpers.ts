// Shared by the *.test.ts files: the headers a well-behaved client sends.
export const CLIENT_HEADERS = {
  'x-project-id': 'test-project',
  'x-sdk-type': 'appkit',
  'x-sdk-version': 'html-wagmi-5.1.11',
} as const

export const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
