import type { Db } from '../db/database.ts';
import type { DueAlert } from './alerts.repository.ts';

/** One user's batch of due alerts, as every channel receives it. */
export interface AlertMessage {
  userId: number;
  email: string;
  alerts: readonly DueAlert[];
  /** The user's one-click unsubscribe token, for the links a channel shows. */
  unsubscribeToken: string;
  /**
   * The transaction that marks the alerts sent: a channel that queues its work (the mail outbox) queues it here, so
   * a crash loses no alert and two sweeps never send one twice.
   */
  tx: Db;
}

export type DeliveryResult = { delivered: true } | { delivered: false; reason: string };

/** A way alerts reach a person (e-mail today). The alert queue delivers each batch through every registered one. */
export interface Channel {
  readonly type: string;
  deliver(message: AlertMessage): Promise<DeliveryResult>;
}
