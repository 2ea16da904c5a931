import { act, screen, within } from '@testing-library/react';
import { describe, expect } from 'vitest';
import { type AnyEventObject, type AnyMachineSnapshot, createActor } from 'xstate';
import { ApiError } from '../../src/api/client.ts';
import type { Node } from '../../src/api/nodes.ts';
import { nodeMachine } from '../../src/machines/nodes/node.machine.ts';
import { NodeCard } from '../../src/screens/nodes/node-card.tsx';
import { renderNodes } from '../fakes/node-screens.tsx';
import { configs, LICENSE_KEY, makeNode, nodesByDisplay } from '../fixtures/node-fixtures.ts';
import { actorDone, actorError } from './machine-model.ts';
import { describeScreenModel, type View } from './screen-model.ts';

/**
 * spec 2, 4 and 8 and node health: one node card on My NODR. The person's actions are the card's icons and modals; the
 * server's are the answers to them and the list's reloads and health events, which the node list forwards to the
 * card's actor (a reload is `node.sync`, a health event `node.health`).
 */

const start = nodesByDisplay.active;
const failed = new ApiError(500, 'internal', 'boom');
const GENERIC = 'Sorry, something went wrong... Please try again later';

const sync = (node: Node) => ({ type: 'node.sync', node, configs });
const toOthers = [
  sync(nodesByDisplay.inactive),
  sync(nodesByDisplay.hardware),
  sync(nodesByDisplay.misconfigured),
  sync(nodesByDisplay.launching),
  sync(makeNode({ status: 50 })),
  sync(nodesByDisplay.suspended),
];
const backToActive = sync(start);
const offline = {
  type: 'node.health',
  health: { nodeId: 7, online: false, lastSeenAt: null, at: '2026-11-22T10:00:00.000Z' },
};
const online = { type: 'node.health', health: { ...offline.health, online: true } };

/** What the card lets a person do in each state, and what the server may say then. */
function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const inAction = (name: string) => snapshot.matches({ actions: name });
  if (inAction('confirmingDelete')) return [{ type: 'node.confirm' }, { type: 'node.cancel' }];
  // A reload may bring the node deactivated elsewhere while the person reads the question.
  if (inAction('confirmingDeactivate'))
    return [
      { type: 'node.confirm' },
      { type: 'node.cancel' },
      ...(snapshot.matches({ status: 'active' }) ? [sync(nodesByDisplay.inactive)] : []),
    ];
  if (inAction('toggling'))
    return [actorDone('toggleNode', { id: 7, status: 20 }), actorError('toggleNode', failed)];
  if (inAction('renaming'))
    return [
      actorDone('renameNode', makeNode({ status: 10, name: 'Berlin' })),
      actorError('renameNode', failed),
    ];
  if (inAction('deleting'))
    return [actorDone('deleteNode', { id: 7, status: 50 }), actorError('deleteNode', failed)];
  if (inAction('reconfiguring'))
    return [actorDone('reconfigure', null), actorDone('reconfigure', nodesByDisplay.hardware)];
  if (inAction('updatingConfig'))
    return [actorDone('configUpdate', null), actorDone('configUpdate', nodesByDisplay.hardware)];
  if (inAction('gone')) return [];
  if (snapshot.matches({ status: { active: 'online' } }))
    return [
      { type: 'node.power' },
      { type: 'node.delete' },
      { type: 'node.rename', name: 'Berlin' },
      { type: 'node.settings' },
      offline,
      ...toOthers,
    ];
  if (snapshot.matches({ status: { active: 'offline' } })) return [online];
  if (snapshot.matches({ status: 'inactive' })) return [{ type: 'node.power' }, backToActive];
  if (snapshot.matches({ status: { configuring: 'hardware' } }))
    return [{ type: 'node.settings' }, backToActive];
  return [backToActive];
}

const card = () => screen.getByRole('article');
const icon = (name: string | RegExp) => within(card()).getByRole('button', { name });
const dialog = () => screen.getByRole('dialog');
const shown = (node: Node) =>
  ({
    1: node.check
      ? JSON.parse(node.check).result
        ? 'Launching NODR app'
        : 'Misconfigured'
      : 'Configuring hardware',
    10: 'Active',
    20: 'Inactive',
    50: 'Deleted',
  })[node.status as 1 | 10 | 20 | 50] ?? 'Suspended';

const onCard = (check: () => unknown) => (view: View) => {
  if (!view.snapshot.matches({ actions: 'gone' })) check();
};

let actor = createActor(nodeMachine, { input: { node: start, configs } });

const answer = (view: View, route: RegExp, body: unknown) =>
  act(async () => {
    view.network.answer(route, { status: 200, body });
  });

describe('node card (model)', () => {
  describeScreenModel({
    name: 'node card',
    machine: nodeMachine,
    input: { node: start, configs },
    events,
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.error !== null]),
    requests: {
      toggleNode: /^PUT \/api\/v1\/nodres\/team\/3\/update_active_nodres\/7$/,
      renameNode: /^PUT \/api\/v1\/nodres\/team\/3\/nodr\/7$/,
      deleteNode: /^DELETE \/api\/v1\/nodres\/team\/3\/7$/,
    },
    answers: {
      // The modals are the node's child machines: a person finishes or closes them.
      reconfigure: async (view) => {
        if (view.event.output === null)
          return view.user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
        await view.user.type(within(dialog()).getByLabelText('License key'), LICENSE_KEY);
        await view.user.click(within(dialog()).getByRole('button', { name: 'Reconfigure' }));
        await answer(view, /^PUT \/api\/v1\/nodres\/team\/3\/reset_settings_nodr\/7$/, view.event.output);
      },
      configUpdate: async (view) => {
        if (view.event.output === null)
          return view.user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
        await view.user.click(within(dialog()).getByRole('button', { name: 'Save' }));
        await answer(view, /^PUT \/api\/v1\/nodres\/team\/3\/nodr\/7$/, view.event.output);
      },
    },
    render: () => {
      actor = createActor(nodeMachine, { input: { node: start, configs } });
      actor.start();
      renderNodes({ '/myNodr': <NodeCard actor={actor} /> }, '/myNodr');
    },
    act: {
      'node.power': (view) => view.user.click(icon(/^(Deactivate|Activate) NODR$/)),
      'node.delete': (view) => view.user.click(icon('Delete NODR')),
      'node.settings': (view) => view.user.click(icon(/^(Reconfigure NODR|Update configuration)$/)),
      'node.confirm': (view) =>
        view.user.click(within(dialog()).getByRole('button', { name: /^(Deactivate|Delete)$/ })),
      'node.cancel': (view) => view.user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
      'node.rename': async (view) => {
        const field = within(card()).getByRole('textbox', { name: 'NODR name' });
        await view.user.clear(field);
        await view.user.paste(view.event.name);
        await view.user.keyboard('{Enter}');
      },
      // The node list forwards reloads and health events to the card's actor.
      'node.sync': async (view) => act(() => actor.send(view.event as never)),
      'node.health': async (view) => act(() => actor.send(view.event as never)),
    },
    rules: (view) => {
      const { event, from } = view;
      // spec 4: an active node asks before it is deactivated; an inactive one toggles at once.
      if (event.type === 'node.power' && from.matches({ status: 'active' }))
        expect(within(dialog()).getByRole('heading', { name: 'Deactivate this NODR?' })).toBeInTheDocument();
      if (event.type === 'node.power' && from.matches({ status: 'inactive' }))
        expect(screen.queryByRole('dialog')).toBeNull();
      // spec 4: settings open reconfigure for an active node, the config update for one configuring.
      if (event.type === 'node.settings')
        expect(
          within(dialog()).getByRole('heading', {
            name: from.matches({ status: 'active' }) ? 'Reconfigure NODR' : 'Update configuration',
          }),
        ).toBeInTheDocument();
      if (event.type === 'node.delete')
        expect(within(dialog()).getByRole('heading', { name: 'Delete this NODR?' })).toBeInTheDocument();
      if (event.type === 'node.cancel') expect(screen.queryByRole('dialog')).toBeNull();
      // Confirming a deactivation of a node that is no longer active only closes the question.
      if (
        event.type === 'node.confirm' &&
        from.matches({ actions: 'confirmingDeactivate', status: 'inactive' })
      ) {
        expect(screen.queryByRole('dialog')).toBeNull();
        expect(view.network.calls).toEqual([]);
      }
      // spec 4: after a toggle the status comes from the response.
      if (event.type === 'xstate.done.actor.toggleNode') expect(card()).toHaveTextContent('Inactive');
      // spec 8: a failed action says so on the card.
      if (event.type.startsWith('xstate.error.actor.'))
        expect(within(card()).getByRole('alert')).toHaveTextContent(GENERIC);
      // A reload shows the node as it is now, and the status label the spec gives it.
      if (event.type === 'node.sync') expect(card()).toHaveTextContent(shown(event.node));
      // A node that stops reporting shows Offline, and Active again when it is back.
      if (event === offline) expect(card()).toHaveTextContent('Offline');
      if (event === online) expect(card()).toHaveTextContent('Active');
      // spec 4: after a successful reconfigure the config update opens for the returned node.
      if (event.type === 'xstate.done.actor.reconfigure' && event.output)
        expect(within(dialog()).getByRole('heading', { name: 'Update configuration' })).toBeInTheDocument();
      if (event.type === 'xstate.done.actor.configUpdate') expect(screen.queryByRole('dialog')).toBeNull();
      // spec 2: the name is saved, and the card says so.
      if (event.type === 'xstate.done.actor.renameNode')
        expect(within(card()).getByRole('textbox', { name: 'NODR name' })).toHaveValue('Berlin');
    },
    sees: {
      // Once deleted the card is gone (actions.gone), so the status region has nothing to show.
      status: onCard(() => expect(card()).toBeInTheDocument()),
      'status.active': onCard(() => expect(icon('Deactivate NODR')).toBeEnabled()),
      'status.inactive': onCard(() => {
        expect(icon('Activate NODR')).toBeEnabled();
        expect(card()).toHaveTextContent('Inactive');
      }),
      'status.configuring': onCard(() => expect(icon('Update configuration')).toBeInTheDocument()),
      'status.deleted': onCard(() => expect(card()).toHaveTextContent('Deleted')),
      'status.suspended': onCard(() =>
        expect(card()).toHaveTextContent(
          'The service for this key is restricted due to subscription limits. Please change your plan or deactivate other keys.',
        ),
      ),
      'actions.idle': () => expect(screen.queryByRole('dialog')).toBeNull(),
      'actions.confirmingDeactivate': () =>
        expect(within(dialog()).getByRole('button', { name: 'Deactivate' })).toBeEnabled(),
      'actions.confirmingDelete': () =>
        expect(within(dialog()).getByRole('button', { name: 'Delete' })).toBeEnabled(),
      'actions.toggling': () => expect(card()).toHaveAttribute('aria-busy', 'true'),
      'actions.renaming': () => expect(card()).toHaveAttribute('aria-busy', 'true'),
      'actions.deleting': () => expect(card()).toHaveAttribute('aria-busy', 'true'),
      // spec 2: a deleted node leaves the list.
      'actions.gone': () => expect(screen.queryByRole('article')).toBeNull(),
      'actions.reconfiguring': () =>
        expect(within(dialog()).getByRole('heading', { name: 'Reconfigure NODR' })).toBeInTheDocument(),
      'actions.updatingConfig': () =>
        expect(within(dialog()).getByRole('heading', { name: 'Update configuration' })).toBeInTheDocument(),
    },
  });
});
