import { UNSUBSCRIBE_PAGE, UNSUBSCRIBE_PATH } from '../../contracts/notifications.ts';

/**
 * Every place a secret travels in a URL, in one list: the mails build their links from these paths, and the request
 * log (server/lib/log-options.ts) redacts what follows them, so a new link added here is kept out of the log too.
 */
export const LINK_PAGES = {
  createPassword: '/createPassword',
  resetPassword: '/resPassword',
  changeEmail: '/changeEmail',
  cancelEmailChange: '/cancelEmailChange',
  deleteAccount: '/deleteUserAccount',
  unsubscribe: UNSUBSCRIBE_PAGE,
} as const;

/** Paths whose next segment is a secret: the link pages, and the one-click unsubscribe call of alert mails. */
export const SECRET_PATH_PREFIXES: readonly string[] = [
  ...Object.values(LINK_PAGES),
  `/auth/${UNSUBSCRIBE_PATH}`,
];

/**
 * Query parameters that carry a secret: the invitation page's `hash` (`/invitation?hash=`), and a session or API token
 * someone puts in a query string although no route reads it there (it would still reach the log).
 */
export const SECRET_QUERY_PARAMETERS: readonly string[] = ['hash', 'token', 'access_token'];
