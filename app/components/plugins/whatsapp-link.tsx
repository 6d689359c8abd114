import { useT } from "../../i18n/use-t";

/** The WhatsApp plugin: a floating click-to-chat link (wa.me), no script of WhatsApp's on the page. */
export function WhatsAppLink({ href }: { href: string }) {
  const t = useT();
  return (
    <aside aria-label={t("consent.chat_label")}>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="fixed bottom-20 end-4 z-30 flex h-14 w-14 items-center justify-center rounded-full bg-[#0b7a3e] text-white shadow-lg desktop:bottom-6"
        data-testid="whatsapp-link"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="h-7 w-7 fill-current">
          <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.1l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1-.7.8-.8 1-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.8-1.2 2.2 2.2 0 0 0 .1-1.3c0-.1-.2-.2-.5-.3z" />
        </svg>
        <span className="sr-only">{t("consent.chat_on_whatsapp")}</span>
      </a>
    </aside>
  );
}
