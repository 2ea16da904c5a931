import { ADMIN_ROLE } from '../../contracts/account-codes.ts';
import { isEmail } from '../../contracts/account-rules.ts';
import { STREAM_EVENT } from '../../contracts/event-stream.ts';
import type {
  InvitationBody,
  InvitationLinkBody,
  MyInvitationBody,
} from '../../contracts/team-body.schema.ts';
import { isTeamRole, TEAM_LIMITS } from '../../contracts/team-body.ts';
import { hasInvisibleCharacters, INVISIBLE_CHARACTERS } from '../../contracts/visible-text.ts';
import { findUserById, invitationMail } from '../accounts/index.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import type { Caller } from '../lib/authenticate.ts';
import { badRequest, HttpError, unauthorized } from '../lib/errors.ts';
import { mailBudgetOf } from '../lib/mail-limits.ts';
import { hashToken, randomToken } from '../lib/tokens.ts';
import * as repo from './invitations.repository.ts';
import { teamClosurePending } from './team-closure.repository.ts';
import { teamError } from './team-errors.ts';
import { assertTeamWritable } from './team-guard.ts';
import {
  countMembers,
  insertMembership,
  isMemberByEmail,
  lockTeam,
  setWorkspace,
} from './teams.repository.ts';

/** spec 4: a team with status 50 is closed; nobody joins it. */
const OPEN_TEAM = 10;

const roleName = (role: number) => (role === ADMIN_ROLE ? 'Admin' : 'Viewer');

export function invitationJson(row: repo.InvitationRow): InvitationBody {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    sentAt: row.sentAt.toISOString(),
  };
}

const inviterOf = (view: repo.InvitationView) => view.inviterName || view.inviterEmail || '';

/**
 * Invitations by e-mail. An admin invites an address with a role; the mail carries a 256-bit
 * link (only its SHA-256 is stored) that works once, for 7 days, until revoked. The answers never depend on whether
 * the address has an account, so inviting cannot be used to find out.
 */
export function createInvitationsService(deps: Deps) {
  const { db, clock, mailer, config, hub } = deps;
  const mailBudget = mailBudgetOf(deps);

  async function emailOf(caller: Caller): Promise<string> {
    const user = await findUserById(db, caller.userId);
    if (!user) throw unauthorized();
    return user.email;
  }

  /**
   * The mail budget (nobody can use the product to flood a mailbox): over it, 429 before anything is
   * written. It is spent before the transaction opens, never inside it: its counters are rows of the database
   *, and on the embedded database a query outside an open transaction waits for it to end.
   */
  async function spendMailBudget(inviterId: number, email: string): Promise<void> {
    if (await mailBudget.invitationMail(inviterId, email)) {
      throw new HttpError(429, 'rate_limited', 'Too many invitation e-mails. Please try again later.');
    }
  }

  /** Mails a new link for the invitation, in the transaction that stored its hash. */
  async function mailLink(tx: Db, row: repo.InvitationRow, hash: string, inviterId: number): Promise<void> {
    const team = await lockTeam(tx, row.teamId);
    const inviter = await findUserById(tx, inviterId);
    const inviterName = inviter ? `${inviter.name} ${inviter.surname}`.trim() || inviter.email : '';
    const invite = { teamName: team?.name ?? '', inviter: inviterName, roleName: roleName(row.role) };
    await mailer.send(invitationMail(row.email, config.publicUrl, hash, invite), tx);
  }

  /** Accepting: the invitation is used, the caller joins (within 50 members) and the team becomes the workspace. */
  async function join(userId: number, view: repo.InvitationView): Promise<{ teamId: number }> {
    const { teamId } = view.invitation;
    const now = clock.now();
    await db.transaction(async (tx) => {
      const team = await lockTeam(tx, teamId);
      if (team?.status !== OPEN_TEAM) throw teamError('invitationGone');
      // A pending closure locks the team's membership as it locks inviting (team-guard.ts); the invitation stays
      // usable if the closure is cancelled. Checked under the team's lock, which asking for a closure takes too.
      if (await teamClosurePending(tx, teamId)) throw teamError('closurePending');
      const used = await repo.endInvitation(tx, view.invitation.id, 'acceptedAt', now);
      if (!used) throw teamError('invitationGone');
      // Someone already in the team (joined by another link meanwhile) keeps the role they have.
      const joined = await insertMembership(tx, { teamId, userId, role: used.role, createdAt: now });
      if (joined && (await countMembers(tx, teamId)) > TEAM_LIMITS.members) throw teamError('membersFull');
      await setWorkspace(tx, userId, teamId);
    });
    hub.accessChanged([userId]);
    hub.publish(teamId, STREAM_EVENT.account);
    hub.joinedTeam(userId);
    return { teamId };
  }

  async function decline(id: number): Promise<{ ok: true }> {
    const row = await repo.endInvitation(db, id, 'declinedAt', clock.now());
    if (!row) throw teamError('invitationGone');
    hub.publish(row.teamId, STREAM_EVENT.account);
    return { ok: true };
  }

  async function byHash(hash: string): Promise<repo.InvitationView> {
    const view = await repo.pendingByTokenHash(db, hashToken(hash), clock.now());
    if (!view) throw teamError('invitationGone');
    return view;
  }

  async function mine(caller: Caller, id: number): Promise<repo.InvitationView> {
    const view = await repo.pendingForMe(db, id, await emailOf(caller), clock.now());
    if (!view) throw teamError('invitationGone');
    return view;
  }

  return {
    /** POST v1/teams/{teamId}/invitations: 201 with the invitation; the link goes only to the address. */
    async invite(caller: Caller, teamId: number, input: { email: string; role: number }) {
      await assertTeamWritable(deps, caller, teamId);
      const email = input.email.trim().toLowerCase();
      if (hasInvisibleCharacters(email))
        throw badRequest(INVISIBLE_CHARACTERS.email.error, INVISIBLE_CHARACTERS.email.message);
      if (!isEmail(email)) throw badRequest('invalid_email', 'Enter a valid e-mail address.');
      if (!isTeamRole(input.role))
        throw badRequest('invalid_role', 'The role must be 10 (Admin) or 20 (Viewer).');
      const now = clock.now();
      const hash = randomToken();
      await spendMailBudget(caller.userId, email);
      const row = await db.transaction(async (tx) => {
        await lockTeam(tx, teamId);
        if (await isMemberByEmail(tx, teamId, email)) throw teamError('alreadyMember');
        if (await repo.pendingForAddress(tx, teamId, email, now)) throw teamError('invitationExists');
        if ((await countMembers(tx, teamId)) >= TEAM_LIMITS.members) throw teamError('membersFull');
        if ((await repo.countPendingOfTeam(tx, teamId, now)) >= TEAM_LIMITS.pendingInvitations)
          throw teamError('invitationsFull');
        const invitation = await repo.insertInvitation(tx, {
          teamId,
          email,
          role: input.role,
          tokenHash: hashToken(hash),
          invitedBy: caller.userId,
          createdAt: now,
          sentAt: now,
          expiresAt: new Date(now.getTime() + TEAM_LIMITS.invitationTtlMs),
        });
        await mailLink(tx, invitation, hash, caller.userId);
        return invitation;
      });
      mailer.drain().catch(() => {});
      hub.publish(teamId, STREAM_EVENT.account);
      return invitationJson(row);
    },

    /** A new link (the older one stops working), at most once a minute; the 7 days start again. */
    async resend(caller: Caller, teamId: number, id: number): Promise<InvitationBody> {
      await assertTeamWritable(deps, caller, teamId);
      const now = clock.now();
      const hash = randomToken();
      // Checked again under the team lock below; read here so a refused resend spends no mail budget.
      const pending = await repo.pendingById(db, teamId, id, now);
      if (!pending) throw teamError('invitationGone');
      if (now.getTime() - pending.sentAt.getTime() < TEAM_LIMITS.resendIntervalMs)
        throw teamError('resendTooSoon');
      await spendMailBudget(caller.userId, pending.email);
      const row = await db.transaction(async (tx) => {
        await lockTeam(tx, teamId);
        const current = await repo.pendingById(tx, teamId, id, now);
        if (!current) throw teamError('invitationGone');
        if (now.getTime() - current.sentAt.getTime() < TEAM_LIMITS.resendIntervalMs)
          throw teamError('resendTooSoon');
        const renewed = await repo.renewInvitation(
          tx,
          id,
          {
            tokenHash: hashToken(hash),
            sentAt: now,
            expiresAt: new Date(now.getTime() + TEAM_LIMITS.invitationTtlMs),
          },
          now,
        );
        if (!renewed) throw teamError('invitationGone');
        await mailLink(tx, renewed, hash, caller.userId);
        return renewed;
      });
      mailer.drain().catch(() => {});
      return invitationJson(row);
    },

    async revoke(caller: Caller, teamId: number, id: number): Promise<{ ok: true }> {
      await assertTeamWritable(deps, caller, teamId);
      const now = clock.now();
      const current = await repo.pendingById(db, teamId, id, now);
      if (!current || !(await repo.endInvitation(db, id, 'revokedAt', now)))
        throw teamError('invitationGone');
      hub.publish(teamId, STREAM_EVENT.account);
      return { ok: true };
    },

    /** GET v1/invitations: the pending invitations to the caller's address. */
    async listMine(caller: Caller): Promise<MyInvitationBody[]> {
      const views = await repo.pendingToAddress(db, await emailOf(caller), clock.now());
      return views.map((view) => ({
        id: view.invitation.id,
        teamId: view.invitation.teamId,
        teamName: view.teamName,
        role: view.invitation.role,
        invitedBy: inviterOf(view),
        expiresAt: view.invitation.expiresAt.toISOString(),
      }));
    },

    async acceptMine(caller: Caller, id: number) {
      return join(caller.userId, await mine(caller, id));
    },

    async declineMine(caller: Caller, id: number) {
      return decline((await mine(caller, id)).invitation.id);
    },

    /** The link page, before any choice; the same answer whether or not the address has an account. */
    async inspect(hash: string): Promise<InvitationLinkBody> {
      const view = await byHash(hash);
      return {
        teamName: view.teamName,
        role: view.invitation.role,
        email: view.invitation.email,
        invitedBy: inviterOf(view),
        expiresAt: view.invitation.expiresAt.toISOString(),
      };
    },

    /** The link, signed in: only with the invited address (403 'other_address' otherwise). */
    async acceptLink(caller: Caller, hash: string) {
      const view = await byHash(hash);
      if ((await emailOf(caller)).toLowerCase() !== view.invitation.email.toLowerCase())
        throw teamError('otherAddress');
      return join(caller.userId, view);
    },

    /** The link alone is enough to decline: it proves the mailbox, and the invitee may have no account. */
    async declineLink(hash: string) {
      return decline((await byHash(hash)).invitation.id);
    },
  };
}
