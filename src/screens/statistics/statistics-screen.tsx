import { useSession } from '../../shared/session-context.tsx';
import { StatisticsView } from './statistics-view.tsx';

/** spec 2 Statistics, for the signed-in user's first team (the main layout's session). Loaded lazily by routes.tsx. */
export function StatisticsScreen() {
  const session = useSession();
  const team = session.user.TeamsRender.find((each) => each.id === session.teamId);
  return <StatisticsView userId={session.user.id} teamId={session.teamId} teamName={team?.name ?? ''} />;
}
