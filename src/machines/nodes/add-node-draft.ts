import { enums, type Infer, integer, is, nullable, object, string } from 'superstruct';

/** spec 2, Add node flow: its three steps in order. Each has its own address (docs/web-my-nodr.md). */
const ADD_NODE_STEPS = ['configuration', 'installer', 'key'] as const;
export type AddNodeStep = (typeof ADD_NODE_STEPS)[number];

/** Where a step stands in the flow: 0 for the first. */
export const stepIndex = (step: AddNodeStep): number => ADD_NODE_STEPS.indexOf(step);

/** The step an address names: the first one for `/addNodr` itself and for a name that is no step. */
export const stepNamed = (name: string | undefined): AddNodeStep =>
  ADD_NODE_STEPS.find((step) => step === name) ?? 'configuration';

const AddNodeDraftStruct = object({
  teamId: integer(),
  /** The furthest step the person has reached: Forward and a reload may go back up to it, never beyond. */
  reached: enums(ADD_NODE_STEPS),
  /** Null only while no configuration can be chosen (none available). */
  configId: nullable(integer()),
  publicKey: string(),
});

/** The choices of an add-node flow in progress, kept for this tab so that a reload keeps them. */
export type AddNodeDraft = Infer<typeof AddNodeDraftStruct>;

/**
 * A stored draft read back; null when there is none, or it is malformed, forged or another team's: a bad value is
 * ignored and the flow starts afresh, never a crash.
 */
export function parseAddNodeDraft(raw: string | null, teamId: number): AddNodeDraft | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  return is(value, AddNodeDraftStruct) && value.teamId === teamId ? value : null;
}
