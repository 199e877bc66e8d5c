// The webview page: a strict Content-Security-Policy that allows only our own bundle (by
// nonce), our stylesheet and the webview's resource origin; no inline script, no remote
// content, no eval. Pure so a unit test can check the policy.

import { randomBytes } from 'node:crypto';

export interface PageInput {
  /** webview.cspSource: the origin VS Code serves local resources from. */
  readonly cspSource: string;
  readonly scriptUri: string;
  readonly styleUri: string;
  readonly title: string;
  readonly nonce?: string;
}

export function newNonce(): string {
  return randomBytes(18).toString('base64').replace(/[^A-Za-z0-9]/g, '');
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function webviewHtml(input: PageInput): string {
  const nonce = input.nonce ?? newNonce();
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escape(contentSecurityPolicy(input.cspSource, nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escape(input.styleUri)}">
<title>${escape(input.title)}</title>
</head>
<body>
<div id="grove-root"></div>
<script nonce="${nonce}" src="${escape(input.scriptUri)}"></script>
</body>
</html>`;
}
