import { Price } from "../price";

/** A wallet's balance, large, with what it is for underneath. */
export function WalletBalance({ label, amount, note }: { label: string; amount: number; note: string }) {
  return (
    <section className="card flex flex-col gap-1 p-5" aria-labelledby="wallet-balance-label" data-testid="wallet-balance">
      <h2 id="wallet-balance-label" className="text-sm text-gray-700">
        {label}
      </h2>
      <p className="text-3xl" data-testid="wallet-balance-amount">
        <Price amount={amount} />
      </p>
      <p className="text-sm text-gray-700">{note}</p>
    </section>
  );
}
