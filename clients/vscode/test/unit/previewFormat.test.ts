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
