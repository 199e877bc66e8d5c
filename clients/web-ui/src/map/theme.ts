// Map colours from the host's theme variables (VS Code defines --vscode-*), with fallbacks
// for hosts that define none, so the canvas matches the editor around it.

export interface Theme {
  background: string;
  foreground: string;
  muted: string;
  border: string;
  edge: string;
  branchEdge: string;
  nodeFill: string;
  /** Role colours: a band on the node's left edge. */
  user: string;
  assistant: string;
  system: string;
  placeholder: string;
  included: string;
  excluded: string;
  cursor: string;
  selection: string;
  hit: string;
  fontFamily: string;
}

export function theme(el: Element): Theme {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    background: v('--vscode-editor-background', '#1e1e1e'),
    foreground: v('--vscode-editor-foreground', '#d4d4d4'),
    muted: v('--vscode-descriptionForeground', '#9d9d9d'),
    border: v('--vscode-panel-border', '#5a5a5a'),
    edge: v('--vscode-editorLineNumber-foreground', '#6e7681'),
    branchEdge: v('--vscode-charts-purple', '#b180d7'),
    nodeFill: v('--vscode-editorWidget-background', '#252526'),
    user: v('--vscode-charts-blue', '#3794ff'),
    assistant: v('--vscode-charts-purple', '#b180d7'),
    system: v('--vscode-charts-orange', '#d18616'),
    placeholder: v('--vscode-disabledForeground', '#6b6b6b'),
    included: v('--vscode-charts-green', '#89d185'),
    excluded: v('--vscode-charts-red', '#f14c4c'),
    cursor: v('--vscode-focusBorder', '#007fd4'),
    selection: v('--vscode-charts-blue', '#75beff'),
    hit: v('--vscode-editor-findMatchHighlightBackground', '#ea5c0055'),
    fontFamily: v('--vscode-font-family', 'system-ui, sans-serif'),
  };
}
