import { fromRequest } from '../common/from-request.ts';
import { pendingRequestMachine } from './pending-request.machine.ts';

type Call = (id: number, signal: AbortSignal) => Promise<unknown>;

/** The pending-request machine for one kind of request: its resend and revoke calls, given the signal (STYLE 5). */
export function pendingRequestWith(calls: { resend: Call; revoke: Call }) {
  return pendingRequestMachine.provide({
    actors: {
      resend: fromRequest<unknown, { id: number }>(({ input, signal }) => calls.resend(input.id, signal)),
      revoke: fromRequest<unknown, { id: number }>(({ input, signal }) => calls.revoke(input.id, signal)),
    },
  });
}
