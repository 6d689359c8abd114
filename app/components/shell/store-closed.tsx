import { useT } from "../../i18n/use-t";
import { IMAGE_SLOTS } from "../../lib/image-sources";
import type { StoreInfo } from "../../route-data";
import { StoreImage } from "../store-image";

export function StoreClosed({ store }: { store: StoreInfo }) {
  const t = useT();
  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex min-h-screen flex-col items-center justify-center gap-6 px-6 text-center"
      data-testid="store-closed"
    >
      {store.logo ? (
        <StoreImage
          src={store.logo}
          alt={store.name}
          shownAt={IMAGE_SLOTS.closedLogo}
          width={96}
          height={96}
          className="h-24 w-24 rounded-2xl"
        />
      ) : null}
      <div aria-hidden="true" className="h-16 w-16 animate-bounce rounded-full bg-brand-a20 ring-8 ring-brand-a10" />
      <h1 className="max-w-md text-xl font-semibold text-ink">{t("shell.store_closed")}</h1>
    </main>
  );
}
