import { useEffect } from "react";
import { useT } from "../../i18n/use-t";
import { dismissToast, type Toast, useToasts } from "../../state/toasts";

/** Notifications, bottom-left, newest last; announced politely (errors assertively). */
export default function Toasts() {
  const toasts = useToasts();
  return (
    <div className="pointer-events-none fixed bottom-4 start-4 z-60 flex max-w-sm flex-col gap-2" aria-live="polite" data-testid="toasts">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

/** One notification: it hides itself its time after it first shows (spec section 9). */
function ToastItem({ toast }: { toast: Toast }) {
  const t = useT();
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), toast.ms);
    return () => clearTimeout(timer);
  }, [toast.id, toast.ms]);
  return (
    <div
      role={toast.kind === "error" ? "alert" : "status"}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg px-4 py-3 text-sm shadow-lg ${
        toast.kind === "error" ? "bg-red-700 text-white" : "bg-gray-900 text-white"
      }`}
      data-testid="toast"
    >
      <span className="flex-1">{toast.message}</span>
      <button type="button" onClick={() => dismissToast(toast.id)} aria-label={t("shell.dismiss")} className="opacity-70 hover:opacity-100">
        ×
      </button>
    </div>
  );
}
