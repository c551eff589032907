export type AccountDeletedHandler = (userId: string) => Promise<void>;

/**
 * Lets a feature that keeps a user's data outside the database (photo files, say) clean it up
 * when the account is deleted, without the accounts feature knowing every such place.
 */
export class AccountLifecycle {
  private readonly deletedHandlers: AccountDeletedHandler[] = [];

  onDeleted(handler: AccountDeletedHandler): void {
    this.deletedHandlers.push(handler);
  }

  async accountDeleted(userId: string): Promise<void> {
    for (const handler of this.deletedHandlers) await handler(userId);
  }
}
