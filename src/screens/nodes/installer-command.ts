/** The installer's file name, from its URL (the last path segment), 'nodr-install.sh' if the URL has none. */
export function installerFileName(url: string): string {
  const last = new URL(url, 'http://localhost/').pathname.split('/').filter(Boolean).at(-1);
  return last ?? 'nodr-install.sh';
}

/**
 * spec 2 step 2: the download, make-executable and run sequence put on the clipboard. A relative installer URL is
 * made absolute against the page, since the command runs on another machine.
 */
export function installerCommand(installerUrl: string, origin: string): string {
  const url = new URL(installerUrl, origin).href;
  const file = installerFileName(url);
  return `curl -fsSLO ${shellWord(url)} && chmod +x ${shellWord(file)} && ./${shellWord(file)}`;
}

/** A word the shell reads as is: left bare when it holds only safe characters, else single-quoted. */
function shellWord(text: string): string {
  return /^[A-Za-z0-9._~:/%+=@,-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
