import { describe, expect, it } from 'vitest';
import { testUser } from '../../tests/fakes/auth-screens.tsx';
import { onboardingDone } from './onboarding.ts';

const onboarded = {
  ...testUser,
  name: 'Ada',
  surname: 'Lovelace',
  TeamsRender: [{ id: 3, name: 'Engines', role: 10 }],
};

describe('onboardingDone', () => {
  it('is true once name, last name and the current workspace name are given', () => {
    expect(onboardingDone(onboarded)).toBe(true);
  });

  it('is false for a new account and while any of the three is missing', () => {
    expect(onboardingDone(testUser)).toBe(false);
    expect(onboardingDone({ ...onboarded, name: '' })).toBe(false);
    expect(onboardingDone({ ...onboarded, surname: '' })).toBe(false);
    expect(onboardingDone({ ...onboarded, TeamsRender: [{ id: 3, name: '', role: 10 }] })).toBe(false);
    expect(onboardingDone({ ...onboarded, TeamsRender: [] })).toBe(false);
  });

  it('reads only the current workspace, the first team', () => {
    const named = { id: 4, name: 'Other', role: 20 };
    expect(onboardingDone({ ...onboarded, TeamsRender: [{ id: 3, name: '', role: 10 }, named] })).toBe(false);
  });
});
