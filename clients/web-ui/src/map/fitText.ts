// Map labels: the longest prefix of a text that fits a width, with an ellipsis when cut, so
// labels keep their font size instead of being squeezed by canvas fillText's maxWidth.

/** `text` cut to fit `width` by `measure`, ending in "…" when anything was cut. */
export function fitText(text: string, width: number, measure: (s: string) => number): string {
  if (measure(text) <= width) return text;
  let lo = 0;
  let hi = text.length;
  // The longest n with text[0..n) + "…" fitting.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(text.slice(0, mid).trimEnd() + '…') <= width) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '…' : text.slice(0, lo).trimEnd() + '…';
}
