import { describe, it } from 'vitest';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import type { ActivityEntry } from '../../api/sessions.ts';
import { activityMachine } from './activity.machine.ts';

const entries: ActivityEntry[] = [
  { id: 1, kind: 'sign_in', at: '2026-11-22T10:00:00.000Z', ip: '192.0.2.1', device: 'Chrome on Linux' },
];

describe('activity machine, model', () => {
  const model = createMachineModel(activityMachine, {
    events: [{ type: 'activity.refresh' }, actorDone('listActivity', entries), actorError('listActivity')],
  });
  it.each(model.paths)('$description', (path) => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});
