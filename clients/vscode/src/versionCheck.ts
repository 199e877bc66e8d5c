// The protocol version handshake: initialize's result carries
// capabilities.grove.protocolVersion; a different version means the client and server disagree
// on the contract, so the client refuses to run and says how to fix it.

import { PROTOCOL_VERSION } from './protocol';

export function checkProtocolVersion(initializeResult: unknown, serverPath: string): string | null {
  const caps = (initializeResult as { capabilities?: { grove?: { protocolVersion?: unknown } } } | undefined)?.capabilities;
  const version = caps?.grove?.protocolVersion;
  if (typeof version !== 'number') {
    return `Grove: ${serverPath} did not report a Grove protocol version; it is not grove-server or is too old. Rebuild it or point grove.server.path at a current build.`;
  }
  if (version !== PROTOCOL_VERSION) {
    const which = version > PROTOCOL_VERSION ? 'newer' : 'older';
    return `Grove: the server speaks protocol version ${version}, this extension speaks ${PROTOCOL_VERSION}. The server is ${which}: ${which === 'newer' ? 'update the extension' : 'rebuild the server'} so both match.`;
  }
  return null;
}
