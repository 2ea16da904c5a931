import type { NotificationSettings } from '../../../contracts/notifications.schema.ts';
import { getNotifications, saveNotifications } from '../../api/notifications.ts';
import { fromRequest } from '../common/from-request.ts';

// Each actor passes its signal on, so a stopped machine cancels its request (STYLE 5).

export const loadNotificationsActor = fromRequest<NotificationSettings>(({ signal }) =>
  getNotifications(signal),
);

export const saveNotificationsActor = fromRequest<NotificationSettings, NotificationSettings>(
  ({ input, signal }) => saveNotifications(input, signal),
);
