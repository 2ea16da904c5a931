import { isAdminRole } from '../../../../contracts/account-codes.ts';
import { roleName } from '../../../lib/role-name.ts';
import styles from './team.module.css';

export function RoleBadge({ role }: { role: number }) {
  return <span className={`${styles.badge} ${isAdminRole(role) ? styles.admin : ''}`}>{roleName(role)}</span>;
}
