import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalMailbox } from '../../../server/lib/mailbox.ts';

// A plain local part and domain as people type them: no quotes, no +, no @.
const local = fc.stringMatching(/^[a-zA-Z0-9._-]{1,20}$/).filter((text) => !text.startsWith('"'));
const domain = fc.stringMatching(/^[a-zA-Z0-9-]{1,12}\.[a-zA-Z]{2,6}$/);
const tag = fc.stringMatching(/^[a-zA-Z0-9._+-]{0,10}$/);

describe('canonicalMailbox', () => {
  it('reads the usual spellings of one inbox as the same address', () => {
    expect(
      [
        'Inbox@Example.com',
        'inbox@example.com.',
        '"inbox"@example.com',
        'inbox+one@example.com',
        ' INBOX+two@EXAMPLE.com.. ',
        '"in\\box"+x@example.com',
      ].map(canonicalMailbox),
    ).toEqual(Array(6).fill('inbox@example.com'));
  });

  it('keeps inboxes apart that differ in what mail servers read', () => {
    expect(canonicalMailbox('inbox@example.com')).not.toBe(canonicalMailbox('inbox2@example.com'));
    expect(canonicalMailbox('inbox@example.com')).not.toBe(canonicalMailbox('inbox@example.net'));
    // A + that starts the local part is the whole name, not a tag.
    expect(canonicalMailbox('+inbox@example.com')).toBe('+inbox@example.com');
  });

  it('maps every case, trailing dot, quoting and +tag of an address to the bare lower-case address', () => {
    fc.assert(
      fc.property(
        local,
        domain,
        tag,
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (name, host, sub, upper, dot, quoted) => {
          const bare = `${name}@${host}`.toLowerCase();
          let spelled = quoted ? `"${name}"` : name;
          if (sub !== '') spelled += `+${sub}`;
          spelled += `@${host}${dot ? '.' : ''}`;
          if (upper) spelled = spelled.toUpperCase();
          expect(canonicalMailbox(spelled)).toBe(bare);
        },
      ),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(canonicalMailbox(canonicalMailbox(text))).toBe(canonicalMailbox(text));
      }),
    );
  });
});
