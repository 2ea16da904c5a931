import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { acceptInvitationLink } from '../api/teams.ts';
import { paths } from '../shared/paths.ts';
import { pendingInvitation } from '../shared/pending-invitation.ts';

/**
 * A person who followed an invitation link signed out, then signed in or created their account, lands in
 * the team: the kept link is accepted once (the server makes the team the current workspace) and the session is
 * checked again, so TeamsRender's first team is it. A refusal (another address, an expired link) opens the link
 * page, which says why.
 */
export function useAcceptPendingInvitation(recheck: () => Promise<void>): void {
  const recheckRef = useRef(recheck);
  recheckRef.current = recheck;
  const navigate = useNavigate();
  useEffect(() => {
    const hash = pendingInvitation.get();
    if (!hash) return;
    // Cleared before the call, so a second mount (StrictMode) or a reload does not accept twice.
    pendingInvitation.clear();
    acceptInvitationLink(hash).then(
      () => recheckRef.current(),
      () => navigate(paths.invitation(hash)),
    );
  }, [navigate]);
}
