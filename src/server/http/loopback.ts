import { BlockList, isIPv4 } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** True for a request from this computer (127.0.0.0/8, ::1, or IPv4-mapped 127.x). */
export function isLoopback(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  return LOOPBACK.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}
