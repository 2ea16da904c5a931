import type { User } from '../api/auth.ts';
import type { Precheck, PrecheckStatus } from '../api/settings.ts';

/** Test data for the settings machines and screens: shapes as the auth service answers them (spec 3). */
export const settingsUser: User = {
  id: 7,
  email: 'ada@example.com',
  name: 'Ada',
  surname: 'Lovelace',
  phone: '+44 20 7946 0000',
  image: '3',
  changePasswordAt: '2026-03-04T15:06:00.000Z',
  statusChangeEmail: 0,
  newChangeEmail: null,
  deleteProgress: false,
  TeamsRender: [
    { id: 11, name: 'Analytical Engines', role: 10 },
    { id: 12, name: 'Difference Engines', role: 20 },
  ],
};

export const pendingEmailUser: User = {
  ...settingsUser,
  statusChangeEmail: 10,
  newChangeEmail: 'ada@new.example',
};

export const pendingDeletionUser: User = { ...settingsUser, deleteProgress: true };

/** A pre-check answer with the given code; blocked codes mark the first team with permissionToDelete 20. */
export function precheckOf(status: PrecheckStatus): Precheck {
  const blocked = status === 401 || status === 402;
  return {
    status,
    statusMessage: `status ${status}`,
    teams:
      status === 200
        ? []
        : [
            {
              id: 11,
              name: 'Analytical Engines',
              role: 10,
              permissionToDelete: blocked ? 20 : 10,
              countAdmin: 1,
              countUser: 3,
            },
            {
              id: 12,
              name: 'Difference Engines',
              role: status === 401 ? 10 : 20,
              permissionToDelete: status === 401 ? 20 : 10,
              countAdmin: 1,
              countUser: 2,
            },
          ],
  };
}
