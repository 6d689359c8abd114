import type { InputHTMLAttributes } from "react";
import { useT } from "../i18n/use-t";
import { ProductSearchInput } from "./product-search-input";

const boxClass = "min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-3 py-2.5 focus:border-brand focus:outline-none";

/**
 * A search box and its Search button side by side, for a GET form whose query is `q`. A product search (`products`)
 * suggests products and categories while typing once JavaScript is on (product-search-input.tsx); any other is a plain
 * box.
 */
export function SearchField({
  products,
  id,
  ...props
}: { products?: boolean; id: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "type" | "className">) {
  const t = useT();
  return (
    <div className="flex gap-2">
      {products ? (
        <ProductSearchInput {...props} id={id} className={boxClass} />
      ) : (
        <input {...props} id={id} name="q" type="search" className={boxClass} />
      )}
      <button type="submit" className="btn-brand">
        {t("shell.search")}
      </button>
    </div>
  );
}
