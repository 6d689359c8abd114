import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";
import { useT } from "../i18n/use-t";

const PLACEMENT = {
  /** From the start edge: the left in a left-to-right page, the right in a right-to-left one (the location drawer). */
  start: "fixed inset-0 flex justify-start",
  /** A sheet from the bottom on a phone, centred on a desktop (the options drawer). */
  sheet: "fixed inset-0 flex items-end justify-center desktop:items-center desktop:p-4",
};

/**
 * A drawer's dialog, backdrop, title and close button (Headless UI traps focus, closes on Escape and gives focus back
 * to what opened it); the drawer fills in the rest.
 */
export function DrawerFrame({
  title,
  subtitle,
  onClose,
  placement,
  panelClassName,
  testId,
  id,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  onClose: () => void;
  placement: keyof typeof PLACEMENT;
  panelClassName: string;
  testId: string;
  id?: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog open onClose={onClose} id={id} className="relative z-50">
      <div className="fixed inset-0 bg-black/50" aria-hidden="true" />
      <div className={PLACEMENT[placement]}>
        <DialogPanel className={panelClassName} data-testid={testId}>
          <div className="mb-3 flex items-start justify-between gap-4">
            <div>
              <DialogTitle className="text-lg font-semibold text-ink">{title}</DialogTitle>
              {subtitle}
            </div>
            <button type="button" onClick={onClose} className="btn px-2 text-xl leading-none" aria-label={t("common.close")}>
              ×
            </button>
          </div>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
