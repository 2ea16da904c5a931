import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * Of these sessions, the ones still live (not revoked, not expired), each with whether its user is still a member
 * of the team: one query for every stream of a team in this process, whatever their number.
 */
export async function liveSessionsInTeam(
  db: Db,
  now: Date,
  teamId: number,
  sessionIds: readonly number[],
): Promise<Map<number, boolean>> {
  const result = await db.execute(sql`
    select s.id, exists (
      select 1 from team_members m where m.user_id = s.user_id and m.team_id = ${teamId}
    ) as member
    from sessions s
    where s.id = any(${`{${sessionIds.join(',')}}`}::integer[])
      and s.revoked_at is null and s.expires_at > ${now.toISOString()}::timestamptz`);
  const rows = rowsOf<{ id: number; member: boolean }>(result);
  return new Map(rows.map((row) => [row.id, row.member]));
}
