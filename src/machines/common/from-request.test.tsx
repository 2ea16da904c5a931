import { render, screen } from '@testing-library/react';
import { useActor } from '@xstate/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup } from 'xstate';
import { fromRequest } from './from-request.ts';

/** A request that rejects when aborted, as fetch does, and otherwise answers after a moment. */
const request = ({ signal }: { signal: AbortSignal }) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => resolve('ok'), 20);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });

function machineWith(call: ReturnType<typeof fromRequest<string>>) {
  return setup({ actors: { call } }).createMachine({
    initial: 'calling',
    states: {
      calling: { invoke: { src: 'call', onDone: 'done', onError: 'failed' } },
      done: {},
      failed: {},
    },
  });
}

function Probe({ machine }: { machine: ReturnType<typeof machineWith> }) {
  const [snapshot] = useActor(machine);
  return <p>state: {String(snapshot.value)}</p>;
}

describe('fromRequest', () => {
  it('survives the stop and restart StrictMode gives every actor in development', async () => {
    render(
      <StrictMode>
        <Probe machine={machineWith(fromRequest(request))} />
      </StrictMode>,
    );
    expect(await screen.findByText('state: done')).toBeInTheDocument();
  });

  it('is needed: plain fromPromise turns that restart into a failure', async () => {
    render(
      <StrictMode>
        <Probe machine={machineWith(fromPromise(request))} />
      </StrictMode>,
    );
    expect(await screen.findByText('state: failed')).toBeInTheDocument();
  });

  it('still reports a real failure', async () => {
    const actor = createActor(machineWith(fromRequest(async () => Promise.reject(new Error('500'))))).start();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(actor.getSnapshot().value).toBe('failed');
  });
});
