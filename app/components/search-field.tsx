import type { InputHTMLAttributes } from "react";

/** A search box and its Search button side by side, for a GET form whose query is `q`. */
export function SearchField(props: Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "type" | "className">) {
  return (
    <div className="flex gap-2">
      <input
        {...props}
        name="q"
        type="search"
        className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-3 py-2.5 focus:border-brand focus:outline-none"
      />
      <button type="submit" className="btn-brand">
        Search
      </button>
    </div>
  );
}
