import type {
  AlertChannelBody,
  AlertDeliveryBody,
  CreatedAlertChannelBody,
} from '../../../contracts/alert-channels.ts';
import {
  createAlertChannel,
  listAlertChannels,
  removeAlertChannel,
  rotateAlertChannelSecret,
  switchOnAlertChannel,
  testAlertChannel,
  updateAlertChannel,
} from '../../api/alert-channels.ts';
import { fromRequest } from '../common/from-request.ts';
import type { ChannelSave } from './alert-channel-draft.ts';

// Each actor passes its signal on, so a stopped machine cancels its request (STYLE 5).

interface OneChannel {
  teamId: number;
  id: number;
}

export const listChannelsActor = fromRequest<AlertChannelBody[], { teamId: number }>(({ input, signal }) =>
  listAlertChannels(input.teamId, signal),
);

/** A new channel answers its webhook secret (or null); an edited one answers itself with no secret. */
export const saveChannelActor = fromRequest<CreatedAlertChannelBody, ChannelSave>(
  async ({ input, signal }) =>
    input.id === null
      ? createAlertChannel(input.teamId, input.create, signal)
      : { channel: await updateAlertChannel(input.teamId, input.id, input.edit, signal), secret: null },
);

export const removeChannelActor = fromRequest<unknown, OneChannel>(({ input, signal }) =>
  removeAlertChannel(input.teamId, input.id, signal),
);

export const testChannelActor = fromRequest<AlertDeliveryBody, OneChannel>(({ input, signal }) =>
  testAlertChannel(input.teamId, input.id, signal),
);

export const rotateSecretActor = fromRequest<string, OneChannel>(({ input, signal }) =>
  rotateAlertChannelSecret(input.teamId, input.id, signal),
);

export const switchOnActor = fromRequest<AlertChannelBody, OneChannel>(({ input, signal }) =>
  switchOnAlertChannel(input.teamId, input.id, signal),
);
