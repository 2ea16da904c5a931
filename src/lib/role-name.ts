import { isAdminRole } from '../../contracts/account-codes.ts';

/** spec 6: role 10 is Admin, anything else Viewer. */
export const roleName = (role: number): string => (isAdminRole(role) ? 'Admin' : 'Viewer');
