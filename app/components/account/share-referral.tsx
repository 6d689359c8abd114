import { useState } from "react";
import { useT } from "../../i18n/use-t";
import { useHydrated } from "../../lib/use-hydrated";

/**
 * The referral link to pass on. Without JavaScript: the link in a read-only field to select and copy, and a WhatsApp
 * link (a plain link that works anywhere). With it: a Copy button, and Share opens the device's own share sheet where
 * the browser has one (the Web Share API) instead of the WhatsApp link.
 */
export function ShareReferral({ url, message }: { url: string; message: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const [status, setStatus] = useState("");
  const canShare = hydrated && typeof navigator.share === "function";
  const text = `${message} ${url}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setStatus(t("rewards.link_copied"));
    } catch {
      setStatus(t("rewards.copy_failed"));
    }
  }

  async function share() {
    try {
      await navigator.share({ text: message, url });
    } catch {
      // Closing the share sheet rejects too; nothing to tell.
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <label className="flex flex-col gap-1 text-sm text-ink">
        {t("rewards.invite_link")}
        <input
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="rounded-lg border border-gray-300 bg-white px-3 py-2 font-mono text-sm"
          data-testid="referral-link"
        />
      </label>
      <div className="flex flex-wrap gap-2">
        {hydrated ? (
          <button type="button" className="btn-outline" onClick={copy} data-testid="copy-link">
            {t("rewards.copy_link")}
          </button>
        ) : null}
        {canShare ? (
          <button type="button" className="btn-brand" onClick={share} data-testid="share-link">
            {t("rewards.share")}
          </button>
        ) : (
          <a
            href={`https://wa.me/?text=${encodeURIComponent(text)}`}
            className="btn-brand"
            target="_blank"
            rel="noopener noreferrer"
            data-testid="whatsapp-link"
          >
            {t("rewards.share_whatsapp")}
          </a>
        )}
      </div>
      <p className="text-sm text-gray-700" aria-live="polite" data-testid="copy-status">
        {status}
      </p>
    </div>
  );
}
