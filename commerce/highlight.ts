/** A piece of a shown name: `match` when it is the start of a word the shopper typed the start of. */
export interface HighlightPart {
  text: string;
  match: boolean;
}

/**
 * The name split so that each word's typed start is marked ("pan ti" in "Paneer Tikka Pizza": "Pan", "eer ", "Ti",
 * "kka Pizza"), matching as search matches: a typed word is the start of a word of the name, case and accents aside.
 */
export function highlightParts(text: string, typed: string): HighlightPart[] {
  const fold = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  const words = (fold(typed.normalize("NFKC")).match(/[\p{L}\p{N}]+/gu) ?? []).sort((a, b) => b.length - a.length);
  if (words.length === 0) return [{ text, match: false }];
  const marked = new Array<boolean>(text.length).fill(false);
  for (const word of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const folded = fold(word[0]);
    // Only a name whose letters fold one to one can be marked by position; others are shown unmarked.
    if (folded.length !== word[0].length) continue;
    const typedWord = words.find((w) => folded.startsWith(w));
    if (typedWord) marked.fill(true, word.index, word.index + typedWord.length);
  }
  const parts: HighlightPart[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = parts[parts.length - 1];
    if (last && last.match === marked[i]) last.text += text[i];
    else parts.push({ text: text[i]!, match: marked[i]! });
  }
  return parts;
}
