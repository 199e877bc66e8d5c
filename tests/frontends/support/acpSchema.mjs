// Validates every message an ACP agent sends against the ACP v1 JSON schema that
// @agentclientprotocol/sdk ships (schema/v1/schema.json), through zod (the SDK's own
// validation library, which reads JSON Schema): responses by the method they answer,
// errors as `Error`, notifications as their params type.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as z from 'zod/v4';

const require = createRequire(import.meta.url);
const schema = JSON.parse(readFileSync(require.resolve('@agentclientprotocol/sdk/schema/v1/schema.json'), 'utf8'));

const cache = new Map();
function validator(name) {
  if (!schema.$defs[name]) throw new Error(`the ACP schema has no type ${name}`);
  if (!cache.has(name)) cache.set(name, z.fromJSONSchema({ $defs: schema.$defs, $ref: `#/$defs/${name}` }));
  return cache.get(name);
}

const responseType = {
  initialize: 'InitializeResponse',
  authenticate: 'AuthenticateResponse',
  'session/new': 'NewSessionResponse',
  'session/load': 'LoadSessionResponse',
  'session/list': 'ListSessionsResponse',
  'session/prompt': 'PromptResponse',
  // Unstable; the stable schema has no type for it, and its answer has session/new's shape.
  'session/fork': 'NewSessionResponse',
};
const notificationType = { 'session/update': 'SessionNotification' };

/**
 * The problems with one message the agent sent (empty when it is valid). `methodOf(id)`
 * names the request a response answers.
 */
export function problems(message, methodOf) {
  const out = [];
  const check = (name, value, where) => {
    const r = validator(name).safeParse(value);
    if (!r.success) out.push(`${where} is not a valid ${name}: ${z.prettifyError(r.error).slice(0, 800)}`);
  };
  if (message.jsonrpc !== '2.0') out.push('jsonrpc must be "2.0"');
  // Extension messages (names starting with `_`) are free-form in ACP: Grove's
  // `_grove/...` notifications and the results of `_grove/...` requests.
  const extension = (method) => typeof method === 'string' && method.startsWith('_');
  if ('method' in message && extension(message.method)) {
    if ('id' in message) out.push('the agent sent a request; this agent should not need any');
  } else if (!('method' in message) && !('error' in message) && extension(methodOf(message.id))) {
    if (typeof message.result !== 'object' || message.result === null) out.push(`the ${methodOf(message.id)} result is not an object`);
  } else if ('method' in message) {
    const type = notificationType[message.method];
    if (!type) out.push(`the agent sent an unexpected ${message.method}`);
    else check(type, message.params, `${message.method} params`);
    if ('id' in message) out.push('the agent sent a request; this agent should not need any');
  } else if ('error' in message) {
    check('Error', message.error, 'error');
  } else {
    const method = methodOf(message.id);
    const type = responseType[method];
    if (!type) out.push(`a result for an unknown request ${JSON.stringify(message.id)}`);
    else check(type, message.result, `the ${method} result`);
  }
  return out;
}
