import { act, screen, within } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { describe, expect } from 'vitest';
import { type AnyEventObject, type AnyMachineSnapshot, createActor } from 'xstate';
import { ApiError } from '../../src/api/client.ts';
import type { Node } from '../../src/api/nodes.ts';
import { type NodeActorRef, type NodeReport, nodeMachine } from '../../src/machines/nodes/node.machine.ts';
import { applyReport } from '../../src/machines/nodes/node-list.machine.ts';
import { NodeCard } from '../../src/screens/nodes/node-card.tsx';
import { renderNodes } from '../fakes/node-screens.tsx';
import { configs, LICENSE_KEY, makeNode, nodesByDisplay } from '../fixtures/node-fixtures.ts';
import { actorDone, actorError } from './machine-model.ts';
import { describeScreenModel, type View } from './screen-model.ts';

/**
 * spec 2, 4 and 8 and node health: one node card on My NODR. The person's actions are the card's icons and modals; the
 * server's are the answers to them. The card shows the list's node: here a one-node list that applies the card's
 * reports as the node list does (`applyReport`), and that each step sets to the node the person acts on (what a
 * reload or a health event would have brought). The card's actor holds no node.
 */

const start = nodesByDisplay.active;
const offline = { ...start, online: false, lastSeenAt: '2026-11-22T10:00:00.000Z' };
/** The node in a maintenance window that ends in an hour (the dialog's answer, and what End maintenance acts on). */
const HOUR = 3_600_000;
const maintained = {
  ...start,
  maintenance: {
    startsAt: new Date(Date.now() - HOUR).toISOString(),
    endsAt: new Date(Date.now() + HOUR).toISOString(),
  },
};
const untilText = (node: Node) => `Maintenance until ${node.maintenance?.endsAt.slice(11, 16)} UTC`;
const input = { nodeId: start.id, teamId: start.teamId };
const failed = new ApiError(500, 'internal', 'boom');
const GENERIC = 'Sorry, something went wrong... Please try again later';

/** The list's one copy of the node, which the card renders. */
const list = { nodes: [start], listeners: new Set<() => void>() };
function setListed(nodes: Node[]) {
  list.nodes = nodes;
  for (const listener of list.listeners) listener();
}
const subscribe = (listener: () => void) => {
  list.listeners.add(listener);
  return () => list.listeners.delete(listener);
};

function ListedCard({ actor }: { actor: NodeActorRef }) {
  const [node] = useSyncExternalStore(subscribe, () => list.nodes);
  return node ? <NodeCard node={node} configs={configs} actor={actor} /> : null;
}

/** What the card lets a person do in each state (with the node the card shows then), and what the server may say. */
function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const is = (name: string) => snapshot.matches(name);
  if (is('confirmingDelete')) return [{ type: 'node.confirm', node: start }, { type: 'node.cancel' }];
  // A reload may bring the node deactivated elsewhere while the person reads the question.
  if (is('confirmingDeactivate'))
    return [
      { type: 'node.confirm', node: start },
      { type: 'node.confirm', node: nodesByDisplay.inactive },
      { type: 'node.cancel' },
    ];
  if (is('toggling'))
    return [
      actorDone('toggleNode', { id: 7, status: 10 }),
      actorDone('toggleNode', { id: 7, status: 20 }),
      actorError('toggleNode', failed),
    ];
  if (is('renaming'))
    return [
      actorDone('renameNode', makeNode({ status: 10, name: 'Berlin' })),
      actorError('renameNode', failed),
    ];
  if (is('deleting'))
    return [actorDone('deleteNode', { id: 7, status: 50 }), actorError('deleteNode', failed)];
  if (is('reconfiguring'))
    return [actorDone('reconfigure', null), actorDone('reconfigure', nodesByDisplay.hardware)];
  if (is('updatingConfig'))
    return [actorDone('configUpdate', null), actorDone('configUpdate', nodesByDisplay.hardware)];
  if (is('maintaining')) return [actorDone('maintenance', null), actorDone('maintenance', maintained)];
  if (is('endingMaintenance'))
    return [actorDone('endMaintenance', start), actorError('endMaintenance', failed)];
  if (is('gone')) return [];
  return [
    { type: 'node.power', node: start },
    { type: 'node.power', node: offline },
    { type: 'node.power', node: nodesByDisplay.inactive },
    { type: 'node.settings', node: start, configs },
    { type: 'node.settings', node: nodesByDisplay.hardware, configs },
    { type: 'node.delete' },
    { type: 'node.rename', node: start, name: 'Berlin' },
    { type: 'node.reloaded' },
    { type: 'node.maintenance', node: start, now: new Date() },
    // End maintenance is offered on a node in a window: the list has one then.
    { type: 'node.endMaintenance', node: maintained },
  ];
}

const card = () => screen.getByRole('article');
const icon = (name: string | RegExp) => within(card()).getByRole('button', { name });
const dialog = () => screen.getByRole('dialog');
const shown = (node: Node) =>
  node.status === 10 && node.online === false
    ? 'Offline'
    : ({
        1: node.check
          ? JSON.parse(node.check).result
            ? 'Launching NODR app'
            : 'Misconfigured'
          : 'Configuring hardware',
        10: 'Active',
        20: 'Inactive',
        50: 'Deleted',
      }[node.status as 1 | 10 | 20 | 50] ?? 'Suspended');

let actor = createActor(nodeMachine, { input });

/** The list has the node the person acts on, then the person acts. */
const onNode = (view: View) => act(() => setListed([view.event.node as Node]));

const answer = (view: View, route: RegExp, body: unknown) =>
  act(async () => {
    view.network.answer(route, { status: 200, body });
  });

describe('node card (model)', () => {
  describeScreenModel({
    name: 'node card',
    machine: nodeMachine,
    input,
    events,
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.error !== null]),
    requests: {
      toggleNode: /^PUT \/api\/v1\/nodres\/team\/3\/update_active_nodres\/7$/,
      renameNode: /^PUT \/api\/v1\/nodres\/team\/3\/nodr\/7$/,
      deleteNode: /^DELETE \/api\/v1\/nodres\/team\/3\/7$/,
      endMaintenance: /^DELETE \/api\/v1\/nodres\/team\/3\/7\/maintenance$/,
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
      maintenance: async (view) => {
        if (view.event.output === null)
          return view.user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
        await view.user.click(within(dialog()).getByRole('button', { name: 'Save' }));
        await answer(view, /^PUT \/api\/v1\/nodres\/team\/3\/7\/maintenance$/, view.event.output);
      },
    },
    render: () => {
      setListed([start]);
      const report = (_: unknown, report: NodeReport) => setListed(applyReport(list.nodes, report));
      actor = createActor(nodeMachine.provide({ actions: { report } }), { input });
      actor.start();
      renderNodes({ '/myNodr': <ListedCard actor={actor} /> }, '/myNodr');
    },
    act: {
      'node.power': async (view) => {
        await onNode(view);
        await view.user.click(icon(/^(Deactivate|Activate) NODR$/));
      },
      'node.delete': (view) => view.user.click(icon('Delete NODR')),
      'node.settings': async (view) => {
        await onNode(view);
        await view.user.click(icon(/^(Reconfigure NODR|Update configuration)$/));
      },
      'node.confirm': async (view) => {
        await onNode(view);
        await view.user.click(within(dialog()).getByRole('button', { name: /^(Deactivate|Delete)$/ }));
      },
      'node.cancel': (view) => view.user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
      'node.rename': async (view) => {
        await onNode(view);
        const field = within(card()).getByRole('textbox', { name: 'NODR name' });
        await view.user.clear(field);
        await view.user.paste(view.event.name);
        await view.user.keyboard('{Enter}');
      },
      // The node list tells the card's actor of a reload.
      'node.reloaded': async (view) => act(() => actor.send(view.event as never)),
      'node.maintenance': async (view) => {
        await onNode(view);
        await view.user.click(icon('Maintenance'));
      },
      'node.endMaintenance': async (view) => {
        await onNode(view);
        await view.user.click(icon('End maintenance'));
      },
    },
    rules: (view) => {
      const { event, from } = view;
      const node = event.node as Node | undefined;
      // The card shows the node the person acts on, with the status label the spec gives it (Offline for an active
      // node that stopped reporting).
      if (node && event.type !== 'node.confirm') expect(card()).toHaveTextContent(shown(node));
      // spec 4: an active node asks before it is deactivated, offline or not; an inactive one toggles at once.
      if (event.type === 'node.power' && node?.status === 10)
        expect(within(dialog()).getByRole('heading', { name: 'Deactivate this NODR?' })).toBeInTheDocument();
      if (event.type === 'node.power' && node?.status === 20) expect(screen.queryByRole('dialog')).toBeNull();
      // spec 4: settings open reconfigure for an active node, the config update for one configuring.
      if (event.type === 'node.settings')
        expect(
          within(dialog()).getByRole('heading', {
            name: node?.status === 10 ? 'Reconfigure NODR' : 'Update configuration',
          }),
        ).toBeInTheDocument();
      if (event.type === 'node.delete')
        expect(within(dialog()).getByRole('heading', { name: 'Delete this NODR?' })).toBeInTheDocument();
      if (event.type === 'node.cancel') expect(screen.queryByRole('dialog')).toBeNull();
      // Confirming a deactivation of a node that is no longer active only closes the question.
      if (event.type === 'node.confirm' && from.matches('confirmingDeactivate') && node?.status !== 10) {
        expect(screen.queryByRole('dialog')).toBeNull();
        expect(view.network.calls).toEqual([]);
      }
      // spec 4: after a toggle the status comes from the response.
      if (event.type === 'xstate.done.actor.toggleNode')
        expect(card()).toHaveTextContent(shown({ ...start, status: event.output.status }));
      // spec 8: a failed action says so on the card; a reload takes the message away.
      if (event.type.startsWith('xstate.error.actor.'))
        expect(within(card()).getByRole('alert')).toHaveTextContent(GENERIC);
      if (event.type === 'node.reloaded') expect(within(card()).queryByRole('alert')).toBeNull();
      // spec 4: after a successful reconfigure the config update opens for the returned node, which the card shows.
      if (event.type === 'xstate.done.actor.reconfigure' && event.output) {
        expect(within(dialog()).getByRole('heading', { name: 'Update configuration' })).toBeInTheDocument();
        expect(card()).toHaveTextContent('Configuring hardware');
      }
      if (event.type === 'xstate.done.actor.configUpdate') expect(screen.queryByRole('dialog')).toBeNull();
      // The window the server answered is on the card; a cancelled dialog leaves the card as it was.
      if (event.type === 'xstate.done.actor.maintenance') {
        expect(screen.queryByRole('dialog')).toBeNull();
        if (event.output) expect(card()).toHaveTextContent(untilText(event.output));
        else expect(card()).not.toHaveTextContent(/Maintenance until/);
      }
      if (event.type === 'xstate.done.actor.endMaintenance') {
        expect(card()).not.toHaveTextContent(/Maintenance until/);
        expect(icon('Maintenance')).toBeEnabled();
      }
      // spec 2: the name is saved, and the card says so.
      if (event.type === 'xstate.done.actor.renameNode')
        expect(within(card()).getByRole('textbox', { name: 'NODR name' })).toHaveValue('Berlin');
    },
    sees: {
      idle: () => expect(screen.queryByRole('dialog')).toBeNull(),
      confirmingDeactivate: () =>
        expect(within(dialog()).getByRole('button', { name: 'Deactivate' })).toBeEnabled(),
      confirmingDelete: () => expect(within(dialog()).getByRole('button', { name: 'Delete' })).toBeEnabled(),
      toggling: () => expect(card()).toHaveAttribute('aria-busy', 'true'),
      renaming: () => expect(card()).toHaveAttribute('aria-busy', 'true'),
      deleting: () => expect(card()).toHaveAttribute('aria-busy', 'true'),
      // spec 2: a deleted node leaves the list.
      gone: () => expect(screen.queryByRole('article')).toBeNull(),
      reconfiguring: () =>
        expect(within(dialog()).getByRole('heading', { name: 'Reconfigure NODR' })).toBeInTheDocument(),
      maintaining: () => expect(screen.getByRole('dialog', { name: 'Maintenance' })).toBeInTheDocument(),
      endingMaintenance: () => {
        expect(card()).toHaveAttribute('aria-busy', 'true');
        expect(card()).toHaveTextContent(untilText(maintained));
      },
      updatingConfig: () =>
        expect(within(dialog()).getByRole('heading', { name: 'Update configuration' })).toBeInTheDocument(),
    },
  });
});
