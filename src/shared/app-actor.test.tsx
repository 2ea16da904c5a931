import fs from 'node:fs';
import path from 'node:path';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMachine, type InspectionEvent } from 'xstate';
import { useAppActor, useAppActorRef } from './app-actor.ts';
import { setInspector } from './inspect.ts';

const SRC = path.resolve(import.meta.dirname, '..');
const WRAPPER = path.join('shared', 'app-actor.ts');

const productionSources = (fs.readdirSync(SRC, { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && file !== WRAPPER)
  .map((file) => ({ file, text: fs.readFileSync(path.join(SRC, file), 'utf8') }));

const seen: InspectionEvent[] = [];
setInspector({ next: (event) => seen.push(event) });

const machine = createMachine({ id: 'probe', initial: 'idle', states: { idle: {} } });
const startedProbes = () => seen.filter((event) => event.type === '@xstate.actor').length;

describe('useAppActor: every root actor reports to the inspector', () => {
  it('starts a root actor that the inspector sees (useAppActor)', () => {
    const before = startedProbes();
    renderHook(() => useAppActor(machine));
    expect(startedProbes()).toBeGreaterThan(before);
  });

  it('starts a root actor that the inspector sees (useAppActorRef)', () => {
    const before = startedProbes();
    renderHook(() => useAppActorRef(machine));
    expect(startedProbes()).toBeGreaterThan(before);
  });

  it('finds the app sources', () => {
    expect(productionSources.length).toBeGreaterThan(50);
  });

  // A root actor started any other way would be missing from the inspector.
  it.each(productionSources)('$file starts no actor but through the wrapper', ({ text }) => {
    expect(text.match(/\b(useActor|useActorRef|useMachine|createActor|interpret)\(/g) ?? []).toEqual([]);
  });
});
