import fp from 'fastify-plugin';
import { registerBodyParsers } from '../lib/body-parsers.ts';
import { RouteTable } from '../lib/route-table.ts';
import { validatorCompiler } from '../lib/validation.ts';

/**
 * The input rules for every route: body parsers with a depth cap, JSON taken as typed and forms
 * coerced (server/lib/validation.ts), and the route table every route joins as it is added (405s, the fuzz test).
 */
export const inputRules = fp(async (app) => {
  app.setValidatorCompiler(validatorCompiler);
  app.decorate('routeTable', new RouteTable());
  app.addHook('onRoute', (route) => app.routeTable.add(route));
  await registerBodyParsers(app);
});
