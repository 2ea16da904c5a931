import { type Static, Type } from 'typebox';
import { OFFLINE_ALERT_DELAYS_MIN } from './notifications.ts';
import { closed } from './wire.schema.ts';

/** `GET {auth}v1/notifications` answers it; `PUT {auth}v1/notifications` takes it (JSON, both fields). */
export const NotificationSettingsSchema = Type.Object(
  {
    alerts: Type.Boolean({ description: 'Alerts on or off.' }),
    offlineDelayMin: Type.Enum([...OFFLINE_ALERT_DELAYS_MIN]),
  },
  closed,
);
export type NotificationSettings = Static<typeof NotificationSettingsSchema>;
