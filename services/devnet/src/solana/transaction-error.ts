/**
 * litesvm's transaction errors (napi objects and numeric enums) mapped to the RPC's `TransactionError`
 * JSON (`"BlockhashNotFound"`, `{ InstructionError: [0, { Custom: 1 }] }` …) and to the node's messages.
 * The name tables follow the enum order of litesvm 1.5's `TransactionErrorFieldless` and
 * `InstructionErrorFieldless` (the runtime's own order).
 */

export type RpcTransactionError = string | Record<string, unknown>

const transactionErrorNames = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

const instructionErrorNames = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const

type NapiError = { constructor: { name: string }; index?: number; accountIndex?: number; err?: () => unknown }

function instructionErrorToRpc(error: unknown): RpcTransactionError {
  if (typeof error === 'number') return instructionErrorNames[error] ?? `InstructionError${error}`
  const value = error as { constructor: { name: string }; code?: number; msg?: string }
  if (value.constructor.name === 'InstructionErrorCustom') return { Custom: value.code }
  return 'BorshIoError'
}

/** The RPC JSON of a litesvm transaction error. */
export function transactionErrorToRpc(error: unknown): RpcTransactionError {
  if (typeof error === 'number') return transactionErrorNames[error] ?? `TransactionError${error}`
  const value = error as NapiError
  switch (value.constructor.name) {
    case 'TransactionErrorInstructionError':
      return { InstructionError: [value.index, instructionErrorToRpc(value.err?.())] }
    case 'TransactionErrorDuplicateInstruction':
      return { DuplicateInstruction: value.index }
    case 'TransactionErrorInsufficientFundsForRent':
      return { InsufficientFundsForRent: { account_index: value.accountIndex } }
    case 'TransactionErrorProgramExecutionTemporarilyRestricted':
      return { ProgramExecutionTemporarilyRestricted: { account_index: value.accountIndex } }
    default:
      return String(error)
  }
}

const transactionErrorMessages: Partial<Record<string, string>> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
}

/** The node's text for an error, as in "Transaction simulation failed: <text>". */
export function transactionErrorMessage(error: RpcTransactionError): string {
  if (typeof error === 'string') return transactionErrorMessages[error] ?? error
  if ('InstructionError' in error) {
    const [index, inner] = error.InstructionError as [number, RpcTransactionError]
    const detail =
      typeof inner === 'string'
        ? inner
        : 'Custom' in inner
          ? `custom program error: 0x${Number(inner.Custom).toString(16)}`
          : JSON.stringify(inner)
    return `Error processing Instruction ${index}: ${detail}`
  }
  if ('InsufficientFundsForRent' in error) {
    const { account_index } = error.InsufficientFundsForRent as { account_index: number }
    return `Transaction results in an account (${account_index}) with insufficient funds for rent`
  }
  return JSON.stringify(error)
}
