import { describe, expect, it } from 'vitest';
import { installerCommand } from './installer-command.ts';

describe('installer command (spec 2 step 2)', () => {
  it('downloads, makes executable and runs the installer', () => {
    expect(installerCommand('https://get.nodr.test/install/nodr-install.sh', 'https://app.nodr.test')).toBe(
      'curl -fsSLO https://get.nodr.test/install/nodr-install.sh && chmod +x nodr-install.sh && ./nodr-install.sh',
    );
  });

  it('makes a relative installer address absolute', () => {
    expect(installerCommand('/install/nodr-install.sh', 'http://localhost:9150')).toBe(
      'curl -fsSLO http://localhost:9150/install/nodr-install.sh && chmod +x nodr-install.sh && ./nodr-install.sh',
    );
  });

  it('quotes an address the shell would split', () => {
    expect(installerCommand('https://x.test/i.sh?a=1&b=2', 'https://app.test')).toBe(
      "curl -fsSLO 'https://x.test/i.sh?a=1&b=2' && chmod +x i.sh && ./i.sh",
    );
  });
});
