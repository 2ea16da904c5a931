import type { ServiceRoutes } from '../lib/service-routes.ts';
import { sseRoutes } from './sse-routes.ts';

/** The live event stream (docs/api-main.md): a platform part every domain's changes reach through the event bus. */
export const liveRoutes: ServiceRoutes[] = [{ prefix: '/api', plugin: sseRoutes }];
