import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { contentSecurityPolicy, newNonce, webviewHtml } from '../../src/webview/html';

const page = webviewHtml({ cspSource: 'https://file+.vscode-resource.vscode-cdn.net', scriptUri: 'https://r/grove-web-ui.js', styleUri: 'https://r/grove-web-ui.css', title: 'T <b>', nonce: 'abc123' });

test('the page declares a CSP that defaults to none and allows scripts only by nonce', () => {
  const raw = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(page)?.[1] ?? '';
  const csp = raw.replace(/&#(\d+);/g, (_m, n) => String.fromCharCode(Number(n)));
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'nonce-abc123'/);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/);
});

test('every script tag carries the nonce and loads our bundle; no inline script', () => {
  const scripts = page.match(/<script[^>]*>[^<]*<\/script>/g) ?? [];
  assert.equal(scripts.length, 1);
  assert.match(scripts[0], /nonce="abc123" src="https:\/\/r\/grove-web-ui\.js"><\/script>/);
});

test('the title is escaped and the root element exists', () => {
  assert.match(page, /<title>T &#60;b&#62;<\/title>/);
  assert.match(page, /<div id="grove-root"><\/div>/);
});

test('nonces are fresh and CSP-safe', () => {
  const a = newNonce();
  assert.match(a, /^[A-Za-z0-9]{16,}$/);
  assert.notEqual(a, newNonce());
  assert.match(contentSecurityPolicy('x', a), new RegExp(`'nonce-${a}'`));
});
