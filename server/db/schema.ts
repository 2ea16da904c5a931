import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ActivityKind } from '../../contracts/account-activity.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const moment = (name: string) => timestamp(name, { withTimezone: true });

/** An operator account. A user without a password has registered but not yet followed the e-mail link. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    name: text('name').notNull().default(''),
    surname: text('surname').notNull().default(''),
    phone: text('phone').notNull().default(''),
    image: text('image'),
    offer: boolean('offer').notNull().default(false),
    subscription: boolean('subscription').notNull().default(false),
    changePasswordAt: moment('change_password_at'),
    // spec 3: statusChangeEmail 0 none, 10 pending
    statusChangeEmail: integer('status_change_email').notNull().default(0),
    newChangeEmail: text('new_change_email'),
    deleteProgress: boolean('delete_progress').notNull().default(false),
    /** E-mail alerts about the team's nodes, on by default (contracts/notifications.ts). */
    alerts: boolean('alerts').notNull().default(true),
    offlineAlertDelayMin: integer('offline_alert_delay_min').notNull().default(0),
    /** SHA-256 of the user's unsubscribe token, made with the first alert mail; the link turns alerts off. */
    unsubscribeTokenHash: text('unsubscribe_token_hash'),
    /** Counts the times alerts were turned back on: each makes a new unsubscribe token, so old links stop working. */
    unsubscribeGeneration: integer('unsubscribe_generation').notNull().default(0),
    /** The team the user chose as current workspace (TeamsRender's first); null: the oldest membership. */
    workspaceTeamId: integer('workspace_team_id').references((): AnyPgColumn => teams.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_unsubscribe_token_hash_key').on(t.unsubscribeTokenHash),
  ],
);

/** A workspace. status 10 open, 50 closed (its last member deleted the account). */
export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().default(''),
  status: integer('status').notNull().default(10),
  /** A closure an admin asked for, pending until any admin completes or cancels it (spec 4, 6). */
  closureRequestedAt: moment('closure_requested_at'),
  closureRequestedBy: integer('closure_requested_by').references((): AnyPgColumn => users.id, {
    onDelete: 'set null',
  }),
  createdAt: createdAt(),
});

/** Membership of a user in a team; role 10 is Admin (spec 6), anything else Viewer. */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: integer('role').notNull().default(10),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);

/**
 * An invitation to join a team, mailed as a link. Only the SHA-256 of the link's 256-bit token is stored;
 * it is pending while acceptedAt, declinedAt and revokedAt are null and expiresAt is ahead. A resend replaces the
 * token (the older link stops working) and starts the 7 days again.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: integer('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: moment('sent_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    acceptedAt: moment('accepted_at'),
    declinedAt: moment('declined_at'),
    revokedAt: moment('revoked_at'),
  },
  (t) => [
    uniqueIndex('team_invitations_token_hash_key').on(t.tokenHash),
    index('team_invitations_team_idx').on(t.teamId),
    index('team_invitations_email_idx').on(sql`lower(${t.email})`),
  ],
);

/** A signed-in browser. Only the SHA-256 of the access token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: moment('last_seen_at').notNull().defaultNow(),
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
    /** What Settings shows of each signed-in browser. */
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * An API token acts for its owner in one team. Only the SHA-256 of the secret is stored; the owner's role
 * is read from team_members on each use, so leaving the team or a new role takes effect at once.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'read' or 'write' (contracts/api-tokens.ts). */
    scope: text('scope').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: moment('last_used_at'),
    /** The client address of the last use, written with last_used_at. */
    lastUsedIp: text('last_used_ip'),
    expiresAt: moment('expires_at'),
    revokedAt: moment('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId),
  ],
);

/** The account's security events shown as Recent activity; kinds in server/auth/activity.ts. */
export const accountActivity = pgTable(
  'account_activity',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Written only by recordActivity (server/accounts/activity.ts), from ACTIVITY.
    kind: text('kind').$type<ActivityKind>().notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    at: moment('at').notNull(),
  },
  (t) => [index('account_activity_user_at_idx').on(t.userId, t.at)],
);

/**
 * A single-use e-mail link. purpose: create_password | reset_password | change_email | delete_account.
 * Only the SHA-256 of the link hash is stored; payload carries e.g. the new address of an e-mail change.
 */
export const emailLinks = pgTable(
  'email_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    payload: text('payload'),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    revokedAt: moment('revoked_at'),
  },
  (t) => [
    uniqueIndex('email_links_token_hash_key').on(t.tokenHash),
    index('email_links_user_idx').on(t.userId, t.purpose),
  ],
);

/** Outgoing mail, kept until delivered so that a failing SMTP server never loses a message. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** JSON object of extra headers (List-Unsubscribe on alert mail); null for none. */
    headers: text('headers'),
    createdAt: createdAt(),
    sentAt: moment('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: moment('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.sentAt, t.nextAttemptAt)],
);

/** A hardware configuration a node can be registered with. status 10 available, 1 coming soon. */
export const configs = pgTable('configs', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  status: integer('status').notNull(),
  /** bytes */
  storage: bigint('storage', { mode: 'number' }).notNull(),
  /** bytes */
  ram: bigint('ram', { mode: 'number' }).notNull(),
  /** bits per second */
  bandwidth: bigint('bandwidth', { mode: 'number' }).notNull(),
  ipType: text('ip_type').notNull(),
});

/** A delivery node (NODR). status: 1 configuring, 10 active, 20/30/40 inactive, 50 deleted (spec 4). */
export const nodes = pgTable(
  'nodes',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
    name: text('name').notNull().default(''),
    status: integer('status').notNull().default(1),
    /** The hardware check JSON of spec 3, as text; null until the node reports. */
    check: text('check'),
    configId: integer('config_id')
      .notNull()
      .references(() => configs.id),
    publicKey: text('public_key').notNull(),
    /** SHA-256 of the key's DER SubjectPublicKeyInfo: the same key re-encoded is still the same key. */
    publicKeyFingerprint: text('public_key_fingerprint').notNull(),
    licenseKey: text('license_key').notNull(),
    domain: text('domain').notNull(),
    storage: bigint('storage', { mode: 'number' }),
    ram: bigint('ram', { mode: 'number' }),
    ipAddress: text('ip_address'),
    os: integer('os'),
    bandwidth: bigint('bandwidth', { mode: 'number' }),
    /** When the sweep marked this active node offline; null while it is online (or never active). */
    offlineSince: moment('offline_since'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('nodes_license_key_key').on(t.licenseKey),
    // A key belongs to one live node; a deleted node (status 50) frees it, so a re-provisioned host keeps its keys.
    uniqueIndex('nodes_live_public_key_fingerprint_key')
      .on(t.publicKeyFingerprint)
      .where(sql`${t.status} <> 50`),
    index('nodes_team_idx').on(t.teamId),
  ],
);

/**
 * What every signed node request moves: the replay mark and the last-seen time, apart from `nodes` so that a
 * `nodes` row changes only when a person (or the health sweep) changes the node. No column here is indexed but the
 * key, which never changes, and the table keeps half of each page free (fillfactor 50, drizzle/0011): PostgreSQL
 * then rewrites a row in its own page without touching an index (a HOT update). docs/statistics-storage.md.
 */
export const nodeLiveness = pgTable('node_liveness', {
  nodeId: integer('node_id')
    .primaryKey()
    .references(() => nodes.id, { onDelete: 'cascade' }),
  /** Milliseconds of the last accepted signed request; a node request must be newer (replay guard). */
  lastRequestMs: bigint('last_request_ms', { mode: 'number' }).notNull().default(0),
  lastSeenAt: moment('last_seen_at'),
  /**
   * The versions the node last reported (contracts/node-versions.ts): written only when they change, so a heartbeat
   * that repeats them writes nothing more.
   */
  agentVersion: text('agent_version'),
  softwareVersion: text('software_version'),
  /** The latest agent version the node's admins were told it lacks (node.outdated): once per latest version. */
  outdatedAlertedFor: text('outdated_alerted_for'),
});

/**
 * A node's maintenance window (docs/alerts.md#maintenance): one per node, current or scheduled. The health sweep holds
 * the node's offline alerts while it runs and deletes the row once it has ended, alerting then if the node is down.
 */
export const nodeMaintenance = pgTable('node_maintenance', {
  nodeId: integer('node_id')
    .primaryKey()
    .references(() => nodes.id, { onDelete: 'cascade' }),
  startsAt: moment('starts_at').notNull(),
  endsAt: moment('ends_at').notNull(),
});

/** Each online/offline transition of a node, kept so history survives restarts. */
export const nodeHealthTransitions = pgTable(
  'node_health_transitions',
  {
    id: serial('id').primaryKey(),
    nodeId: integer('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    fromOnline: boolean('from_online').notNull(),
    toOnline: boolean('to_online').notNull(),
    at: moment('at').notNull(),
  },
  (t) => [index('node_health_transitions_node_at_idx').on(t.nodeId, t.at)],
);

/**
 * Each time a node became active (status 10) or left it, so that uptime leaves inactive time out
 * (server/nodes/uptime.ts). Written by the calls that change the status, in their transaction.
 */
export const nodeActivityChanges = pgTable(
  'node_activity_changes',
  {
    id: serial('id').primaryKey(),
    nodeId: integer('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull(),
    at: moment('at').notNull(),
  },
  (t) => [index('node_activity_changes_node_at_idx').on(t.nodeId, t.at)],
);

/**
 * Alert mail work, one row per recipient and event (kind: offline | online | misconfigured). The sweep
 * claims due rows with FOR UPDATE SKIP LOCKED, so each is mailed once across processes and restarts.
 * offlineSince names the offline episode a row belongs to (for online rows: the one that ended).
 */
export const nodeAlerts = pgTable(
  'node_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    offlineSince: moment('offline_since'),
    at: moment('at').notNull(),
    dueAt: moment('due_at').notNull(),
    sentAt: moment('sent_at'),
    cancelledAt: moment('cancelled_at'),
  },
  (t) => [
    index('node_alerts_pending_idx').on(t.dueAt).where(sql`${t.sentAt} is null and ${t.cancelledAt} is null`),
    index('node_alerts_node_idx').on(t.nodeId, t.kind),
  ],
);

const trafficColumns = {
  nodeId: integer('node_id')
    .notNull()
    .references(() => nodes.id, { onDelete: 'cascade' }),
  /** Unix seconds at the start of the minute or bucket. */
  ts: bigint('ts', { mode: 'number' }).notNull(),
  /** bytes */
  uplink: bigint('uplink', { mode: 'number' }).notNull(),
  delivered: bigint('delivered', { mode: 'number' }).notNull(),
  input: bigint('input', { mode: 'number' }).notNull(),
};

/*
 * The three statistics tables are range-partitioned on ts (minutes by UTC day, rollups by UTC month), each with a
 * default partition: hand SQL in drizzle/0012_stat_partitions.sql (drizzle cannot declare partitioning), the
 * partitions themselves made by server/statistics/partitions.ts. Declared here as the tables queries see.
 */

/** One row per node and minute, exactly as reported. */
export const statMinute = pgTable(
  'stat_minute',
  { ...trafficColumns, viewers: integer('viewers').notNull(), quality: doublePrecision('quality').notNull() },
  (t) => [primaryKey({ columns: [t.nodeId, t.ts] })],
);

const rollupColumns = {
  ...trafficColumns,
  viewersSum: bigint('viewers_sum', { mode: 'number' }).notNull(),
  qualitySum: doublePrecision('quality_sum').notNull(),
  samples: integer('samples').notNull(),
};

/** 20-minute buckets, built once each closes (Week view, 1200 s; statRollupMark). */
export const stat20m = pgTable('stat_20m', rollupColumns, (t) => [primaryKey({ columns: [t.nodeId, t.ts] })]);

/**
 * Hourly buckets, built once each closes (Month view, 3600 s; statRollupMark). Also indexed by stat_hour_read_idx, (node_id, ts)
 * INCLUDE the sums, for index-only month reads: hand SQL in drizzle/0007_stats_scale.sql (drizzle has no INCLUDE).
 */
export const statHour = pgTable('stat_hour', rollupColumns, (t) => [
  primaryKey({ columns: [t.nodeId, t.ts] }),
]);

/**
 * How far each rollup is built (docs/statistics-storage.md): `stat_20m` or `stat_hour` holds every bucket that
 * starts before `until` (Unix seconds, a multiple of the bucket), built by the rollup job once the bucket closed;
 * reads take the buckets from `until` on from the minutes.
 */
export const statRollupMark = pgTable('stat_rollup_mark', {
  rollup: text('rollup').primaryKey(),
  until: bigint('until', { mode: 'number' }).notNull(),
});

/** The statistics screen's saved tabs and selection, a JSON blob per user and team (spec 3). */
export const statisticSettings = pgTable(
  'statistic_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    data: text('data').notNull(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.teamId] })],
);

/** Secrets the server generates once and keeps: e.g. the key behind device cookies and TOTP secrets. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * A user's TOTP (RFC 6238) factor, two-factor sign-in. The secret is encrypted with a key derived from the server
 * secret; enabledAt is null while the user has not yet confirmed it with a code. lastStep is the time step of the
 * last accepted code, so the same code is never accepted twice.
 */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: moment('enabled_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** A single-use recovery code of a user's TOTP factor; only its SHA-256 is stored. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: moment('used_at'),
  },
  (t) => [index('totp_recovery_codes_user_idx').on(t.userId)],
);

/**
 * The second step of a sign-in with TOTP: the password step hands out this short-lived, single-use token (only its
 * SHA-256 is stored); the code step exchanges it for a session.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
  },
  (t) => [uniqueIndex('sign_in_challenges_token_hash_key').on(t.tokenHash)],
);

/**
 * A passkey (WebAuthn credential) of a user: its id and COSE public key (base64url) and the authenticator's
 * signature counter, which only goes forward (docs/api-auth.md, "Passkeys").
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** The transports the browser reported, comma-separated, handed back as hints at sign-in. */
    transports: text('transports').notNull().default(''),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: moment('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);

/**
 * One WebAuthn ceremony in progress: the SHA-256 of its challenge, what it is for ('registration' or
 * 'authentication') and, when known, whose it is. Spent on first use, short-lived.
 */
export const passkeyCeremonies = pgTable(
  'passkey_ceremonies',
  {
    id: serial('id').primaryKey(),
    challengeHash: text('challenge_hash').notNull(),
    purpose: text('purpose').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
  },
  (t) => [
    uniqueIndex('passkey_ceremonies_challenge_hash_key').on(t.challengeHash),
    index('passkey_ceremonies_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The rate-limit counters, shared by every replica on one database. One row per limit and key: a fixed
 * window (`windowStart`, `hits`) or, for the sign-in lockouts, failures with a lock (`lockedUntil`). Times are the
 * app clock's milliseconds, so tests move them; `expiresAt` is when the row means nothing any more. Unlogged on
 * PostgreSQL (drizzle/0003): counters need no crash safety, and skipping the WAL keeps every hit cheap.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    hits: integer('hits').notNull(),
    lockedUntil: bigint('locked_until', { mode: 'number' }).notNull().default(0),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('rate_counters_expires_idx').on(t.expiresAt)],
);

/** An event-bus message too large for a NOTIFY payload; the notification carries its id. */
export const busPayloads = pgTable('bus_payloads', {
  id: serial('id').primaryKey(),
  payload: text('payload').notNull(),
  createdAt: createdAt(),
});

/** When each periodic job last ran, so that one replica runs it per period. */
export const jobRuns = pgTable('job_runs', {
  job: text('job').primaryKey(),
  lastRunAt: moment('last_run_at').notNull(),
});

/**
 * A team's alert channel (docs/alerts.md): where its node alerts go besides the admins' e-mail. `secret` is the
 * webhook's signing key (`whsec_…`) or the Telegram bot token: both are needed in clear to deliver, so they are kept
 * as given and never shown again after creation.
 */
export const alertChannels = pgTable(
  'alert_channels',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    url: text('url'),
    chatId: text('chat_id'),
    secret: text('secret'),
    /** Minutes a node stays offline before this channel is told (OFFLINE_ALERT_DELAYS_MIN). */
    offlineDelayMinutes: integer('offline_delay_minutes').notNull().default(0),
    /** Set when every try failed for ALERT_CHANNEL_LIMITS.switchOffAfterHours; no alerts go there until cleared. */
    switchedOffAt: moment('switched_off_at'),
    /** When an admin last switched it on again: failures before it no longer count towards a switch-off. */
    switchedOnAt: moment('switched_on_at'),
    createdAt: createdAt(),
  },
  (t) => [index('alert_channels_team_idx').on(t.teamId)],
);

/**
 * One message to one channel, waiting, retried or sent: claimed FOR UPDATE SKIP LOCKED with a lease, so with several
 * processes each message goes out once. `payload` is the AlertPayloadBody every channel's body is made from. An
 * offline message takes further nodes while it waits for its batch window (`batch_until`).
 */
export const alertOutbox = pgTable(
  'alert_outbox',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => alertChannels.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    batchUntil: moment('batch_until'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: moment('next_attempt_at').notNull().defaultNow(),
    sentAt: moment('sent_at'),
    gaveUpAt: moment('gave_up_at'),
  },
  (t) => [
    index('alert_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.gaveUpAt} is null`),
    index('alert_outbox_channel_idx').on(t.channelId),
  ],
);

/** Each try of each message, kept ALERT_CHANNEL_LIMITS.logDays days: what Settings shows per channel. */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => alertChannels.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').notNull(),
    event: text('event').notNull(),
    at: moment('at').notNull(),
    status: integer('status'),
    ok: boolean('ok').notNull(),
    durationMs: integer('duration_ms').notNull(),
    detail: text('detail'),
    nextAttemptAt: moment('next_attempt_at'),
  },
  (t) => [
    index('alert_deliveries_channel_idx').on(t.channelId, t.at),
    index('alert_deliveries_at_idx').on(t.at),
  ],
);
