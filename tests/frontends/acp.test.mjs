// grove-server --acp driven by the official ACP client (@agentclientprotocol/sdk): a whole
// session (prompt, stream, cancel, /branch, /exclude, /preview, load it back, list), seen
// by a second editor on the grove/* stdio protocol, with every message the agent sends
// validated against the SDK's ACP v1 schema; and bad input answered, never fatal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { startAcpAgent } from './support/acpAgent.mjs';
import { startFakeProvider } from './support/fakeProvider.mjs';
import { startGroveClient } from './support/groveClient.mjs';
import { requireBinaries, serverPath, tempDir, waitFor } from './support/paths.mjs';

const ANSWER = ['Mix flour, ', 'water, salt ', 'and yeast; ', 'knead, ', 'rise, bake.'];
const SLOW = Array.from({ length: 40 }, (_, i) => `part ${i} `);

const text = (prompt) => [{ type: 'text', text: prompt }];

// The agent_message_chunk texts of one session since `mark` (an index into updates),
// grouped by messageId in order of first appearance.
function agentMessages(peer, sessionId, mark) {
  const byId = new Map();
  for (const u of peer.updates.slice(mark)) {
    if (u.sessionId !== sessionId || u.update.sessionUpdate !== 'agent_message_chunk') continue;
    const id = u.update.messageId;
    byId.set(id, (byId.get(id) ?? '') + u.update.content.text);
  }
  return [...byId.entries()].map(([messageId, body]) => ({ messageId, body }));
}

async function command(peer, sessionId, line) {
  const mark = peer.updates.length;
  const r = await peer.agent.request('session/prompt', { sessionId, prompt: text(line) });
  assert.equal(r.stopReason, 'end_turn', `${line} ended with ${r.stopReason}`);
  const messages = agentMessages(peer, sessionId, mark);
  assert.equal(messages.length, 1, `${line} should answer with one message`);
  return messages[0].body;
}

test('a whole ACP session, seen by a second editor and loaded back', async (t) => {
  requireBinaries();
  const dir = tempDir(t);
  const db = path.join(dir, 'grove.db');
  const workspace = path.join(dir, 'my project');
  const provider = await startFakeProvider(t, dir, [{ chunks: ANSWER, delayMs: 5 }]);
  const env = { ...provider.env, XDG_CONFIG_HOME: dir };

  const zed = await startAcpAgent(t, { db, env });
  const init = await zed.agent.request('initialize', {
    protocolVersion: 1,
    clientCapabilities: { fs: { readTextFile: false, writeTextFile: false } },
    clientInfo: { name: 'zed-test', version: '1.0.0' },
  });
  assert.equal(init.protocolVersion, 1);
  assert.equal(init.agentInfo.name, 'grove');
  assert.equal(typeof init.agentInfo.version, 'string');
  assert.equal(init.agentCapabilities.loadSession, true);
  assert.deepEqual(init.agentCapabilities.sessionCapabilities.list, {});

  // session/new: a project for the cwd; the command list comes after the reply.
  const { sessionId } = await zed.agent.request('session/new', { cwd: workspace, mcpServers: [] });
  assert.match(sessionId, /\S/);
  await waitFor(() => zed.updates.some((u) => u.sessionId === sessionId && u.update.sessionUpdate === 'available_commands_update'), 'the command list');
  const lines = zed.messages();
  const newReply = lines.findIndex((m) => m.result?.sessionId === sessionId);
  const commandList = lines.findIndex((m) => m.params?.update?.sessionUpdate === 'available_commands_update');
  assert.ok(newReply >= 0 && commandList > newReply, 'available_commands_update must follow the session/new reply');
  const names = lines[commandList].params.update.availableCommands.map((c) => c.name);
  for (const name of ['branch', 'return', 'exclude', 'include', 'preview', 'mainline', 'memolets']) assert.ok(names.includes(name), `missing /${name}`);

  // A prompt streams its answer in chunks of one message whose id is the answer's unit.
  let mark = zed.updates.length;
  const first = await zed.agent.request('session/prompt', { sessionId, prompt: text('How do I bake bread?') });
  assert.equal(first.stopReason, 'end_turn');
  const chunks = zed.updates.slice(mark).filter((u) => u.update.sessionUpdate === 'agent_message_chunk');
  assert.ok(chunks.length >= 2, `expected a streamed answer, got ${chunks.length} chunk(s)`);
  const [answer] = agentMessages(zed, sessionId, mark);
  assert.equal(answer.body, ANSWER.join(''));

  // Cancel mid-stream: stopReason cancelled, and the partial answer is kept.
  await provider.setScript([{ chunks: SLOW, delayMs: 150 }]);
  mark = zed.updates.length;
  const slow = zed.agent.request('session/prompt', { sessionId, prompt: text('Tell me the long history of sourdough.') });
  await waitFor(() => agentMessages(zed, sessionId, mark).length > 0, 'the first streamed chunk');
  await zed.agent.notify('session/cancel', { sessionId });
  assert.equal((await slow).stopReason, 'cancelled');
  const [partial] = agentMessages(zed, sessionId, mark);
  assert.ok(partial.body.startsWith('part 0 ') && partial.body.length < SLOW.join('').length, `partial: ${partial.body}`);
  await provider.setScript([{ chunks: ANSWER, delayMs: 5 }]);

  // /branch with a title alone: the next prompt opens the branch.
  assert.match(await command(zed, sessionId, '/branch Rye breads'), /Rye breads/);
  mark = zed.updates.length;
  assert.equal((await zed.agent.request('session/prompt', { sessionId, prompt: text('What about rye flour?') })).stopReason, 'end_turn');
  const [ryeAnswer] = agentMessages(zed, sessionId, mark);

  // /exclude last: the last exchange leaves the prompt; /preview no longer shows it.
  const excluded = await command(zed, sessionId, '/exclude last');
  assert.match(excluded, /^Excluded u\d+ u\d+/);
  const preview = await command(zed, sessionId, '/preview');
  assert.ok(preview.includes('How do I bake bread?'), preview);
  assert.ok(!preview.includes('What about rye flour?'), `the excluded prompt is still in the preview:\n${preview}`);
  assert.match(preview, /Excluded on this path: u\d+ u\d+/);

  // A second editor on the grove/* stdio protocol joins the same core and sees it all.
  const editor = await startGroveClient(t, { db, env });
  const met = await editor.initialize();
  assert.equal(met.capabilities.grove.core.role, 'joined');
  const { project, units, branches } = await editor.request('grove/project/get', { projectId: sessionId });
  assert.equal(project.workspaceUri, 'file://' + workspace.replaceAll(' ', '%20'));
  const byContent = (c) => units.find((u) => u.content === c);
  assert.ok(byContent('How do I bake bread?'));
  const cancelled = units.find((u) => u.id === partial.messageId);
  assert.equal(cancelled.content, partial.body, 'the partial answer is kept as streamed');
  assert.equal(cancelled.status, 'interrupted');
  const rye = byContent('What about rye flour?');
  assert.ok(rye.startsBranch);
  assert.equal(rye.scope, 'excluded');
  assert.equal(units.find((u) => u.id === ryeAnswer.messageId).scope, 'excluded');
  assert.equal(branches.find((b) => b.headId === rye.id).title, 'Rye breads');
  assert.equal(project.cursorId, ryeAnswer.messageId);

  // A second ACP client loads the session back: path(cursor) replayed, ids = unit ids.
  const again = await startAcpAgent(t, { db, env });
  await again.agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
  const listed = await again.agent.request('session/list', { cwd: workspace });
  const info = listed.sessions.find((s) => s.sessionId === sessionId);
  assert.ok(info, 'session/list lists the session for its cwd');
  assert.equal(info.cwd, workspace);
  assert.equal(info.title, project.title);
  mark = again.updates.length;
  await again.agent.request('session/load', { sessionId, cwd: workspace, mcpServers: [] });
  const replayed = again.updates.slice(mark).filter((u) => u.update.sessionUpdate.endsWith('_message_chunk'));
  const path_ = [];
  for (let u = units.find((x) => x.id === project.cursorId); u; u = units.find((x) => x.id === u.parentId)) path_.unshift(u);
  assert.deepEqual(
    replayed.map((u) => [u.update.sessionUpdate, u.update.messageId, u.update.content.text]),
    path_.map((u) => [u.role === 'user' ? 'user_message_chunk' : 'agent_message_chunk', u.id, u.content]),
  );
  assert.equal(path_.length, 6);
  await waitFor(() => again.updates.some((u) => u.update.sessionUpdate === 'available_commands_update'), 'the command list after load');
  const loadLines = again.messages();
  const loadReply = loadLines.findIndex((m) => 'result' in m && !('sessions' in m.result) && !('protocolVersion' in m.result));
  const lastReplay = loadLines.findLastIndex((m) => m.params?.update?.sessionUpdate?.endsWith('_message_chunk'));
  const loadCommands = loadLines.findIndex((m) => m.params?.update?.sessionUpdate === 'available_commands_update');
  assert.ok(lastReplay < loadReply && loadReply < loadCommands, 'replay, then the reply, then the commands');

  // /return completes the branch and goes back to where it started.
  assert.match(await command(again, sessionId, '/return'), /Completed the branch "Rye breads"/);
  const after = await editor.request('grove/project/get', { projectId: sessionId });
  assert.equal(after.branches.find((b) => b.headId === rye.id).status, 'completed');
  assert.notEqual(after.project.cursorId, ryeAnswer.messageId);

  // The editor heard the ACP client's change, credited to it (it sent no clientInfo).
  assert.ok(editor.notifications.some((n) => n.method === 'grove/project/didChange' && n.params.actor === 'acp'));

  for (const peer of [zed, again]) {
    assert.ok(peer.messages().length >= 10, 'too few messages to call this a session');
    assert.deepEqual(peer.schemaProblems(), []);
  }
  assert.equal((await again.stop()).code, 0);
  // The first agent owns the core: when its client leaves, the core stays for the editor.
  const zedExit = zed.stop();
  assert.equal((await editor.request('grove/project/get', { projectId: sessionId })).project.id, sessionId);
  assert.equal(await editor.stop(), 0);
  assert.equal((await zedExit).code, 0);
});

test('bad input gets JSON-RPC errors, never a crash, and the agent keeps serving', async (t) => {
  requireBinaries();
  const dir = tempDir(t);
  const child = spawn(serverPath(), ['--db', ':memory:', '--max-message-bytes', '4096', '--acp'], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, XDG_CONFIG_HOME: dir, GROVE_PROVIDER: 'offline' },
  });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  t.after(() => child.exitCode === null && child.kill('SIGKILL'));
  const replies = [];
  let pending = '';
  child.stdout.on('data', (b) => {
    pending += b.toString();
    let nl;
    while ((nl = pending.indexOf('\n')) >= 0) {
      replies.push(JSON.parse(pending.slice(0, nl)));
      pending = pending.slice(nl + 1);
    }
  });
  const send = (line) => child.stdin.write(line + '\n');
  const answerTo = (id) => waitFor(() => replies.find((r) => r.id === id), `the answer to ${id}`);

  send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'session/new', params: { cwd: dir, mcpServers: [] } })); // before initialize
  assert.equal((await answerTo(1)).error.code, -32600);
  send('this is not json');
  send('x'.repeat(10000)); // over --max-message-bytes
  send('[{"jsonrpc":"2.0","id":2,"method":"initialize"}]'); // a batch
  send('['.repeat(2000) + ']'.repeat(2000)); // nested too deep (and long)
  await waitFor(() => replies.filter((r) => r.id === null).length === 4, 'four error answers with id null');
  assert.deepEqual(replies.filter((r) => r.id === null).map((r) => r.error.code), [-32700, -32600, -32600, -32600]);

  send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'initialize', params: { protocolVersion: 1 } }));
  assert.equal((await answerTo(3)).result.protocolVersion, 1);
  send(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'no/such/method', params: {} }));
  assert.equal((await answerTo(4)).error.code, -32601);
  send(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'session/new', params: { cwd: 'relative/path', mcpServers: [] } }));
  assert.equal((await answerTo(5)).error.code, -32602);
  send(JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'session/prompt', params: { sessionId: 'p_missing', prompt: [{ type: 'text', text: 'hi' }] } }));
  assert.equal((await answerTo(6)).error.code, -32002);
  send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'session/load', params: { sessionId: 42, cwd: '/', mcpServers: [] } }));
  assert.equal((await answerTo(7)).error.code, -32602);
  send(JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'session/prompt', params: { sessionId: 'p_x', prompt: 'not blocks' } }));
  assert.equal((await answerTo(8)).error.code, -32602);
  send(JSON.stringify({ jsonrpc: '2.0', method: 'session/cancel', params: { sessionId: 'nothing running' } }));
  send(JSON.stringify({ jsonrpc: '2.0', method: '_unknown/notification', params: {} }));

  // Still serving: a real session works after all that.
  send(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'session/new', params: { cwd: dir, mcpServers: [] } }));
  const { sessionId } = (await answerTo(9)).result;
  send(JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'session/prompt', params: { sessionId, prompt: [{ type: 'text', text: '/exclude u999' }] } }));
  assert.equal((await answerTo(10)).result.stopReason, 'end_turn');
  const said = replies.filter((r) => r.params?.update?.sessionUpdate === 'agent_message_chunk').map((r) => r.params.update.content.text);
  assert.match(said.at(-1), /No unit u999/);
  child.stdin.end();
  assert.equal(await exited, 0);
});

test('joined to a running grove-server: /branch with its prompt, handles, /include, /mainline, /memolets, fork', async (t) => {
  requireBinaries();
  const dir = tempDir(t);
  const db = path.join(dir, 'grove.db');
  const provider = await startFakeProvider(t, dir, [{ chunks: ANSWER, delayMs: 5 }]);
  const env = { ...provider.env, XDG_CONFIG_HOME: dir, GROVE_INDEXING_DELAY_MS: '0' };

  const editor = await startGroveClient(t, { db, env });
  assert.equal((await editor.initialize()).capabilities.grove.core.role, 'owner');
  const peer = await startAcpAgent(t, { db, env });
  await peer.agent.request('initialize', { protocolVersion: 1, clientInfo: { name: 'zed', version: '1' } });
  const { sessionId } = await peer.agent.request('session/new', { cwd: dir, mcpServers: [] });

  // /branch with further lines: one turn that opens the branch with that prompt.
  let mark = peer.updates.length;
  const r = await peer.agent.request('session/prompt', { sessionId, prompt: text('/branch Starters\nWhat is a sourdough starter?') });
  assert.equal(r.stopReason, 'end_turn');
  assert.equal(agentMessages(peer, sessionId, mark)[0].body, ANSWER.join(''));
  let got = await editor.request('grove/project/get', { projectId: sessionId });
  const question = got.units.find((u) => u.content === 'What is a sourdough starter?');
  assert.ok(question, 'the prompt is stored without the command line');
  assert.equal(got.branches.find((b) => b.headId === question.id)?.title, 'Starters');

  // The handle /preview prints names that unit for /exclude and /include.
  const preview = await command(peer, sessionId, '/preview');
  const handle = /--- user \[(u\d+)\] ---\nWhat is a sourdough starter\?/.exec(preview)?.[1];
  assert.ok(handle, `no handle for the prompt in:\n${preview}`);
  assert.equal(await command(peer, sessionId, `/exclude ${handle}`), `Excluded ${handle}: the model no longer sees them (/include brings them back).`);
  got = await editor.request('grove/unit/get', { unitId: question.id });
  assert.equal(got.scope, 'excluded');
  assert.ok(!(await command(peer, sessionId, '/preview')).includes('What is a sourdough starter?'));
  assert.equal(await command(peer, sessionId, `/include ${handle}`), `Included ${handle}.`);
  assert.equal((await editor.request('grove/unit/get', { unitId: question.id })).scope, 'auto');
  assert.match(await command(peer, sessionId, '/exclude u999'), /No unit u999/);

  // /mainline: the current path becomes the mainline.
  assert.equal(await command(peer, sessionId, '/mainline'), 'The current path is now the mainline.');
  got = await editor.request('grove/project/get', { projectId: sessionId });
  assert.equal(got.project.mainlineEndId, got.project.cursorId);

  // /memolets finds what the conversation taught once it is indexed.
  const found = await waitFor(async () => {
    const said = await command(peer, sessionId, '/memolets sourdough starter');
    return said.startsWith('Memolets for') ? said : null;
  }, 'the conversation to be indexed as memolets');
  assert.match(found, /sourdough/i);

  // Unstable session/fork: the same project, whose next prompt opens a branch.
  const fork = await peer.agent.request('session/fork', { sessionId, cwd: dir, mcpServers: [] });
  assert.equal(fork.sessionId, sessionId);
  await peer.agent.request('session/prompt', { sessionId, prompt: text('And a levain?') });
  got = await editor.request('grove/project/get', { projectId: sessionId });
  const forked = got.units.find((u) => u.content === 'And a levain?');
  assert.ok(forked.startsBranch, 'a fork opens a branch');

  assert.deepEqual(peer.schemaProblems(), []);
  assert.equal((await peer.stop()).code, 0);
  assert.equal(await editor.stop(), 0);
});

test('Grove-aware ACP clients: _meta.grove on chunks and sessions, _grove/* passed through, changes announced', async (t) => {
  requireBinaries();
  const dir = tempDir(t);
  const db = path.join(dir, 'grove.db');
  const provider = await startFakeProvider(t, dir, [{ chunks: ANSWER, delayMs: 1 }]);
  const env = { ...provider.env, XDG_CONFIG_HOME: dir };
  const peer = await startAcpAgent(t, { db, env });
  const init = await peer.agent.request('initialize', {
    protocolVersion: 1,
    clientCapabilities: { _meta: { grove: true } },
    clientInfo: { name: 'grove-aware', version: '1.0.0' },
  });
  assert.match(init.agentCapabilities._meta.grove.methods, /_grove\/<area>\/<verb>/);

  const { sessionId } = await peer.agent.request('session/new', { cwd: path.join(dir, 'ws'), mcpServers: [] });
  const mark = peer.updates.length;
  await peer.agent.request('session/prompt', { sessionId, prompt: text('How do I bake bread?') });
  const chunks = peer.updates.slice(mark).filter((u) => u.update.sessionUpdate === 'agent_message_chunk');
  assert.ok(chunks.length > 1);
  for (const c of chunks) assert.equal(c.update._meta.grove.unitId, c.update.messageId);
  const answerId = chunks[0].update.messageId;

  // The whole tree, through the extension, with Grove's own shapes and codes.
  const structure = await peer.agent.request('_grove/project/structure', { projectId: sessionId });
  assert.deepEqual(structure.units.role, ['user', 'assistant']);
  assert.equal(structure.units.id[1], answerId);
  await assert.rejects(peer.agent.request('_grove/project/get', { projectId: 'p_nope' }), (e) => e.code === 1001);
  await assert.rejects(peer.agent.request('_grove/chat/send', { projectId: sessionId, content: 'x' }), (e) => e.code === -32601);

  // A change made through the extension is announced as _grove/project/didChange.
  const question = structure.units.id[0];
  await peer.agent.request('_grove/unit/setScope', { unitIds: [question], scope: 'excluded' });
  const changed = await waitFor(
    () => peer.messages().find((m) => m.method === '_grove/project/didChange' && m.params.op === 'setScope' && m.params.projectId === sessionId),
    'the scope change to be announced');
  assert.deepEqual(changed.params.unitIds, [question]);
  const preview = await peer.agent.request('_grove/scope/preview', { projectId: sessionId });
  assert.deepEqual(preview.excluded, [question]);

  // Replay and the session list carry Grove's ids too.
  const replayMark = peer.updates.length;
  await peer.agent.request('session/load', { sessionId, cwd: path.join(dir, 'ws'), mcpServers: [] });
  const replayed = peer.updates.slice(replayMark).filter((u) => u.update.sessionUpdate.endsWith('_message_chunk'));
  assert.deepEqual(replayed.map((u) => u.update._meta.grove.unitId), [question, answerId]);
  assert.equal(replayed[0].update._meta.grove.scope, 'excluded');
  const { sessions } = await peer.agent.request('session/list', {});
  const listed = sessions.find((s) => s.sessionId === sessionId);
  assert.equal(listed._meta.grove.cursorId, answerId);
  assert.ok(listed._meta.grove.revision > 0);

  assert.deepEqual(peer.schemaProblems(), []);
});
