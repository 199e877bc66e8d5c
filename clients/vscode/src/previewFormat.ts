// Preview Context as a Markdown document: exactly what grove/scope/preview says the model
// will receive, so the user can inspect scope before sending (DESIGN §2.4).

export interface PreviewResult {
  readonly system: string;
  readonly messages: readonly { readonly role: string; readonly content: string; readonly unitIds: readonly string[] }[];
  readonly tokens: number;
  readonly excluded: readonly string[];
  readonly included: readonly string[];
  readonly truncated: readonly string[];
}

function fence(text: string): string {
  // A fence longer than any backtick run inside keeps the content verbatim.
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((m) => m.length));
  const f = '`'.repeat(longest + 1);
  return `${f}\n${text}\n${f}`;
}

export function previewMarkdown(title: string, p: PreviewResult): string {
  const out: string[] = [`# Context preview: ${title}`, '', `About ${p.tokens} tokens, ${p.messages.length} message${p.messages.length === 1 ? '' : 's'}.`, ''];
  if (p.system) out.push('## System', '', fence(p.system), '');
  p.messages.forEach((m, i) => out.push(`## ${i + 1}. ${m.role}`, '', fence(m.content), ''));
  if (p.excluded.length) out.push(`Excluded on this path: ${p.excluded.length} unit(s).`);
  if (p.included.length) out.push(`Included from other paths: ${p.included.length} unit(s).`);
  if (p.truncated.length) out.push(`Dropped by the token budget: ${p.truncated.length} unit(s).`);
  return out.join('\n') + '\n';
}
