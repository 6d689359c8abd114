import type { Page } from "../../../worker/catalog/list-products";
import type { WalletEntryAnswer } from "../../../worker/wallet";
import { useT } from "../../i18n/use-t";
import { PagedList } from "../paged-list";
import { WalletEntries } from "./wallet-entries";

/** A wallet's entries a page at a time; the next pages come from the page's own loader, under `entries`. */
export function WalletHistory({
  entries,
  now,
  path,
  emptyText,
  testId,
}: {
  entries: Page<WalletEntryAnswer>;
  now: string;
  /** The page's own address, for the "Load more" link. */
  path: "/account/wallet" | "/account/rewards";
  emptyText: string;
  testId: string;
}) {
  const t = useT();
  return (
    <>
      <h2 className="font-semibold text-ink">{t("wallet.history")}</h2>
      <PagedList
        firstPage={entries}
        dataKey="entries"
        pageHref={(page) => `${path}?page=${page}`}
        emptyText={emptyText}
        testId={testId}
        renderItems={(items) => <WalletEntries entries={items} now={now} />}
      />
    </>
  );
}
