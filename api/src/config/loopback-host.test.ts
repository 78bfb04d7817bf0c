import { isLoopbackHost } from './loopback-host';

test.each(['127.0.0.1', '127.1.2.3', '127.255.255.254', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', 'localhost', ' LocalHost '])(
  '%j is this machine only',
  (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  },
);

test.each(['0.0.0.0', '::', '[::]', '192.168.1.20', '10.0.0.5', '128.0.0.1', '::2', '::ffff:10.0.0.1', 'callboard.example.com', 'localhost.example.com', ''])(
  '%j is reachable from the network',
  (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  },
);
