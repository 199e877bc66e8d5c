import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { isHostToWebview } from '../../src/channel/messages';
import { applyCompletion, mentionAt, splitReferences, utf8Length } from '../../src/chat/references';

test('references split out of message text, with plain runs around them kept verbatim', () => {
  const text = 'See @[Retry backoff](memolet:m_12-x) and @[YAML](memolet:abc) please';
  assert.deepEqual(splitReferences(text), [
    { text: 'See ' },
    { title: 'Retry backoff', memoletId: 'm_12-x', raw: '@[Retry backoff](memolet:m_12-x)' },
    { text: ' and ' },
    { title: 'YAML', memoletId: 'abc', raw: '@[YAML](memolet:abc)' },
    { text: ' please' },
  ]);
  assert.deepEqual(splitReferences('no refs [x](y) @[t](unit:1)'), [{ text: 'no refs [x](y) @[t](unit:1)' }]);
  assert.deepEqual(splitReferences('@[bad id](memolet:has space)'), [{ text: '@[bad id](memolet:has space)' }], 'ids are [A-Za-z0-9_-]');
  assert.deepEqual(splitReferences(''), []);
  assert.deepEqual(splitReferences('Mount a volume [citation:m_3]. Also [citation:m_1, m_2]'), [
    { text: 'Mount a volume ' },
    { title: '', memoletId: 'm_3', raw: '[citation:m_3]', citation: true },
    { text: '. Also ' },
    { title: '', memoletId: 'm_1', raw: '[citation:m_1, m_2]', citation: true },
    { title: '', memoletId: 'm_2', raw: '[citation:m_1, m_2]', citation: true },
  ]);
});

test('a mention is the @word right before the caret, not an e-mail address', () => {
  assert.deepEqual(mentionAt('@', 1), { start: 0, prefix: '' });
  assert.deepEqual(mentionAt('use @ret', 8), { start: 4, prefix: 'ret' });
  assert.deepEqual(mentionAt('use @ret now', 8), { start: 4, prefix: 'ret' });
  assert.deepEqual(mentionAt('(@yaml', 6), { start: 1, prefix: 'yaml' });
  assert.equal(mentionAt('mail me@host', 12), null);
  assert.equal(mentionAt('use @ret now', 12), null, 'a space ends the mention');
  assert.equal(mentionAt('done @[T](memolet:a)', 20), null, 'an inserted reference is not a mention');
});

test('completing replaces the @prefix with the insert text and one space', () => {
  const text = 'use @ret for it';
  const m = mentionAt(text, 8)!;
  const out = applyCompletion(text, m, 8, '@[Retry](memolet:r1)');
  assert.equal(out.text, 'use @[Retry](memolet:r1) for it');
  assert.equal(out.caret, 'use @[Retry](memolet:r1)'.length);
  const end = applyCompletion('@re', mentionAt('@re', 3)!, 3, '@[Retry](memolet:r1)');
  assert.deepEqual(end, { text: '@[Retry](memolet:r1) ', caret: 21 });
});

test('spans are counted in UTF-8 bytes', () => {
  assert.equal(utf8Length('abc'), 3);
  assert.equal(utf8Length('é'), 2);
  assert.equal(utf8Length('→'), 3);
  assert.equal(utf8Length('😀'), 4);
});

test('the host may insert text into the composer; the message is validated', () => {
  assert.ok(isHostToWebview({ type: 'insertText', text: '@[T](memolet:a)' }));
  assert.ok(!isHostToWebview({ type: 'insertText', text: 3 }));
  assert.ok(isHostToWebview({ type: 'rememberSelection' }));
});
