import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { previewMarkdown } from '../../src/previewFormat';

test('the preview lists the system prompt and every message in order, with counts', () => {
  const md = previewMarkdown('Plan', {
    system: 'You are helpful.',
    messages: [
      { role: 'user', content: 'first', unitIds: ['a'] },
      { role: 'assistant', content: 'has ``` fence', unitIds: ['b'] },
    ],
    tokens: 42,
    excluded: ['x'],
    included: [],
    truncated: ['t1', 't2'],
  });
  assert.match(md, /^# Context preview: Plan/);
  assert.match(md, /About 42 tokens, 2 messages/);
  assert.ok(md.indexOf('## 1. user') < md.indexOf('## 2. assistant'));
  assert.match(md, /````\nhas ``` fence\n````/);
  assert.match(md, /Excluded on this path: 1/);
  assert.match(md, /Dropped by the token budget: 2/);
  assert.doesNotMatch(md, /Included from other paths/);
});

test('the preview lists each memory block and why it is there, before the system prompt', () => {
  const md = previewMarkdown('Plan', {
    system: 'sys',
    messages: [],
    tokens: 9,
    excluded: [],
    included: [],
    truncated: [],
    memory: [
      { memoletId: 'm_1', title: 'Pool | size', kind: 'note', why: 'group', rank: null, contexty: null, stale: false, tokens: 12 },
      { memoletId: 'm_2', title: 'makePool', kind: 'snippet', why: 'retrieved', rank: 1, contexty: { total: 0.853 }, stale: true, tokens: 40 },
    ],
  });
  assert.ok(md.indexOf('## Memory') < md.indexOf('## System'));
  assert.match(md, /\| group \| note \| Pool \\\| size `m_1` \|  \| 12 \|  \|/);
  assert.match(md, /\| retrieved #1 \| snippet \| makePool `m_2` \| 0\.85 \| 40 \| stale \|/);
  const none = previewMarkdown('Plan', { system: '', messages: [], tokens: 0, excluded: [], included: [], truncated: [], memory: [] });
  assert.doesNotMatch(none, /## Memory/);
});
