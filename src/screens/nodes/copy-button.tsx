import { useEffect, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { CheckCircleIcon, CopyIcon } from '../../ui/icons.tsx';

/** How long the 'Copied' confirmation stays. */
const COPIED_MS = 2000;

/** Copies `text` to the clipboard and says so ('Copied', announced politely). */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );

  return (
    <>
      <Button variant="secondary" onClick={copy}>
        {state === 'copied' ? <CheckCircleIcon size={18} /> : <CopyIcon size={18} />}
        {state === 'copied' ? 'Copied' : label}
      </Button>
      <span className="visually-hidden" role="status">
        {state === 'copied'
          ? 'Copied to the clipboard'
          : state === 'failed'
            ? 'Copying failed: select the text'
            : ''}
      </span>
    </>
  );
}
