/** 10^6: six decimal digits. */
const CODES = 1_000_000;
/** The largest multiple of 10^6 below 2^32: a draw at or above it is redrawn, so every code is equally likely. */
const UNBIASED_BELOW = Math.floor(2 ** 32 / CODES) * CODES;

/** Six digits from the CSPRNG (rejection sampling: no modulo bias). `draw` is replaceable for tests. */
export function sixDigitCode(draw: () => number = randomUint32): string {
  for (;;) {
    const n = draw();
    if (n < UNBIASED_BELOW) return String(n % CODES).padStart(6, "0");
  }
}

function randomUint32(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}
