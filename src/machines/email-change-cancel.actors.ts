import { cancelEmailChange } from '../api/settings.ts';
import { fromRequest } from './from-request.ts';
import { afterStrictModeRemount } from './link-confirmation.ts';

/** POST v1/profile_settings/change_email/cancel; passes its signal on (STYLE 5). */
export const cancelEmailChangeActor = fromRequest<unknown, { hash: string }>(async ({ input, signal }) => {
  await afterStrictModeRemount(signal);
  return cancelEmailChange(input.hash, signal);
});
