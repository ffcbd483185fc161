import type { Insertable, Kysely, Selectable } from 'kysely'
import type { ChainApiDatabase, OnrampPurchasesTable } from '../chain-api-database.js'

export type OnrampPurchase = Selectable<OnrampPurchasesTable>
export type NewOnrampPurchase = Omit<Insertable<OnrampPurchasesTable>, 'status' | 'tx_hash' | 'failure'>

/** How many purchases the on-ramp history lists (newest first). */
export const ONRAMP_HISTORY_SIZE = 50

/** The purchases table: each change of status is conditional on the one before, so none happens twice. */
export function onrampPurchases(db: Kysely<ChainApiDatabase>) {
  const move = async (
    id: string,
    from: OnrampPurchase['status'][],
    to: OnrampPurchase['status'],
    extra: { tx_hash?: string; failure?: string } = {},
  ): Promise<boolean> => {
    const result = await db
      .updateTable('onramp_purchases')
      .set({ status: to, ...extra, updated_at: new Date() })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }
  return {
    async create(purchase: NewOnrampPurchase): Promise<void> {
      await db
        .insertInto('onramp_purchases')
        .values({ ...purchase, status: 'created' })
        .execute()
    },
    find: (id: string): Promise<OnrampPurchase | undefined> =>
      db.selectFrom('onramp_purchases').selectAll().where('id', '=', id).executeTakeFirst(),
    /** Paid: false when it was paid (or failed) already. */
    startDelivery: (id: string) => move(id, ['created'], 'in_progress'),
    /** The delivery is on its way in this transaction. */
    sent: async (id: string, txHash: string): Promise<void> => {
      await db
        .updateTable('onramp_purchases')
        .set({ tx_hash: txHash, updated_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'in_progress')
        .execute()
    },
    delivered: (id: string, txHash: string) => move(id, ['in_progress'], 'success', { tx_hash: txHash }),
    failed: (id: string, reason: string) =>
      move(id, ['created', 'in_progress'], 'failed', { failure: reason }),
    /** An address's purchases that were paid for (or refused), newest first. */
    listFor: (address: string): Promise<OnrampPurchase[]> =>
      db
        .selectFrom('onramp_purchases')
        .selectAll()
        .where('address', '=', address)
        .where('status', '!=', 'created')
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(ONRAMP_HISTORY_SIZE)
        .execute(),
  }
}

export type OnrampPurchases = ReturnType<typeof onrampPurchases>
