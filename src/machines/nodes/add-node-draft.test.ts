import { describe, expect, it } from 'vitest';
import { parseAddNodeDraft, stepNamed } from './add-node-draft.ts';

const draft = { teamId: 3, reached: 'installer', configId: 2, publicKey: '' };

describe('add node draft', () => {
  it('names step 1 for /addNodr and for any name that is not a step', () => {
    expect(stepNamed(undefined)).toBe('configuration');
    expect(stepNamed('installer')).toBe('installer');
    expect(stepNamed('key')).toBe('key');
    expect(stepNamed('KEY')).toBe('configuration');
    expect(stepNamed('toString')).toBe('configuration');
  });

  it('reads back a draft of this team', () => {
    expect(parseAddNodeDraft(JSON.stringify(draft), 3)).toEqual(draft);
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{"teamId":3,'],
    ['JSON null', 'null'],
    ['another team', JSON.stringify({ ...draft, teamId: 4 })],
    ['an unknown step', JSON.stringify({ ...draft, reached: 'done' })],
    ['a configuration that is not a whole number', JSON.stringify({ ...draft, configId: '2' })],
    ['a key that is not text', JSON.stringify({ ...draft, publicKey: 7 })],
    ['a field too many', JSON.stringify({ ...draft, admin: true })],
  ])('ignores %s', (_, raw) => {
    expect(parseAddNodeDraft(raw, 3)).toBeNull();
  });
});
