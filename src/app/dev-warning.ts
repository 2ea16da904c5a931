const WARNING =
  'Stop! This browser feature is for developers. If someone told you to paste something here, it is a scam ' +
  'that can give them access to your NODR account.';

/**
 * spec 1: a warning in the console when the developer tools open. Detected by the size gap docked tools leave
 * (checked on resize) and by a getter that only runs when an open console inspects the logged object.
 */
export function watchForDevTools(win: Window = window): () => void {
  let warned = false;
  const warn = () => {
    if (warned) return;
    warned = true;
    console.warn(`%c${WARNING}`, 'color:#c8283c;font-size:16px;font-weight:bold');
  };
  const probe = new Image();
  Object.defineProperty(probe, 'id', { get: warn });
  console.info('%c', probe);
  const onResize = () => {
    const gap = Math.max(win.outerWidth - win.innerWidth, win.outerHeight - win.innerHeight);
    if (gap > 160) warn();
  };
  win.addEventListener('resize', onResize);
  onResize();
  return () => win.removeEventListener('resize', onResize);
}
