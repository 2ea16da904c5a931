// @ts-check
import { declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';

/**
 * The mutants no test can tell from the code, each with the reason. Product code is never shaped for the mutation
 * tool, so they are listed here instead of beside the code: the Ignorer below skips the mutants of each listed node
 * (`code` is the node's exact source text in `file`, found wherever it occurs; with `parent`, only inside a parent
 * node of that text). An ignorer skips every mutant of a node, so each node is the smallest that holds the equivalent
 * mutant. tests/unit/equivalent-mutants.test.ts checks that every entry still names code that is there, as often as
 * `occurrences` says.
 * @type {{ file: string, code: string, parent?: string, occurrences: number, mutant: string, reason: string }[]}
 */
export const equivalentMutants = [
  {
    file: 'src/workers/stats.ts',
    code: '{ dt: 0, uplink: 0, delivered: 0, input: 0, viewers: 0, quality: 0 }',
    occurrences: 1,
    mutant: 'ObjectLiteral: {} for the empty sample',
    reason: 'readPoint writes every field of the sample before any is read.',
  },
  {
    file: 'src/workers/stats.ts',
    code: 'input > 0',
    occurrences: 1,
    mutant: 'EqualityOperator: input >= 0 in ratioOf',
    reason:
      'an input of 0 gives Infinity or NaN, which the finite check on the next line turns into 0 as well.',
  },
  {
    file: 'src/workers/stats.ts',
    code: 'dt < min',
    occurrences: 1,
    mutant: 'EqualityOperator: dt <= min in gridOf',
    reason: 'on a tie the same value is assigned.',
  },
  {
    file: 'src/workers/stats.ts',
    code: 'dt > max',
    occurrences: 1,
    mutant: 'EqualityOperator: dt >= max in gridOf',
    reason: 'on a tie the same value is assigned.',
  },
  {
    file: 'src/workers/stats.ts',
    code: '{ first: 0, slots: 0 }',
    occurrences: 1,
    mutant: 'ObjectLiteral: {} for a series with no timed point',
    reason: 'undefined slots allocate the same empty series.',
  },
  {
    file: 'src/workers/stats.ts',
    code: '!(slot >= 0 && slot < slots)',
    occurrences: 1,
    mutant: 'ConditionalExpression, LogicalOperator, EqualityOperator: any change of the slot guard',
    reason: 'typed arrays ignore writes outside their length, so the guard only saves the work.',
  },
  {
    file: 'src/workers/stats.ts',
    code: 'now === undefined || !Number.isFinite(now)',
    occurrences: 1,
    mutant: 'ConditionalExpression, LogicalOperator: the test of now in partialBucket',
    reason: 'a missing or non-finite now gives a NaN index, which also ends in null.',
  },
  {
    file: 'src/lib/format.ts',
    code: 'amount < 10',
    occurrences: 1,
    mutant: 'EqualityOperator: amount <= 10 in decimal',
    reason: 'at exactly 10 both roundings give 10.',
  },
  {
    file: 'src/lib/format.ts',
    code: "'UTC'",
    parent: "formatInTimeZone(toDate(value), 'UTC', 'd MMMM yyyy, HH:mm', { locale: enGB })",
    occurrences: 1,
    mutant: "StringLiteral: '' for the zone of formatDateTime",
    reason: 'date-fns-tz reads an empty zone as UTC.',
  },
  {
    file: 'src/lib/format.ts',
    code: '{ locale: enGB }',
    occurrences: 1,
    mutant: 'ObjectLiteral: {} for the options of formatDateTime',
    reason: "the default locale, en-US, has en-GB's month names, and the pattern fixes the order.",
  },
  {
    file: 'src/lib/node-messages.ts',
    code: '!(error instanceof ApiError)',
    occurrences: 1,
    mutant: 'ConditionalExpression: false for the non-answer test of keyFailure',
    reason: 'without it a non-answer matches no code nor status and reaches actionFailure too.',
  },
  {
    file: 'src/lib/public-key.ts',
    code: "line.startsWith('-----')",
    occurrences: 1,
    mutant: "MethodExpression: line.endsWith('-----') in isArmour",
    reason: 'PEM armour lines both start and end with five dashes.',
  },
  {
    file: 'src/machines/teams/team-members.machine.ts',
    code: 'context.confirm?.kind',
    occurrences: 2,
    mutant: 'OptionalChaining: context.confirm.kind',
    reason: "both readers run only in 'confirming', which always holds a confirm.",
  },
  {
    file: 'src/machines/teams/invitation.machine.ts',
    code: 'context.invitation?.email',
    occurrences: 1,
    mutant: 'OptionalChaining: context.invitation.email',
    reason: 'the session is checked only after the invitation was read.',
  },
  {
    file: 'src/machines/auth/link-confirmation.machine.ts',
    code: "'linkConfirmationMachine: provide the redeem actor'",
    occurrences: 1,
    mutant: "StringLiteral: '' for the missing actor's error",
    reason: "a developer's hint; the machine ends in 'error' whatever the message.",
  },
  {
    file: 'src/machines/settings/pending-request.machine.ts',
    // \u0024 is the template's dollar sign.
    code: '`pendingRequestMachine: provide the \u0024{name} actor`',
    occurrences: 1,
    mutant: "StringLiteral: `` for the missing actor's error",
    reason: "a developer's hint; every failure that is no answer reads the same.",
  },
  {
    file: 'src/machines/settings/sessions.machine.ts',
    code: 'target?.kind',
    occurrences: 2,
    mutant: 'OptionalChaining: target.kind in the browser test',
    reason: 'a target is always kept before this runs (confirming, revoking).',
  },
  {
    file: 'src/machines/settings/sessions.machine.ts',
    code: 'context.target?.kind',
    occurrences: 2,
    mutant: 'OptionalChaining: context.target.kind',
    reason: 'a target is always kept before this runs (confirming, revoking).',
  },
];

/** @implements {import('@stryker-mutator/api/ignore').Ignorer} */
class EquivalentMutants {
  /** @param {import('@stryker-mutator/api/ignore').NodePath} path */
  shouldIgnore(path) {
    const file = path.hub?.file;
    const fileName = String(file?.opts?.filename ?? '').replaceAll('\\', '/');
    const { start, end } = path.node;
    if (typeof start !== 'number' || typeof end !== 'number' || typeof file?.code !== 'string')
      return undefined;
    const textOf = (/** @type {{ start?: number | null, end?: number | null } | undefined} */ node) =>
      typeof node?.start === 'number' && typeof node.end === 'number'
        ? file.code.slice(node.start, node.end)
        : '';
    const entry = equivalentMutants.find(
      (candidate) =>
        fileName.endsWith(`/${candidate.file}`) &&
        file.code.slice(start, end) === candidate.code &&
        (candidate.parent === undefined || textOf(path.parentPath?.node) === candidate.parent),
    );
    return entry && `Equivalent (${entry.mutant}): ${entry.reason}`;
  }
}

export const strykerPlugins = [
  declareClassPlugin(PluginKind.Ignore, 'equivalent-mutants', EquivalentMutants),
];
