// The pseudo-language (decision 077): every English message visibly transformed, its placeholders kept, so a browser
// test can tell text that came from a catalogue from text that did not.
import { parse, type Token } from "@messageformat/parser";

const ACCENTED: Record<string, string> = Object.fromEntries(
  [..."abcdeghiklnorstuyzABCDEGHIKLNORSTUYZ"].map((c, i) => [c, [..."àƀçđéĝĥîķļñöŕšţûýžÀßÇĐÉĜĤÎĶĻÑÖŔŠŢÛÝŽ"][i]!]),
);

/** Marks that open and close every pseudo-translated message: what the browser test looks for. */
export const PSEUDO_OPEN = "⟦";
export const PSEUDO_CLOSE = "⟧";

/** `message` with the letters of its text accented and the whole wrapped in ⟦…⟧; arguments and plural keys kept. */
export function pseudoMessage(message: string): string {
  const ranges: { start: number; end: number }[] = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "content") ranges.push({ start: token.ctx.offset, end: token.ctx.offset + token.ctx.text.length });
      else if (token.type === "plural" || token.type === "select" || token.type === "selectordinal")
        for (const c of token.cases) walk(c.tokens);
    }
  };
  walk(parse(message));
  let out = "";
  let at = 0;
  for (const { start, end } of ranges.sort((a, b) => a.start - b.start)) {
    out += message.slice(at, start) + [...message.slice(start, end)].map((c) => ACCENTED[c] ?? c).join("");
    at = end;
  }
  return PSEUDO_OPEN + out + message.slice(at) + PSEUDO_CLOSE;
}
