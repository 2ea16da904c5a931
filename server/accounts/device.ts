/**
 * A readable device name from a user agent ("Firefox on Linux"), for the Sessions and Recent activity
 * lists. A few patterns cover the browsers people use; anything else reads "Unknown browser".
 */
const BROWSERS: [RegExp, string][] = [
  // Order matters: Edge and Opera also claim Chrome, Chrome also claims Safari.
  [/\bEdg(?:e|A|iOS)?\/\d/, 'Edge'],
  [/\bOPR\/\d|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\/\d/, 'Samsung Internet'],
  [/\bFirefox\/\d|\bFxiOS\/\d/, 'Firefox'],
  [/Chrom(?:e|ium)\/\d|\bCriOS\/\d/, 'Chrome'],
  [/\bSafari\/\d/, 'Safari'],
  [/\bcurl\/\d/, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (list: [RegExp, string][], userAgent: string) =>
  list.find(([pattern]) => pattern.test(userAgent))?.[1];

export function deviceOf(userAgent: string): string {
  const browser = first(BROWSERS, userAgent) ?? 'Unknown browser';
  const system = first(SYSTEMS, userAgent);
  return system ? `${browser} on ${system}` : browser;
}
