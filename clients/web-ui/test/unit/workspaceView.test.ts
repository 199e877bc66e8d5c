import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { isHostToWebview } from '../../src/channel/messages';
import { changeRevision, sameWorkspace } from '../../src/ui/workspaceView';

test('workspace views get their folder in init; a non-string folder is refused', () => {
  assert.ok(isHostToWebview({ type: 'init', projectId: null, view: 'board', methods: [], workspaceUri: 'file:///w' }));
  assert.ok(isHostToWebview({ type: 'init', projectId: null, view: 'knowledge', methods: [], workspaceUri: null }));
  assert.ok(!isHostToWebview({ type: 'init', projectId: null, view: 'board', methods: [], workspaceUri: 3 }));
});

test('a didChange counts for the view only when it names the same (normalised) workspace', () => {
  assert.ok(sameWorkspace('file:///home/a%20b/', 'file:///home/a b'));
  assert.ok(!sameWorkspace('file:///home/a', 'file:///home/ab'));
  assert.equal(changeRevision({ workspaceUri: 'file:///w/', revision: 7, op: 'edit' }, 'file:///w'), 7);
  assert.equal(changeRevision({ workspaceUri: 'file:///other', revision: 7 }, 'file:///w'), null);
  assert.equal(changeRevision({ projectId: 'p', revision: 7 }, 'file:///w'), null);
  assert.equal(changeRevision(null, 'file:///w'), null);
});
