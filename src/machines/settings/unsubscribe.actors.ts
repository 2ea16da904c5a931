import { unsubscribe } from '../../api/notifications.ts';
import { confirmingLinkWith } from '../auth/link-confirmation.actors.ts';

/** /unsubscribe/{token}: POST {auth}v1/notifications/unsubscribe `{ token }`, without sign-in. */
export const unsubscribeLinkMachine = confirmingLinkWith(unsubscribe);
