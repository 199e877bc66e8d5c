import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { boardCaptureParams, captureParams, enclosingSymbol } from '../../src/capture';

test('a selection becomes a user code unit with uri, range, language and memo', () => {
  const p = captureParams({
    projectId: 'p1',
    parentId: 'u9',
    uri: 'file:///w/src/retry.ts',
    languageId: 'typescript',
    start: { line: 4, character: 2 },
    end: { line: 9, character: 0 },
    text: 'for (;;) {}\n',
    memo: 'drops errors',
  });
  assert.deepEqual(p, {
    projectId: 'p1',
    parentId: 'u9',
    role: 'user',
    kind: 'code',
    content: 'for (;;) {}\n',
    source: { uri: 'file:///w/src/retry.ts', range: { start: { line: 4, character: 2 }, end: { line: 9, character: 0 } }, languageId: 'typescript', memo: 'drops errors' },
  });
});

test('characters pass through as UTF-16 offsets (what VS Code and the wire both use)', () => {
  // "😀x": the emoji is two UTF-16 code units, so x starts at character 2.
  const p = captureParams({ projectId: 'p', parentId: null, uri: 'file:///a', languageId: 'plaintext', start: { line: 0, character: 2 }, end: { line: 0, character: 3 }, text: 'x', memo: '' });
  assert.equal(p.source.range.start.character, 2);
  assert.equal(p.parentId, null);
});

test('an empty selection is refused', () => {
  assert.throws(() => captureParams({ projectId: 'p', parentId: null, uri: 'file:///a', languageId: 'x', start: { line: 0, character: 0 }, end: { line: 0, character: 0 }, text: '', memo: '' }), /Select some code/);
});

test('a board capture carries the workspace, the range, the language, the symbol and the memo', () => {
  const p = boardCaptureParams({ workspaceUri: 'file:///w', uri: 'file:///w/src/retry.ts', languageId: 'typescript', start: { line: 4, character: 0 }, end: { line: 6, character: 1 }, text: 'retry()', memo: 'why', symbol: 'Retry.run' });
  assert.deepEqual(p, { workspaceUri: 'file:///w', content: 'retry()', source: { uri: 'file:///w/src/retry.ts', range: { start: { line: 4, character: 0 }, end: { line: 6, character: 1 } }, languageId: 'typescript', memo: 'why', symbol: 'Retry.run' } });
  const none = boardCaptureParams({ workspaceUri: 'file:///w', uri: 'file:///w/a.txt', languageId: 'plaintext', start: { line: 0, character: 0 }, end: { line: 0, character: 1 }, text: 'x', memo: '', symbol: null });
  assert.equal('symbol' in none.source, false);
  assert.throws(() => boardCaptureParams({ workspaceUri: 'file:///w', uri: 'file:///w/a', languageId: 'x', start: { line: 0, character: 0 }, end: { line: 0, character: 0 }, text: '', memo: '', symbol: null }), /Select some code/);
});

test('the enclosing symbol is the innermost one holding the selection start', () => {
  const r = (a: number, b: number) => ({ start: { line: a, character: 0 }, end: { line: b, character: 0 } });
  const symbols = [
    { name: 'helper', range: r(0, 3) },
    { name: 'Retry', range: r(5, 40), children: [{ name: 'constructor', range: r(6, 9) }, { name: 'run', range: r(10, 30), children: [] }] },
  ];
  assert.equal(enclosingSymbol(symbols, { line: 12, character: 4 }), 'Retry.run');
  assert.equal(enclosingSymbol(symbols, { line: 35, character: 0 }), 'Retry');
  assert.equal(enclosingSymbol(symbols, { line: 4, character: 0 }), null);
  assert.equal(enclosingSymbol(undefined, { line: 1, character: 0 }), null);
});
