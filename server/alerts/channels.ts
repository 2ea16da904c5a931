import type { AlertDeps } from './alerts.service.ts';
import type { Channel } from './channel.ts';
import { emailChannel } from './email-channel.ts';

/** Every alert channel, each made from the alert queue's dependencies: adding a channel is one line here. */
export const CHANNELS: readonly ((deps: AlertDeps) => Channel)[] = [emailChannel];
