import { unsubscribe } from '../api/notifications.ts';
import { fromRequest } from './from-request.ts';
import { afterStrictModeRemount } from './link-confirmation.ts';

/** POST {auth}v1/notifications/unsubscribe `{ token }`; passes its signal on (STYLE 5). */
export const unsubscribeActor = fromRequest<unknown, { token: string }>(async ({ input, signal }) => {
  await afterStrictModeRemount(signal);
  return unsubscribe(input.token, signal);
});
