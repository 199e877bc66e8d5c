import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { unreachable } from '../../src/errors';

test('a server gone mid-request reads as "not reachable", not as "write EPIPE"', () => {
  const epipe = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
  for (const e of [epipe, new Error('Connection is closed.'), new Error('Pending response rejected since connection got disposed')]) {
    const clear = unreachable(e);
    assert.ok(clear, e.message);
    assert.match(clear!.message, /not reachable/);
    assert.doesNotMatch(clear!.message, /EPIPE/);
  }
  assert.equal(unreachable(new Error('capsule c_1 must be reviewed')), undefined, 'other errors pass through');
});
