import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeApiUrl, parseAgentOptions, parseBandwidth, UsageError } from './options.ts';

const required = ['--server', 'http://x', '--key', 'k', '--license', 'l'];

describe('agent options', () => {
  it('reads flags', () => {
    const options = parseAgentOptions(
      [
        '--server',
        'http://localhost:8080',
        '--key=/keys/private.pem',
        '--license',
        'abc',
        '--simulate',
        '--bandwidth',
        '1G',
      ],
      { HOME: '/home/operator' },
    );
    expect(options).toMatchObject({
      apiUrl: 'http://localhost:8080/api/node/',
      privateKeyFile: '/keys/private.pem',
      licenseKey: 'abc',
      simulate: true,
      bandwidth: 1_000_000_000,
      stateDir: '/home/operator/.local/state/nodr-agent',
    });
  });

  // The state folder defaults outside the working tree, so a try-out from a clone leaves no files for the linter.
  it('keeps its state in the XDG state folder by default', () => {
    const stateDirOf = (argv: string[], env: NodeJS.ProcessEnv) => {
      const options = parseAgentOptions(argv, env);
      return options === 'help' ? options : options.stateDir;
    };
    expect(
      parseAgentOptions(required, { XDG_STATE_HOME: '/srv/state', HOME: '/home/operator' }),
    ).toMatchObject({
      stateDir: '/srv/state/nodr-agent',
      dataDir: '/srv/state/nodr-agent',
    });
    expect(stateDirOf(required, { HOME: '/home/operator' })).toBe('/home/operator/.local/state/nodr-agent');
    // The XDG rule: a relative XDG_STATE_HOME is invalid and ignored.
    expect(stateDirOf(required, { XDG_STATE_HOME: 'state', HOME: '/home/operator' })).toBe(
      '/home/operator/.local/state/nodr-agent',
    );
    expect(stateDirOf([...required, '--state-dir', 'here'], { HOME: '/home/operator' })).toBe(
      path.resolve('here'),
    );
  });

  it('reads the environment the compose file sets, flags winning', () => {
    const env = {
      NODR_API_URL: 'https://dash.example/api/node/',
      NODR_LICENSE_KEY: 'lic',
      NODR_KEY_DIR: '/etc/nodr/keys',
      NODR_STATE_DIR: '/var/lib/nodr-agent',
      NODR_PUBLIC_IP: '198.51.100.7',
      NODR_SIMULATE: '0',
    };
    expect(parseAgentOptions([], env)).toMatchObject({
      apiUrl: 'https://dash.example/api/node/',
      licenseKey: 'lic',
      privateKeyFile: '/etc/nodr/keys/private.pem',
      stateDir: '/var/lib/nodr-agent',
      dataDir: '/var/lib/nodr-agent',
      publicIp: '198.51.100.7',
      simulate: false,
    });
    expect(parseAgentOptions(['--license', 'flag'], env)).toMatchObject({ licenseKey: 'flag' });
  });

  it('explains what is missing or wrong', () => {
    expect(() => parseAgentOptions(['--key', 'k', '--license', 'l'], {})).toThrow(/server URL is required/);
    expect(() => parseAgentOptions(['--server', 'http://x', '--license', 'l'], {})).toThrow(/private key/);
    expect(() => parseAgentOptions(['--server', 'http://x', '--key', 'k'], {})).toThrow(/license key/);
    expect(() => parseAgentOptions(['--frobnicate'], {})).toThrow(UsageError);
    expect(() => parseAgentOptions(['--server'], {})).toThrow(/needs a value/);
    expect(parseAgentOptions(['--help'], {})).toBe('help');
  });

  it('normalises the server URL to the node API', () => {
    expect(nodeApiUrl('http://localhost:8080')).toBe('http://localhost:8080/api/node/');
    expect(nodeApiUrl('https://a.example/dash/')).toBe('https://a.example/dash/api/node/');
    expect(nodeApiUrl('https://a.example/api/node')).toBe('https://a.example/api/node/');
    expect(() => nodeApiUrl('ftp://a.example')).toThrow(UsageError);
    expect(() => nodeApiUrl('not a url')).toThrow(UsageError);
  });

  it('parses bandwidths in decimal units', () => {
    expect(parseBandwidth('500M')).toBe(500_000_000);
    expect(parseBandwidth('2.5Gbps')).toBe(2_500_000_000);
    expect(parseBandwidth('1000000')).toBe(1_000_000);
    expect(() => parseBandwidth('fast')).toThrow(UsageError);
  });

  it('reads the heartbeat interval in whole seconds, 60 by default', () => {
    expect(parseAgentOptions(required, {})).toMatchObject({ heartbeatS: 60 });
    expect(parseAgentOptions([...required, '--heartbeat-s', '2'], {})).toMatchObject({ heartbeatS: 2 });
    expect(parseAgentOptions(required, { NODR_HEARTBEAT_S: '30' })).toMatchObject({ heartbeatS: 30 });
    expect(parseAgentOptions([...required, '--heartbeat-s=5'], { NODR_HEARTBEAT_S: '30' })).toMatchObject({
      heartbeatS: 5,
    });
    for (const bad of ['0', '-1', '1.5', '2s', '', '3601', 'x']) {
      expect(() => parseAgentOptions([...required, '--heartbeat-s', bad], {})).toThrow(/heartbeat interval/);
    }
    expect(() => parseAgentOptions(required, { NODR_HEARTBEAT_S: 'often' })).toThrow(UsageError);
  });
});
