import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { validateLogin } from './auth-validation.ts';
import { loginMachine } from './login.machine.ts';

/** Spaces, tabs and line breaks a paste can carry around a value. */
const blank = fc.stringMatching(/^[ \t\n]{0,4}$/);

describe('sign-in input is trimmed (spec 5), as a property', () => {
  it('judges and sends the trimmed values, whatever blanks surround them', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constant(''), fc.emailAddress(), fc.string({ maxLength: 20 })),
        fc.oneof(fc.constant(''), fc.string({ minLength: 1, maxLength: 12 })),
        blank,
        blank,
        (email, password, before, after) => {
          const core = { email: email.trim(), password: password.trim() };
          const sent: unknown[] = [];
          const machine = loginMachine.provide({
            actors: {
              signIn: fromPromise(async ({ input }) => {
                sent.push(input);
                return new Promise<never>(() => {});
              }),
            },
          });
          const actor = createActor(machine).start();
          actor.send({
            type: 'login.submit',
            email: `${before}${email}${after}`,
            password: `${after}${password}${before}`,
          });
          const expected = validateLogin(core);
          if (Object.keys(expected).length > 0) {
            expect(actor.getSnapshot().context.errors).toEqual(expected);
            expect(sent).toEqual([]);
          } else {
            expect(sent).toEqual([{ login: core.email, password: core.password }]);
          }
          actor.stop();
        },
      ),
      { numRuns: 150 },
    );
  });
});
