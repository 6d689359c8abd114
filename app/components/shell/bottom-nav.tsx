import { NavLink } from "@remix-run/react";
import { useT } from "../../i18n/use-t";
import type { StoreInfo } from "../../route-data";

/** The phone's tab bar; on wide screens the same links sit at the end of the page. */
export function BottomNav({ links }: { links: StoreInfo["bottomNav"] }) {
  const t = useT();
  if (links.length === 0) return null;
  return (
    <nav
      aria-label={t("shell.shortcuts_label")}
      data-testid="bottom-nav"
      className="fixed inset-x-0 bottom-0 z-20 border-t bg-white desktop:static desktop:mt-8 desktop:border-t-0 desktop:bg-transparent"
    >
      <ul className="mx-auto flex max-w-6xl justify-around px-2 py-2 text-sm desktop:justify-center desktop:gap-8">
        {links.map((link) => (
          <li key={link.url}>
            <NavLink
              to={link.url}
              end
              className={({ isActive }) =>
                `block rounded-lg px-3 py-1.5 ${isActive ? "bg-brand-a10 text-brand font-semibold" : "text-gray-600"}`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
