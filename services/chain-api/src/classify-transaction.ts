import type { TransferKind } from './chain-api-database.js'

/** A stored movement of one transaction (native value, ERC-20 Transfer or Approval), addresses as stored. */
export interface StoredMovement {
  /** Token contract or mint; null for the native currency. */
  token: string | null
  sender: string
  recipient: string
  amount: bigint
  kind: TransferKind
}

/** Web3Modal's operation types that the history answers (its TransactionTypePastTense keys). */
export type OperationType = 'trade' | 'send' | 'receive' | 'approve' | 'buy' | 'execute'

/** What one token did for the account in one transaction, netted: a swap's fee leg is part of its input. */
export interface TransactionLeg {
  token: string | null
  direction: 'in' | 'out' | 'self'
  amount: bigint
  /** Who the largest part went to (out) or came from (in, self: the account itself). */
  counterparty: string
}

export interface TransactionApproval {
  token: string | null
  spender: string
  amount: bigint
}

export interface ClassifiedTransaction {
  operationType: OperationType
  /** Outgoing legs first, then incoming ones, each in the order its token first moved. */
  legs: TransactionLeg[]
  /** Allowances the account granted in the transaction. */
  approvals: TransactionApproval[]
  /** Whom the account dealt with: a send's receiver, a receive's sender, an approval's spender, else the contract. */
  counterparty: string | null
}

export interface ClassifyInput {
  /** The account whose history this is, as stored. */
  account: string
  /** The transaction's `to` (or created contract), as stored. */
  recipient: string | null
  movements: readonly StoredMovement[]
  /** The transaction delivered one of the account's on-ramp purchases. */
  purchase: boolean
}

interface TokenTally {
  token: string | null
  in: bigint
  out: bigint
  self: bigint
  /** Largest single amount per counterparty side, to name who a leg went to or came from. */
  largestOut: { address: string; amount: bigint } | undefined
  largestIn: { address: string; amount: bigint } | undefined
}

/**
 * Reads a transaction as the account lived it, from what moved: several outgoing tokens and incoming ones
 * are a swap (its provider fee, paid in the input token, folded into the input leg), only outgoing ones a
 * send, only incoming ones a receive, an allowance with nothing moved an approval, nothing at all a call.
 */
export function classifyTransaction(input: ClassifyInput): ClassifiedTransaction {
  const { account } = input
  const tallies = new Map<string, TokenTally>()
  const approvals: TransactionApproval[] = []
  for (const movement of input.movements) {
    if (movement.kind === 'approval') {
      if (movement.sender === account) {
        approvals.push({ token: movement.token, spender: movement.recipient, amount: movement.amount })
      }
      continue
    }
    const fromAccount = movement.sender === account
    const toAccount = movement.recipient === account
    if (!fromAccount && !toAccount) continue
    const key = movement.token ?? ''
    const tally = tallies.get(key) ?? {
      token: movement.token,
      in: 0n,
      out: 0n,
      self: 0n,
      largestOut: undefined,
      largestIn: undefined,
    }
    tallies.set(key, tally)
    if (fromAccount && toAccount) tally.self += movement.amount
    else if (fromAccount) {
      tally.out += movement.amount
      if (!tally.largestOut || movement.amount > tally.largestOut.amount)
        tally.largestOut = { address: movement.recipient, amount: movement.amount }
    } else {
      tally.in += movement.amount
      if (!tally.largestIn || movement.amount > tally.largestIn.amount)
        tally.largestIn = { address: movement.sender, amount: movement.amount }
    }
  }

  const outs: TransactionLeg[] = []
  const ins: TransactionLeg[] = []
  const selves: TransactionLeg[] = []
  for (const tally of tallies.values()) {
    const net = tally.in - tally.out
    if (net < 0n) {
      outs.push({
        token: tally.token,
        direction: 'out',
        amount: -net,
        counterparty: tally.largestOut?.address ?? account,
      })
    } else if (net > 0n) {
      ins.push({
        token: tally.token,
        direction: 'in',
        amount: net,
        counterparty: tally.largestIn?.address ?? account,
      })
    } else if (tally.self > 0n || tally.in > 0n) {
      selves.push({
        token: tally.token,
        direction: 'self',
        amount: tally.self + tally.in,
        counterparty: account,
      })
    }
  }
  const legs = [...outs, ...ins, ...selves]

  const operationType: OperationType = input.purchase
    ? 'buy'
    : outs.length > 0 && ins.length > 0
      ? 'trade'
      : outs.length > 0 || selves.length > 0
        ? 'send'
        : ins.length > 0
          ? 'receive'
          : approvals.length > 0
            ? 'approve'
            : 'execute'
  const counterparty =
    operationType === 'send'
      ? (outs[0] ?? selves[0])?.counterparty
      : operationType === 'receive' || operationType === 'buy'
        ? ins[0]?.counterparty
        : operationType === 'approve'
          ? approvals[0]?.spender
          : input.recipient
  return { operationType, legs, approvals, counterparty: counterparty ?? input.recipient }
}
