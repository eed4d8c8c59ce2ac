import type { IncomingMessage } from 'node:http';
import { isForbiddenIncomingHeader, isForwardingHeader } from './routes';

/** Express's compiled `trust proxy` setting: whether the address `hop` steps from the gateway is a proxy it trusts. */
export type Trust = (address: string, hop: number) => boolean;

/**
 * Who the client is, decided at the edge as Express decides `req.ip` (proxy-addr's rule): the
 * socket's address unless that peer is a trusted proxy, then X-Forwarded-For read from the
 * nearest hop outwards up to the first address not trusted (or the furthest one given).
 */
export function clientAddress(req: IncomingMessage, trust: Trust, peerTrusted: boolean): string | undefined {
  const peer = req.socket.remoteAddress;
  if (!peerTrusted || peer === undefined) return peer;
  const header = req.headers['x-forwarded-for'];
  if (!header) return peer;
  const hops = (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .reverse();
  let address = peer;
  for (let i = 0; i < hops.length; i++) {
    if (!trust(address, i)) return address;
    address = hops[i];
  }
  return address;
}

/** The scheme the client used, as Express decides `req.protocol`: a trusted proxy's X-Forwarded-Proto, else the socket's. */
export function clientProtocol(req: IncomingMessage, peerTrusted: boolean): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  if (!peerTrusted) return own;
  const header = req.headers['x-forwarded-proto'];
  const value = (Array.isArray(header) ? header[0] : header) || own;
  const comma = value.indexOf(',');
  return (comma === -1 ? value : value.slice(0, comma)).trim();
}

/**
 * A client can never speak for a user or as a service, nor say who it is: the gateway is the
 * edge. Whatever a client wrote in identity or forwarding headers is dropped, and the services
 * get exactly the address and scheme decided here (they trust X-Forwarded-For from the gateway
 * only).
 */
export function forwardAs(req: IncomingMessage, client: string | undefined, protocol: string): void {
  for (const name of Object.keys(req.headers)) if (isForbiddenIncomingHeader(name) || isForwardingHeader(name)) delete req.headers[name];
  if (client) req.headers['x-forwarded-for'] = client;
  req.headers['x-forwarded-proto'] = protocol;
}
