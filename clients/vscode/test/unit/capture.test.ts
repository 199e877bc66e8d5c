import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { captureParams } from '../../src/capture';

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
