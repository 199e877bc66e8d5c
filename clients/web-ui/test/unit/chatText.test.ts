import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { fileName, lineLabel, streamedText } from '../../src/chat/chatView';
import { unit } from '../support/fixtures';

test('streamed text: whichever of stored content and received chunks is longer, never doubled', () => {
  assert.equal(streamedText('', 'Retries swallow'), 'Retries swallow');
  assert.equal(streamedText('Retries', 'Retries swallow'), 'Retries swallow');
  assert.equal(streamedText('Retries swallow every', 'Retries swallow'), 'Retries swallow every');
  assert.equal(streamedText('Retries ', 'swallow'), 'Retries swallow', 'joined mid-stream: stored part first');
});

const range = (sl: number, sc: number, el: number, ec: number) => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } });

test('line labels are 1-based and drop a last line the selection only touches at column 0', () => {
  const code = (r: ReturnType<typeof range>) => unit('c', null, { kind: 'code', source: { uri: 'file:///p/a.ts', range: r } });
  assert.equal(lineLabel(code(range(0, 0, 3, 0))), 'L1-L3');
  assert.equal(lineLabel(code(range(4, 2, 9, 5))), 'L5-L10');
  assert.equal(lineLabel(code(range(6, 0, 6, 12))), 'L7');
  assert.equal(lineLabel(code(range(6, 0, 7, 0))), 'L7');
  assert.equal(lineLabel(unit('m', null)), '');
});

test('file names come from the URI, decoded', () => {
  assert.equal(fileName('file:///p/src/my%20file.ts'), 'my file.ts');
  assert.equal(fileName('untitled:Untitled-1'), 'untitled:Untitled-1');
});
