/**
 * Finds the physical left and right in page code: utility classes (`ml-2`, `pr-4`, `left-0`, `text-right`,
 * `rounded-l-lg`, `border-r`, `space-x-2`, `translate-x-full`, under any variants such as `focus:` or `[&_ul]:`) and CSS
 * (`margin-left`, `padding-right`, `left:`, `text-align: right`, `float: left`). A right-to-left store turns the page
 * round by `<html dir>` alone, which only logical start and end follow (decision 076).
 */

/** A length a spacing or position utility takes: `2`, `0.5`, `1/2`, `px`, `auto`, `full`, `[10%]`; words are not one. */
const LENGTH = String.raw`(?:\d+(?:\.\d+)?|\d+\/\d+|px|auto|full|screen|\[.+\])`;

/** A utility class's name once its variants and its `!` or `-` are taken off. */
const PHYSICAL_CLASS = new RegExp(
  `^(?:(?:[mp][lr]|scroll-[mp][lr]|left|right|space-x|translate-x)-${LENGTH}|(?:rounded|border)-(?:[lr]|[tb][lr])(?:-.+)?|(?:text|float|clear)-(?:left|right))$`,
);

const PHYSICAL_CSS =
  /\b(?:margin|padding|border|scroll-margin|scroll-padding)-(?:left|right)\b|(?<![\w-])(?:left|right)\s*:\s*[-\d.]|\b(?:text-align|float|clear)\s*:\s*(?:left|right)\b/g;

/** Takes the variants off a class: `focus:left-2` → `left-2`, `[&_ul]:pl-5` → `pl-5`; a colon in brackets stays. */
function utility(token: string): string {
  let depth = 0;
  let start = 0;
  for (let i = 0; i < token.length; i++) {
    const char = token[i];
    if (char === "[") depth++;
    else if (char === "]") depth--;
    else if (char === ":" && depth === 0) start = i + 1;
  }
  return token.slice(start).replace(/^!?-?/, "");
}

export interface PhysicalSide {
  line: number;
  /** The class or CSS as written. */
  text: string;
}

/** Each physical left or right in a source file's text, by line. */
export function physicalSides(source: string): PhysicalSide[] {
  return source.split("\n").flatMap((text, i) => {
    const classes = text
      .split(/[\s"'`{}(),;]+/)
      .filter((token) => PHYSICAL_CLASS.test(utility(token)))
      .map((token) => ({ line: i + 1, text: token }));
    const css = [...text.matchAll(PHYSICAL_CSS)].map((match) => ({ line: i + 1, text: match[0] }));
    return [...classes, ...css];
  });
}
