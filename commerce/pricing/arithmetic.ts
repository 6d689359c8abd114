/** Exact integer helpers for minor units. BigInt keeps products like amount × weight exact beyond 2^53. */

/** round(a × b / c), halves rounded up; a, b ≥ 0, c > 0. */
export function mulDivRound(a: number, b: number, c: number): number {
  const num = BigInt(a) * BigInt(b) * 2n + BigInt(c);
  return Number(num / (BigInt(c) * 2n));
}

/**
 * Spreads `amount` over parts in proportion to their weights by largest remainder: each part gets
 * floor(amount × weight / Σweights), then the minor units still missing go one each to the parts with the largest
 * remainders (ties: the smaller id). The parts sum to `amount` exactly, and when amount ≤ Σweights no part exceeds
 * its weight. Ties break by id, not position, so reordering the parts never moves a minor unit.
 */
export function spread(amount: number, parts: readonly { id: number; weight: number }[]): Map<number, number> {
  const result = new Map<number, number>();
  const total = parts.reduce((sum, p) => sum + BigInt(p.weight), 0n);
  if (total === 0n || amount === 0) {
    for (const p of parts) result.set(p.id, 0);
    return result;
  }
  const big = BigInt(amount);
  let given = 0n;
  const remainders: { id: number; remainder: bigint }[] = [];
  for (const p of parts) {
    const product = big * BigInt(p.weight);
    const share = product / total;
    given += share;
    result.set(p.id, Number(share));
    remainders.push({ id: p.id, remainder: product % total });
  }
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.id - b.id : a.remainder > b.remainder ? -1 : 1));
  for (let i = 0; i < Number(big - given); i++) {
    const id = remainders[i]!.id;
    result.set(id, result.get(id)! + 1);
  }
  return result;
}

export function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
